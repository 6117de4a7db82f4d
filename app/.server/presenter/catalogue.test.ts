import { describe, expect, test } from 'vitest'
import { PRESENTER_HOST, presenterHandler, usePresenterServer } from '#tests/msw/presenter.ts'
import { ConfigurationSchema } from '../config/config.ts'
import { ReadCache } from './cache.ts'
import { buildMenu, catalogueApi } from './catalogue.ts'
import { createClient } from './client.ts'
import { type MenuEntry, MenuEntrySchema, searchProducts } from './contract/catalogue.ts'

/** A menu row as the presenter sends it: type and class empty where they do not apply. */
const row = (
	prodCategory: string,
	prodType: string,
	prodClass: string,
	menuDesc: string,
	menuFiles = '',
): MenuEntry => ({ prodCategory, prodType, prodClass, menuDesc, menuFiles })

describe('buildMenu', () => {
	test('builds category → type → class from flat rows', () => {
		const menu = buildMenu([
			row('TIM', '', '', 'Timber', 'timber.jpg'),
			row('TIM', 'PIN', '', 'Pine', 'pine.jpg'),
			row('TIM', 'PIN', 'MGP10', 'MGP10 framing', 'mgp10.jpg'),
			row('TIM', 'PIN', 'TRT', 'Treated pine'),
			row('TIM', 'HWD', '', 'Hardwood'),
			row('HDW', '', '', 'Hardware', 'hardware.jpg'),
			row('HDW', 'NAI', '', 'Nails'),
			row('HDW', 'NAI', 'GAL', 'Galvanised nails', 'gal.png'),
		])
		expect(menu).toEqual([
			{
				id: 'TIM',
				name: 'Timber',
				image: 'timber.jpg',
				types: [
					{
						id: 'PIN',
						name: 'Pine',
						image: 'pine.jpg',
						classes: [
							{ id: 'MGP10', name: 'MGP10 framing', image: 'mgp10.jpg' },
							{ id: 'TRT', name: 'Treated pine', image: '' },
						],
					},
					{ id: 'HWD', name: 'Hardwood', image: '', classes: [] },
				],
			},
			{
				id: 'HDW',
				name: 'Hardware',
				image: 'hardware.jpg',
				types: [
					{
						id: 'NAI',
						name: 'Nails',
						image: '',
						classes: [{ id: 'GAL', name: 'Galvanised nails', image: 'gal.png' }],
					},
				],
			},
		])
	})

	test('keeps the presenter order at every level, even when rows are interleaved', () => {
		const menu = buildMenu([
			row('B', 'B2', 'B2y', 'B2y'),
			row('B', '', '', 'Category B'),
			row('A', 'A1', '', 'A1'),
			row('B', 'B2', '', 'B2'),
			row('A', '', '', 'Category A'),
			row('B', 'B1', '', 'B1'),
			row('B', 'B2', 'B2x', 'B2x'),
			row('B', 'B1', 'B1z', 'B1z'),
		])
		expect(menu.map((c) => c.id)).toEqual(['B', 'A'])
		expect(menu[0]!.types.map((t) => t.id)).toEqual(['B2', 'B1'])
		expect(menu[0]!.types[0]!.classes.map((c) => c.id)).toEqual(['B2y', 'B2x'])
		expect(menu[0]!.types[1]!.classes.map((c) => c.id)).toEqual(['B1z'])
		expect(menu[1]!.types.map((t) => t.id)).toEqual(['A1'])
	})

	test('ignores classes whose type is missing, and types whose category is missing', () => {
		const menu = buildMenu([
			row('TIM', '', '', 'Timber'),
			row('TIM', 'PIN', '', 'Pine'),
			row('TIM', 'PIN', 'MGP10', 'MGP10'),
			row('TIM', 'OAK', 'RED', 'Red oak'),
			row('PLB', 'PIP', '', 'Pipe'),
			row('PLB', 'PIP', 'PVC', 'PVC pipe'),
		])
		expect(menu).toEqual([
			{
				id: 'TIM',
				name: 'Timber',
				image: '',
				types: [
					{
						id: 'PIN',
						name: 'Pine',
						image: '',
						classes: [{ id: 'MGP10', name: 'MGP10', image: '' }],
					},
				],
			},
		])
	})

	test('a type or class with the same code under another parent stays under its own parent', () => {
		const menu = buildMenu([
			row('TIM', '', '', 'Timber'),
			row('TIM', 'STD', '', 'Timber standard'),
			row('TIM', 'STD', 'X', 'Timber X'),
			row('STL', '', '', 'Steel'),
			row('STL', 'STD', '', 'Steel standard'),
			row('STL', 'STD', 'X', 'Steel X'),
		])
		expect(menu[0]!.types).toEqual([
			{
				id: 'STD',
				name: 'Timber standard',
				image: '',
				classes: [{ id: 'X', name: 'Timber X', image: '' }],
			},
		])
		expect(menu[1]!.types).toEqual([
			{
				id: 'STD',
				name: 'Steel standard',
				image: '',
				classes: [{ id: 'X', name: 'Steel X', image: '' }],
			},
		])
	})

	test('rows parsed from the presenter, with type, class and files left out, work the same', () => {
		const rows = [
			{ prodCategory: 'TIM', menuDesc: 'Timber', menuFiles: 'timber.jpg' },
			{ prodCategory: 'TIM', prodType: 'PIN', menuDesc: 'Pine' },
			{ prodCategory: 'TIM', prodType: 'PIN', prodClass: 'TRT', menuDesc: 'Treated' },
		].map((r) => MenuEntrySchema.parse(r))
		expect(buildMenu(rows)).toEqual([
			{
				id: 'TIM',
				name: 'Timber',
				image: 'timber.jpg',
				types: [
					{
						id: 'PIN',
						name: 'Pine',
						image: '',
						classes: [{ id: 'TRT', name: 'Treated', image: '' }],
					},
				],
			},
		])
	})

	test('no rows, no menu', () => {
		expect(buildMenu([])).toEqual([])
	})

	test('a category without types has an empty type list', () => {
		expect(buildMenu([row('SND', '', '', 'Sundries', 'sundries.svg')])).toEqual([
			{ id: 'SND', name: 'Sundries', image: 'sundries.svg', types: [] },
		])
	})
})

describe('searchProducts', () => {
	const { server } = usePresenterServer()
	const catalogue = catalogueApi({
		client: createClient({
			host: PRESENTER_HOST,
			contextId: 'session-A',
			scope: 'session-A',
			timeoutMs: 1_000,
			cache: new ReadCache(),
		}),
		config: ConfigurationSchema.parse({
			endpointUrl: PRESENTER_HOST,
			device_id: 'dev-1',
			company_id: '7',
		}),
		identity: { sessionId: 'session-A', username: 'jo', customerId: 42 },
	})
	const product = (productID: string, productShortDesc: string) => ({
		productID,
		productShortDesc,
		stockStatus: 'InStock',
		RRP: 1,
		TradePrice: 1,
		BestPrice: 1,
		customerPrice: 1,
		UOMList: [{ UOM: 'M' }],
		isTally: true,
	})

	test('lists whole-word matches first, then by name, whatever order the presenter sends', async () => {
		server.use(
			presenterHandler(searchProducts, () => ({
				dataset: {
					ProductList: [
						product('T3', 'Pine 190x45 Framing'),
						product('T1', 'Pine 90x45 T2 Framing'),
						product('T4', 'H2F Pine 190x45 Framing'),
						product('T2', 'Pine 90x45 Framing'),
					],
				},
			})),
		)
		const { products } = await catalogue.searchProducts('90x45 pine', false)
		expect(products.map((p) => p.productID)).toEqual(['T2', 'T1', 'T4', 'T3'])
	})
})
