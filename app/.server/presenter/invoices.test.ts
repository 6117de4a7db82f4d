import { describe, expect, test } from 'vitest'
import {
	errorReply,
	PRESENTER_HOST,
	presenterFailure,
	presenterHandler,
	QUEUED_MESSAGE,
	usePresenterServer,
} from '#tests/msw/presenter.ts'
import { ConfigurationSchema } from '../config/config.ts'
import { ReadCache } from './cache.ts'
import { createClient } from './client.ts'
import { emailTransactions, getCustomerInvoices } from './contract/invoices.ts'
import { invoicesApi } from './invoices.ts'

const { server, requests } = usePresenterServer()

const config = ConfigurationSchema.parse({
	endpointUrl: PRESENTER_HOST,
	device_id: 'dev-1',
	company_id: '7',
})
const invoices = invoicesApi({
	client: createClient({
		host: PRESENTER_HOST,
		contextId: 'session-A',
		scope: 'session-A',
		timeoutMs: 1_000,
		cache: new ReadCache(),
	}),
	config,
	identity: { sessionId: 'session-A', username: 'jo', customerId: 42 },
})
const recipient = [{ email_address: 'jo@example.com' }]
const selection = [
	{ number: 604180, suffix: 0 },
	{ number: 604181, suffix: 1 },
]

describe('invoices.email (emailTransactions)', () => {
	test('sends the selection as the bulk email payload and answers the message', async () => {
		let sent: unknown
		server.use(
			presenterHandler(emailTransactions, ({ payload }) => {
				sent = payload
				return { msg: "Invoice's sent successfully" }
			}),
		)
		await expect(invoices.email(selection, recipient, 'pdf')).resolves.toBe(
			"Invoice's sent successfully",
		)
		expect(sent).toEqual({
			device: 'dev-1',
			typedoc: 'Invoice',
			format: 'pdf',
			emailDetails: [
				{
					email_address: 'jo@example.com',
					email_address_cc: '',
					email_address_bcc: '',
					email_subject: '',
					email_message: '',
				},
			],
			transactionList: [
				{ id_company: '7', id_customer: 42, num_tran: 604180, num_suffix: 0 },
				{ id_company: '7', id_customer: 42, num_tran: 604181, num_suffix: 1 },
			],
		})
	})

	test('a queued reply is an empty result, not an error', async () => {
		server.use(presenterHandler(emailTransactions, () => errorReply(QUEUED_MESSAGE)))
		await expect(invoices.email(selection, recipient, 'pdf')).resolves.toBeNull()
		// A mutation: sent once, never retried.
		expect(requests).toHaveLength(1)
	})

	test('any other failure is rethrown', async () => {
		server.use(
			presenterHandler(emailTransactions, () =>
				errorReply('No matching records found for invoice 604180-0'),
			),
		)
		const error = await presenterFailure(invoices.email(selection, recipient, 'pdf'))
		expect(error.kind).toBe('no-records')
	})
})

describe('invoices.list', () => {
	test('asks for the date range and reads InvoiceTP', async () => {
		let sent: unknown
		server.use(
			presenterHandler(getCustomerInvoices, ({ payload }) => {
				sent = payload
				return {
					dataset: {
						InvoiceTP: [
							{
								transactionNumber: 604180,
								transactionSuffix: 0,
								invoiceDate: '2026-09-01',
								branchID: 1,
								transactionAmount: '12.50',
							},
						],
					},
				}
			}),
		)
		const rows = await invoices.list({ from: '2026-08-20', to: '' })
		expect(sent).toEqual({
			customerID: 42,
			deviceID: 'dev-1',
			fromDate: '2026-08-20',
			toDate: '',
			userName: 'jo',
		})
		expect(rows).toEqual([
			expect.objectContaining({
				transactionNumber: 604180,
				transactionAmount: 1250,
				userComment: '',
			}),
		])
	})
})
