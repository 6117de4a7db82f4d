import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { INVOICE_INTENTS } from './intents.ts'
import { EmailInvoicesFields, InvoiceCommentSchema, InvoiceRef } from './invoices.forms.ts'
import { INVOICES_LIST } from './lists.ts'
import { getSession, startCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { formError, invalid, presenterFailure, parseForm } from '#app/.server/request/forms.ts'
import { readListState, rowsOnce, type ListRow } from '#app/.server/catalogue/list.ts'
import { MAX_BULK_INVOICES } from '#app/.server/presenter/contract/invoices.ts'
import { EmailFormatSchema } from '#app/.server/presenter/contract/transactions.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { mailLimit, mailRefusalMessage } from '#app/.server/guard/send-limits.ts'
import { idsOfJob, jobFilter } from '#app/.server/jobs/index.ts'

export type InvoiceColumn = (typeof INVOICES_LIST)['columns'][number]['key']

const refParts = (ref: string) => {
	const [number, suffix] = ref.split('-').map(Number) as [number, number]
	return { number, suffix }
}

/**
 * The selected invoices (`sel`, repeated) of a URL: well-formed references only, each once, at most
 * as many as one bulk email may send.
 */
export function readSelection(url: URL) {
	const refs = url.searchParams.getAll('sel').filter((s) => InvoiceRef.safeParse(s).success)
	return [...new Set(refs)].slice(0, MAX_BULK_INVOICES)
}

/**
 * The customer's invoices within the list's date range as list rows (one presenter round: the
 * invoices and the branch names), with the list's state, its job filter included (the customer's
 * jobs are read first, a local read). The page and its CSV export both use it.
 */
export async function loadInvoices(context: Readonly<RouterContextProvider>, url: URL) {
	const { presenter, identity, ...customer } = startCustomer(context)
	const jobs = await jobFilter(identity.customerId)
	const list = await readListState(
		INVOICES_LIST,
		url,
		identity.username,
		undefined,
		// Offered only to a customer with jobs: no filter's state on the page of one without.
		jobs.jobs.length ? { job: jobs.values } : {},
	)
	const range = list.state.dates ?? { from: '', to: '' }
	const [invoices, branches, settings] = await Promise.all([
		presenter.invoices.list(range),
		presenter.transactions.getBranches(),
		customer.settings,
	]).catch(toRouteError)
	const { locale, currency } = settings
	const rows = rowsOnce([invoices, branches], `${locale}|${currency}`, () => {
		const branchName = new Map(branches.map((b) => [b.branchID, b.branchName]))
		const shown = displayFormat(settings)
		return invoices.map((i): ListRow<InvoiceColumn> => ({
			id: `${i.transactionNumber}-${i.transactionSuffix}`,
			href: `/invoices/${i.transactionNumber}-${i.transactionSuffix}`,
			cells: {
				transactionNumber: `${i.transactionNumber}-${i.transactionSuffix}`,
				transactionType: i.transactionType,
				invoiceDate: shown.date(i.invoiceDate),
				// Branch shows the name, falling back to the id.
				branchID: branchName.get(i.branchID) ?? String(i.branchID),
				customerOrderNumber: i.customerOrderNumber,
				shipAddress1: i.shipAddress1,
				jobName: i.jobName || '-',
				// The whole comment: the page shows a preview, search and CSV the full text.
				userComment: i.userComment,
				transactionAmount: shown.money(i.transactionAmount),
			},
			sortKeys: {
				transactionNumber: i.transactionNumber * 1000 + i.transactionSuffix,
				invoiceDate: i.invoiceDate,
				transactionAmount: i.transactionAmount,
			},
			searchText: `${i.deliveryDate} ${shown.date(i.deliveryDate)}`,
		}))
	})
	// The job filter: the rows whose Order Ref or Job Name is the job's (decision 067).
	const job = list.state.filters.job
	const ofJob =
		job &&
		idsOfJob(invoices, (i) => `${i.transactionNumber}-${i.transactionSuffix}`, job, jobs.jobs)
	return {
		list,
		rows: ofJob ? rows.filter((r) => ofJob.has(r.id)) : rows,
		pageSize: settings.pagesize,
		/** The job filter's choices. */
		jobs: jobs.options,
	}
}

/** The format is named by the presenter's contract; the selection is the page's. */
export const EmailInvoicesSchema = EmailInvoicesFields.extend({
	format: EmailFormatSchema.default('pdf'),
	sel: z
		.array(InvoiceRef, { error: 'Select at least one invoice' })
		.min(1, 'Select at least one invoice')
		.max(MAX_BULK_INVOICES, `Select at most ${MAX_BULK_INVOICES} invoices`),
})
const InvoicesIntentSchema = z.discriminatedUnion('intent', [
	EmailInvoicesSchema,
	InvoiceCommentSchema,
])

/**
 * The invoices list's actions: email the selected invoices (the selection is cleared afterwards),
 * and save an invoice's comment. Both go back to the list as it was, with a flash message.
 */
export async function invoicesAction(request: Request, context: Readonly<RouterContextProvider>) {
	const { presenter, identity } = startCustomer(context)
	const url = pageUrl(request)
	const submission = await parseForm(request, InvoicesIntentSchema, {
		maxFields: MAX_BULK_INVOICES + 20,
	})
	if (submission.status !== 'success') {
		if (submission.error?.intent) throw data('Unknown action', { status: 400 })
		return invalid(submission)
	}
	const value = submission.value
	const back = (message: string, drop: string[]) => {
		for (const name of drop) url.searchParams.delete(name)
		getSession(context).flash({ type: 'success', message })
		return redirect(url.pathname + url.search)
	}
	try {
		if (value.intent === INVOICE_INTENTS.email) {
			// A queued reply (null) is a success too: the presenter sends the email once generated.
			// One email to one address, however many invoices it carries.
			const sent = await mailLimit.run(identity, 1, () =>
				presenter.invoices.email(
					value.sel.map(refParts),
					[{ email_address: value.emailAddress }],
					value.format,
				),
			)
			if (sent.refused) return formError(submission, mailRefusalMessage(sent), 429)
			return back("Invoice's sent successfully", ['sel', 'dialog'])
		}
		await presenter.transactions.saveComment(refParts(value.invoice), value.userComment)
		return back('Comment saved successfully', ['comment'])
	} catch (error) {
		return presenterFailure(submission, error, 'Something went wrong.')
	}
}
