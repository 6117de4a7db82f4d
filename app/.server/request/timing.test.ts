import { expect, test } from 'vitest'
import {
	offCriticalPath,
	recordTiming,
	roundTripDepths,
	serverTimingHeader,
	withRequestStore,
} from './timing.ts'

const call = (name: string, start: number, end: number, cached = false) => ({
	name,
	start,
	end,
	cached,
})

test('parallel calls share a depth; a call started after another ended is one deeper', () => {
	const check = call('getStates', 0, 10)
	const settings = call('getSettings', 1, 8)
	const cart = call('getCart', 11, 20)
	const products = call('getProducts', 12, 30)
	const price = call('getPrices', 31, 40)
	const depths = roundTripDepths([price, products, cart, settings, check])
	expect([check, settings, cart, products, price].map((c) => depths.get(c))).toEqual([
		1, 1, 2, 2, 3,
	])
})

test('cached answers make no round trip', () => {
	const check = call('getStates', 0, 10)
	const menu = call('getMenu', 11, 11.1, true)
	const depths = roundTripDepths([check, menu])
	expect(depths.get(menu)).toBeUndefined()
	expect(depths.get(check)).toBe(1)
})

test('the header names each call with its depth', async () => {
	const header = await withRequestStore(async () => {
		recordTiming('getStates', 5, false)
		recordTiming('getSettings', 0.1, true)
		await new Promise((resolve) => setTimeout(resolve, 2))
		recordTiming('getCart', 1, false)
		return serverTimingHeader()
	})
	expect(header).toMatch(
		/^p0;desc="getStates";dur=5\.0;depth=1, p1;desc="getSettings \(cached\)";dur=0\.1, p2;desc="getCart";dur=1\.0;depth=2$/,
	)
})

test('deferred work is reported without a depth', async () => {
	const header = await withRequestStore(async () => {
		recordTiming('getState', 1, false)
		await new Promise((resolve) => setTimeout(resolve, 2))
		await offCriticalPath(async () => recordTiming('getCustomerTransactions', 1, false))
		return serverTimingHeader()
	})
	expect(header).toMatch(
		/^p0;desc="getState";dur=1\.0;depth=1, p1;desc="getCustomerTransactions \(deferred\)";dur=1\.0$/,
	)
})
