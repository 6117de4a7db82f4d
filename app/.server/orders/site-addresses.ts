import pLimit from 'p-limit'
import { LINE_CONCURRENCY } from '../cart/add-lines.ts'
import { type OrderRow, type TransactionDetail } from '../presenter/contract/transactions.ts'
import { type Presenter } from '../presenter/index.ts'

/** A delivery address as the checkout form takes it. */
export type SiteAddress = { address: string; suburb: string; state: string; postcode: string }

/** How many previous addresses the checkout offers, and how many orders it reads to find them. */
const MAX_ADDRESSES = 10
const MAX_ORDERS_READ = 15

/**
 * A transaction's delivery address: street, suburb, and 'STATE POSTCODE' in its three ship lines.
 * Pickups and anything else without a known state and a postcode are no site address.
 */
export function siteAddressOf(
	detail: Pick<TransactionDetail, 'shipAddress1' | 'shipAddress2' | 'shipAddress3'>,
	states: string[],
): SiteAddress | null {
	const match = /^([A-Za-z]{2,3})\s+(\d{4,5})$/.exec(detail.shipAddress3.trim())
	const state = match && states.find((s) => s.toUpperCase() === match[1]!.toUpperCase())
	const address = detail.shipAddress1.trim()
	const suburb = detail.shipAddress2.trim()
	if (!state || !address || !suburb) return null
	return { address, suburb, state, postcode: match[2]! }
}

/** One address, however it was capitalised or spaced: the select's value. */
export function siteAddressKey(a: SiteAddress) {
	return [a.address, a.suburb, a.state, a.postcode]
		.map((p) => p.toLowerCase().replace(/\s+/g, ' '))
		.join('|')
}

/** Order numbers are given in sequence: the highest is the most recent order. */
const newestFirst = (a: OrderRow, b: OrderRow) =>
	b.transactionNumber - a.transactionNumber || b.transactionSuffix - a.transactionSuffix

/**
 * The customer's previous delivery addresses, most recent order first, each once. The order list
 * has only the street, so the newest orders with distinct streets are read in full (in parallel,
 * bounded) for suburb, state and postcode.
 */
export async function loadSiteAddresses(presenter: Presenter) {
	const [list, stateList] = await Promise.all([
		presenter.transactions.listOrders(),
		presenter.auth.getStates(),
	])
	const states = stateList.map((s) => s.stateID)
	const orders = list
		.filter((o) => o.transactionType === 'Order' && o.shipAddress1.trim())
		.sort(newestFirst)
	const streets = new Set<string>()
	const candidates = orders.filter((o) => {
		const street = o.shipAddress1.trim().toLowerCase()
		if (streets.has(street)) return false
		streets.add(street)
		return true
	})
	const limit = pLimit(LINE_CONCURRENCY)
	const details = await Promise.all(
		candidates
			.slice(0, MAX_ORDERS_READ)
			.map((o) =>
				limit(() => presenter.transactions.get(o.transactionNumber, o.transactionSuffix)),
			),
	)
	const addresses = new Map<string, SiteAddress>()
	for (const detail of details) {
		const address = detail && siteAddressOf(detail, states)
		if (address && !addresses.has(siteAddressKey(address)))
			addresses.set(siteAddressKey(address), address)
	}
	return [...addresses].slice(0, MAX_ADDRESSES).map(([key, address]) => ({ key, ...address }))
}
