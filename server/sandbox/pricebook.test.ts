import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import * as pricebook from '#app/.server/presenter/contract/pricebook.ts'
import { CUSTOMER, fails, useSandbox, type Username } from './test-harness.ts'

/** Noon in Sydney on the seed's 'today' (Friday 20 November 2026). */
const NOW = new Date('2026-11-20T01:00:00Z')
const sandbox = useSandbox({ now: () => NOW })
const { call } = sandbox

const get = (username: Username = 'demo') =>
	call(
		pricebook.getPriceBook,
		{ customerID: CUSTOMER[username], tradePortalUser: username },
		username,
	).then((r) => r.dataset.PriceBook[0]!)

type Email = {
	to_address: string
	from_address: string
	reply_to: string
	subject: string
	body: string
	attachments: Array<{ filename: string; contentType: string; content: string }>
}
const outbox = () => sandbox.control<{ emails: Email[] }>('/outbox').then((r) => r.emails)

describe('price book', () => {
	test('the demo customer has a configuration and at least 20 history rows, newest first', async () => {
		const book = await get()
		expect(book).toMatchObject({
			frequencyPricebook: 'W',
			typePricebook: 'I',
			deliveryFormat: '2',
			recipient: 'pricing@harbourcityconstructions.com.au',
			lastDateCalculated: '2026-11-16',
			showNewProductCodes: true,
			isRequiredQuarterly: true,
		})
		expect(book.PriceBookHistory.length).toBeGreaterThanOrEqual(20)
		const dates = book.PriceBookHistory.map((h) => h.dateGenerated)
		expect(dates).toEqual([...dates].sort().reverse())
		// A full price book starts each quarter.
		expect(
			book.PriceBookHistory.find((h) => h.dateGenerated.startsWith('2026-10-05'))?.typeGenerated,
		).toBe('F')
	})

	test('the on-hold customer has none: the no-price-book message', async () => {
		const error = await fails(get('onhold'), 'no-price-book')
		expect(error.message).toBe('No price book extract has been set up for you')
		await fails(
			call(pricebook.requestNewPriceBook, { tradePortalUser: 'onhold', deviceID: '' }, 'onhold'),
			'no-price-book',
		)
	})

	test('a new price book is recorded and emailed with the file', async () => {
		const before = (await get()).PriceBookHistory.length
		const reply = await call(pricebook.requestNewPriceBook, {
			tradePortalUser: 'demo',
			deviceID: '',
		})
		expect(reply.requestNewPriceBookStatus.map((s) => s.Status)).toEqual([
			'Price book request received',
			'Your Incremental Download price book has been emailed to pricing@harbourcityconstructions.com.au',
		])
		const book = await get()
		expect(book.PriceBookHistory).toHaveLength(before + 1)
		expect(book.PriceBookHistory[0]!.dateGenerated).toBe('2026-11-20T12:00:00')
		expect(book.lastDateCalculated).toBe('2026-11-20')
		const email = (await outbox()).at(-1)!
		expect(email.to_address).toBe('pricing@harbourcityconstructions.com.au')
		const [file] = email.attachments
		expect(file!.filename).toBe('pricebook-10001-20261120.csv')
		expect(Buffer.from(file!.content, 'base64').toString()).toMatch(
			/^SKU,Description,Unit,Price ex GST/,
		)
	})

	test('resending sends each chosen price book again; another customer’s ids are refused', async () => {
		const [a, , c] = (await get()).PriceBookHistory
		const sent = (await outbox()).length
		const reply = await call(pricebook.resendPriceBook, {
			tradePortalUser: 'demo',
			deviceID: '',
			historyIDs: `${a!.historyID} ${c!.historyID}`,
		})
		expect(reply.resendPriceBookResponse).toHaveLength(2)
		expect(reply.resendPriceBookResponse[1]!.Status).toMatch(
			/^Price book of \d\d\/\d\d\/2026 resent to /,
		)
		const emails = (await outbox()).slice(sent)
		expect(emails.map((e) => e.to_address)).toEqual([a!.sentRecipient, c!.sentRecipient])

		const theirs = sandbox.one('SELECT historyID FROM pricebook_history WHERE id_cust = 10003')
		await fails(
			call(pricebook.resendPriceBook, {
				tradePortalUser: 'demo',
				deviceID: '',
				historyIDs: String(theirs.historyID),
			}),
			'field',
			'historyIDs',
		)
	})

	test('a zipped price book is gzipped; a change request goes to the support address', async () => {
		sandbox.db.prepare("UPDATE pricebooks SET zipped = 1, format = '1' WHERE id_cust = 10001").run()
		await call(pricebook.requestNewPriceBook, { tradePortalUser: 'demo', deviceID: '' })
		const [file] = (await outbox()).at(-1)!.attachments
		expect(file!.filename).toMatch(/\.txt\.gz$/)
		expect(gunzipSync(Buffer.from(file!.content, 'base64')).toString()).toMatch(/^SKU\tDescription/)

		const reply = await call(pricebook.sendPriceBookInfoChanges, {
			tradePortalUser: 'demo',
			deviceID: '',
			deliveryFormat: '2',
			isPricebookZipped: false,
			isRequiredQuarterly: true,
			showCoreProductsOnly: false,
			showNewProductCodes: true,
			emailText: 'Please send it on Mondays.',
			frequency: 'M',
			recipient: 'pricing@harbourcityconstructions.com.au',
			supportEmailAddress: 'trade.support@southerncrossbuilding.com.au',
			type: 'F',
		})
		expect(reply.SendPriceBookResponse.map((s) => s.Status).join('. ')).toBe(
			'Change request sent to trade.support@southerncrossbuilding.com.au. Your price book settings will be updated within 2 business days',
		)
		const email = (await outbox()).at(-1)!
		expect(email.to_address).toBe('trade.support@southerncrossbuilding.com.au')
		// From the supplier's own address (not the typed recipient); replies go to the requester.
		expect(email.from_address).toBe('trade@southerncrossbuilding.com.au')
		expect(email.reply_to).toBe('sarah.mitchell@harbourcityconstructions.com.au')
		expect(email.body).toContain('Frequency: Monthly')
		expect(email.body).toContain('Please send it on Mondays.')
		await fails(
			call(pricebook.requestNewPriceBook, { tradePortalUser: 'tbaker', deviceID: '' }),
			'field',
			'tradePortalUser',
		)
	})
})
