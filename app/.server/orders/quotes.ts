import { data } from 'react-router'
import { LOCKS, withLock } from '../store/locks.ts'
import { type TransactionDetail } from '../presenter/contract/transactions.ts'
import { sendQuoteForApproval } from './approvals.ts'
import { limitRules, needsApproval, recordPurchase } from './limits.ts'
import { presenterFailed, type BuyResult, type Shopper } from './result.ts'
import { approvalReason } from '#app/utils/approvals.ts'
import { ZERO } from '#app/utils/money.ts'

/** Why an Accept sent nothing: the button pressed no longer fits the user's limits. */
export const QUOTE_NOW_NEEDS_APPROVAL =
	'Nothing was sent: accepting this quote now needs an administrator’s approval. Check the reason, then press Send for approval.'
export const QUOTE_NO_LONGER_NEEDS_APPROVAL =
	'Nothing was sent: accepting this quote no longer needs approval. Press Accept.'

/** What accepting a quote costs: its total inc. GST, in cents. */
const totalOf = (quote: TransactionDetail) => quote.transactionTotalAmountIncGST

/**
 * Why accepting this quote would need an administrator's approval (the page says it before
 * Accept, and offers 'Send for approval' instead), or null.
 */
export async function acceptanceNeedsApproval(shopper: Shopper, quote: TransactionDetail) {
	const { presenter, identity, settings } = shopper
	const user = await presenter.users.getDetails()
	const rules = await limitRules(presenter, identity, user)
	return approvalReason(rules, totalOf(quote), settings)
}

/**
 * Accepting a quote is buying: under the user's lock, the quote's total against their limits
 * and their month (read afresh), as checkout applies them to an order. Within them the quote is
 * accepted and counted; past them it is sent for an administrator's approval, when that is the
 * button the customer pressed (otherwise nothing is sent, and the page shows why).
 */
export function acceptQuote(
	shopper: Shopper,
	ref: { number: number; suffix: number },
	form: { deliveryDate: string; comment: string; pressed: 'Accept' | 'Approval' },
): Promise<BuyResult> {
	const { presenter, identity, settings } = shopper
	return withLock(LOCKS.user(identity.customerId, identity.username), async () => {
		try {
			const [user, quote] = await Promise.all([
				presenter.users.getDetails({ fresh: true }),
				presenter.transactions.get(ref.number, ref.suffix),
			])
			if (!quote || quote.transactionType !== 'Quote') throw data('Not Found', { status: 404 })
			const total = totalOf(quote)
			const need = await needsApproval(presenter, identity, user, total, settings)
			if (Boolean(need) !== (form.pressed === 'Approval'))
				return {
					kind: 'limits-changed',
					message: need ? QUOTE_NOW_NEEDS_APPROVAL : QUOTE_NO_LONGER_NEEDS_APPROVAL,
				}
			if (need) {
				await sendQuoteForApproval(shopper, {
					user,
					total,
					snapshot: {
						money: 'cents',
						...need,
						lines: quote.LineDetailsTP.map((l) => ({
							productID: l.productCode,
							description: l.productDesc,
							uom: l.unitOfMeasure,
							quantity: l.quantity,
							unitPrice: l.unitPrice,
							unitGST: ZERO,
							tally: [],
						})),
						totals: settings.hide_finalise_price
							? null
							: {
									subtotal: quote.transactionTotalAmountExcGST,
									gst: quote.transactionTotalGST,
									total: quote.transactionTotalAmountIncGST,
									unpriced: 0,
								},
						taxInclusive: false,
						quote: { ...ref, deliveryDate: form.deliveryDate, comment: form.comment },
					},
				})
				return { kind: 'sent-for-approval', reason: need.reason }
			}
			await presenter.transactions.acceptQuote(ref, user.id_user, form.deliveryDate, form.comment)
			await recordPurchase(identity, ref.number, total)
			return { kind: 'accepted', number: ref.number }
		} catch (error) {
			// Anything but the presenter's failure (the 404 above) is thrown on.
			return presenterFailed(error, 'Unable to make request')
		}
	})
}
