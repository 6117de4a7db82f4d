import { data } from 'react-router'
import { z } from 'zod'
import { type Settings } from '#app/.server/presenter/config.ts'
import { isPresenterError, type Presenter } from '#app/.server/presenter/index.ts'
import { type DisplayFormat } from '#app/.server/display/format.ts'
import { ZERO, type Cents } from '#app/utils/money.ts'

/** Any provider value other than windriver behaves as windcave. */
export function paymentProvider(settings: Settings) {
	return settings.payment_provider.trim().toLowerCase() === 'windriver' ? 'windriver' : 'windcave'
}

/** Pay Account is refused, not only hidden, under pay_account_button_disabled. */
export function requirePayAccount(settings: Settings) {
	if (settings.pay_account_button_disabled)
		throw data('Pay Account is not available for this account', { status: 403 })
}

/** What the pay page offers: the amount, the reference and what is being paid. */
export type Prefill = { amount: Cents; reference: string; note: string | null }

/** What a prefill offers of an amount: never below 0. */
const payable = (amount: Cents) => (amount > 0 ? amount : ZERO)

const Query = z.object({
	statementId: z
		.string()
		.regex(/^\d{4}-\d{2}-\d{2}$/)
		.optional()
		.catch(undefined),
	invoiceId: z.coerce.number().int().positive().optional().catch(undefined),
	suffix: z.coerce.number().int().min(0).catch(0).default(0),
})

/** The statement's due balance, or null when there is no such statement or it cannot be read. */
async function statementDueBalance(presenter: Presenter, statementDate: string) {
	try {
		return (await presenter.statements.get(statementDate)).statement.dueBalance
	} catch (error) {
		if (isPresenterError(error)) return null
		throw error
	}
}

/**
 * The prefill from the query: a statement's due balance noted
 * 'Statement {date}' (the date as the customer's locale writes it), an invoice's total incl. tax
 * noted 'Invoice {number}', otherwise the overdue
 * balance (never below 0). The reference is {customerId}-{number}-{suffix}, or {customerId}-0-0.
 * `overdue` is awaited only when it is needed, so the caller reads it in parallel with this.
 */
export async function readPrefill(
	presenter: Presenter,
	searchParams: URLSearchParams,
	customerId: number,
	overdue: Promise<Cents>,
	shown: DisplayFormat,
): Promise<Prefill> {
	const query = Query.parse(Object.fromEntries(searchParams))
	const reference = `${customerId}-0-0`
	if (query.invoiceId) {
		const invoice = await presenter.transactions
			.get(query.invoiceId, query.suffix)
			.catch((error: unknown) => {
				// An invoice that is not theirs or does not exist just does not prefill.
				if (isPresenterError(error) && error.kind !== 'transport') return null
				throw error
			})
		if (invoice?.transactionType === 'Invoice') {
			return {
				amount: payable(invoice.transactionTotalAmountIncGST),
				reference: `${customerId}-${invoice.transactionNumber}-${invoice.transactionSuffix}`,
				note: `Invoice ${invoice.transactionNumber}`,
			}
		}
	}
	if (query.statementId) {
		const due = await statementDueBalance(presenter, query.statementId)
		if (due !== null) {
			const date = shown.date(query.statementId)
			return { amount: payable(due), reference, note: `Statement ${date}` }
		}
	}
	return { amount: payable(await overdue), reference, note: null }
}
