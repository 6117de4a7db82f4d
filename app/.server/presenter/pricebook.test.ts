import { describe, expect, test } from 'vitest'
import { type z } from 'zod'
import {
	errorReply,
	PRESENTER_HOST,
	presenterFailure,
	presenterHandler,
	usePresenterServer,
} from '#tests/msw/presenter.ts'
import { ConfigurationSchema } from '../config/config.ts'
import { ReadCache } from './cache.ts'
import { createClient } from './client.ts'
import * as contract from './contract/pricebook.ts'
import { pricebookApi } from './pricebook.ts'

const { server, requests } = usePresenterServer()

function api() {
	const client = createClient({
		host: PRESENTER_HOST,
		contextId: 'session-A',
		scope: 'session-A',
		timeoutMs: 1_000,
		cache: new ReadCache(),
	})
	const config = ConfigurationSchema.parse({
		endpointUrl: PRESENTER_HOST,
		device_id: 'dev-1',
		company_id: '1',
	})
	return pricebookApi({
		client,
		config,
		identity: { sessionId: 'session-A', username: 'jo', customerId: 42 },
	})
}

const BOOK: z.input<typeof contract.PriceBookSchema> = {
	PriceBookHistory: [
		{
			historyID: 7,
			dateGenerated: '2026-11-16T19:30:00Z',
			typeGenerated: 'I',
			formatGenerated: 2,
			sentRecipient: 'jo@example.com',
			newCodesGenerated: 'Y',
			coreProductsGenerated: 0,
		},
	],
	frequencyPricebook: 'W',
	typePricebook: 'I',
	deliveryFormat: 2,
	recipient: 'jo@example.com',
	lastDateCalculated: '2026-11-16',
	showNewProductCodes: 1,
	showCoreProductsOnly: false,
	isRequiredQuarterly: 'N',
	isPricebookZipped: true,
}

describe('price book client', () => {
	test('reads the first price book, formats and booleans as the presenter sends them', async () => {
		server.use(presenterHandler(contract.getPriceBook, () => ({ dataset: { PriceBook: [BOOK] } })))
		const { priceBook, message } = await api().get()
		expect(message).toBeNull()
		expect(priceBook).toMatchObject({
			deliveryFormat: '2',
			showNewProductCodes: true,
			isRequiredQuarterly: false,
			PriceBookHistory: [{ historyID: 7, formatGenerated: '2', newCodesGenerated: true }],
		})
	})

	test('no price book: an empty result with the presenter’s message', async () => {
		server.use(
			presenterHandler(contract.getPriceBook, () =>
				errorReply('No price book extract has been set up for you'),
			),
		)
		expect(await api().get()).toEqual({
			priceBook: null,
			message: 'No price book extract has been set up for you',
		})
	})

	test('resend sends the ids joined by spaces and an empty device id; other errors go through', async () => {
		const sent: unknown[] = []
		server.use(
			presenterHandler(contract.resendPriceBook, ({ payload }) => {
				sent.push(payload)
				const ids = payload.historyIDs.split(' ')
				return { resendPriceBookResponse: ids.map((id) => ({ Status: `Sent ${id}` })) }
			}),
		)
		expect(await api().resend('jo', [7, 9, 12])).toEqual(['Sent 7', 'Sent 9', 'Sent 12'])
		expect(sent).toEqual([{ tradePortalUser: 'jo', deviceID: '', historyIDs: '7 9 12' }])
		expect(requests).toHaveLength(1)
		server.use(
			presenterHandler(contract.requestNewPriceBook, () =>
				errorReply('Recipient bounced', 'recipient'),
			),
		)
		const error = await presenterFailure(api().requestNew('jo'))
		expect(error.firstMessage).toBe('Recipient bounced')
	})
})
