import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { acceptQuote, keptLengths, statusOf } from '#app/.server/orders/index.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'
import { addedMessage } from '#app/.server/cart/add-lines.ts'
import { copiedNotice, copyAndCompare } from '#app/.server/cart/copy-to-cart.ts'
import { formError, presenterFailure, readForm, unfinished } from '#app/.server/request/forms.ts'
import {
	EmailFormatSchema,
	type TransactionType,
} from '#app/.server/presenter/contract/transactions.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { mailLimit, mailRefusalMessage } from '#app/.server/guard/send-limits.ts'
import {
	changeOutcomes,
	isDeliveryCharge,
	keepOutcomes,
	reorderLines,
	waitingForLengths,
} from '#app/.server/cart/reorder.ts'
import {
	applyTallyPick,
	storedTally,
	tallyFailure,
	TallyLinesSchema,
} from '#app/.server/cart/tally.ts'
import { tallyTotal } from '#app/utils/product.ts'
import {
	acceptSchema,
	CommentSchema,
	CopySchema,
	EmailFields,
	MAX_REORDER_LINES,
	ReorderDismissSchema,
	ReorderSchema,
	RequestChangeSchema,
} from './detail.forms.ts'
import { DETAIL_INTENTS } from './intents.ts'

/** The format is named by the presenter's contract, so it is added here. */
export const EmailSchema = EmailFields.extend({ format: EmailFormatSchema.default('pdf') })

const ReorderTallySchema = z.object({
	intent: z.literal(DETAIL_INTENTS.reorderTally),
	lineNum: z.coerce.number().int(),
	lines: TallyLinesSchema,
})

/** Where a reorder's answer opens: at the lines, or at the one line it was about (reorder-form.tsx). */
const reorderAnchor = (lineNum?: number) =>
	lineNum === undefined ? '#reorder' : `#reorder-${lineNum}`

/** The route path segment of each transaction type. */
export const TYPE_PATHS: Record<TransactionType, string> = {
	Order: 'orders',
	Quote: 'quotes',
	Invoice: 'invoices',
}

/** 'orders/604180-0' → its parts; anything else is not a transaction reference. */
export function parseRef(ref: string | undefined) {
	const match = /^(\d{1,9})-(\d{1,3})$/.exec(ref ?? '')
	if (!match) return null
	return { number: Number(match[1]), suffix: Number(match[2]) }
}

/** The transaction type a page is for, from its path: /orders/…, /quotes/… or /invoices/…. */
export function typeOfRequest(request: Request): TransactionType {
	const segment = pageUrl(request).pathname.split('/')[1]
	const type = (Object.keys(TYPE_PATHS) as TransactionType[]).find((t) => TYPE_PATHS[t] === segment)
	if (!type) throw data('Not Found', { status: 404 })
	return type
}

/** The actions of a transaction type: each exists only where its button does. */
function schemaFor(type: TransactionType, locale: 'en-AU' | 'en-US') {
	return z.discriminatedUnion('intent', [
		EmailSchema,
		...(type === 'Invoice' ? [CommentSchema] : [RequestChangeSchema]),
		...(type === 'Quote' ? [acceptSchema(locale)] : []),
		CopySchema,
		ReorderSchema,
		ReorderTallySchema,
		ReorderDismissSchema,
	])
}

/** The detail page's actions: email, comment, request change, accept, copy to cart. */
export async function detailAction(
	request: Request,
	context: Readonly<RouterContextProvider>,
	refParam: string | undefined,
) {
	const { presenter, settings, cart, identity } = await getCustomer(context)
	const type = typeOfRequest(request)
	const ref = parseRef(refParam)
	if (!ref) throw data('Not Found', { status: 404 })
	const here = `/${TYPE_PATHS[type]}/${ref.number}-${ref.suffix}`
	const formData = await readForm(request, { maxIndex: MAX_REORDER_LINES })
	// A reordered tally's stock-length button without JS.
	applyTallyPick(formData)
	const submission = parseWithZod(formData, { schema: schemaFor(type, settings.locale) })
	if (submission.status !== 'success') {
		if (submission.error?.intent) throw data('Not available for this transaction', { status: 400 })
		// Also a reordered tally's row buttons without JS (conform's list intents).
		return unfinished(submission)
	}
	const value = submission.value
	const done = (message: string) => redirectWithFlash(getSession(context), here, message)
	try {
		switch (value.intent) {
			case DETAIL_INTENTS.email: {
				const sent = await mailLimit.run(identity, 1, () =>
					presenter.transactions.email({ type, ...ref }, value.emailAddress, value.format),
				)
				if (sent.refused) return formError(submission, mailRefusalMessage(sent), 429)
				return done(`${type} sent successfully`)
			}
			case DETAIL_INTENTS.comment:
				await presenter.transactions.saveComment(ref, value.userComment)
				return done('Comment saved successfully')
			case DETAIL_INTENTS.requestChange: {
				const user = await presenter.users.getDetails()
				const sent = await mailLimit.run(identity, 1, () =>
					presenter.transactions.requestChange(
						ref,
						{ userId: user.id_user, email: value.emailAddress },
						value.message,
					),
				)
				if (sent.refused) return formError(submission, mailRefusalMessage(sent), 429)
				return done('Email sent successfully')
			}
			case DETAIL_INTENTS.accept: {
				const result = await acceptQuote(await getCustomer(context), ref, {
					deliveryDate: value.deliveryDate,
					comment: value.comment,
					pressed: value.send ? 'Approval' : 'Accept',
				})
				if (result.kind === 'accepted') return done('Quote accepted')
				if (result.kind === 'sent-for-approval')
					return redirectWithFlash(
						getSession(context),
						'/orders?type=approval',
						`Sent for approval: ${result.reason}`,
					)
				if (result.kind === 'placed') throw new Error('Accepting a quote places no order')
				return formError(submission, result.message, statusOf(result))
			}
			case DETAIL_INTENTS.copyToCart: {
				if (settings.shopping_cart_disabled) throw data('Not available', { status: 403 })
				const transaction = await presenter.transactions.get(ref.number, ref.suffix)
				if (!transaction) throw data('Not Found', { status: 404 })
				const [cartId, ordered] = await Promise.all([
					cart.id(),
					keptLengths(identity.customerId, transaction),
				])
				// Delivery charges are never copied (checkout works them out again); a tally line gets
				// the lengths ordered, when the portal kept them.
				const originals = transaction.LineDetailsTP.filter((l) => !isDeliveryCharge(l)).map(
					(l) => ({
						productID: l.productCode,
						productDesc: l.productDesc,
						unitPrice: l.unitPrice,
						quantity: l.quantity,
						uom: l.unitOfMeasure,
						linePrice: l.linePrice,
						tally: ordered.get(l.lineNum),
					}),
				)
				// The presenter's reply also names lines it could not copy.
				const copied = await copyAndCompare(
					presenter,
					cartId,
					originals,
					async () =>
						(await presenter.transactions.copyToCart(cartId, transaction)) ||
						`${type} copied to cart`,
					{
						exGst: true,
						taxInclusive: settings.tax_inclusive,
						transaction: {
							totalIncGst: transaction.transactionTotalAmountIncGST,
							hasDeliveryCharge: transaction.LineDetailsTP.some(isDeliveryCharge),
						},
					},
				)
				const notice = copiedNotice(copied, settings, {
					kind: type.toLowerCase(),
					// As the cart does: no totals where it hides them.
					showTotals: !settings.hide_review_price,
				})
				return redirectWithFlash(getSession(context), here, notice)
			}
			case DETAIL_INTENTS.reorder: {
				if (settings.shopping_cart_disabled) throw data('Not available', { status: 403 })
				const transaction = await presenter.transactions.get(ref.number, ref.suffix)
				if (!transaction) throw data('Not Found', { status: 404 })
				const byNum = new Map(transaction.LineDetailsTP.map((l) => [l.lineNum, l]))
				const chosen = value.lines.flatMap((l) => {
					const line = byNum.get(l.lineNum)
					return l.selected && line ? [{ line, quantity: l.quantity }] : []
				})
				const ordered = await keptLengths(identity.customerId, transaction)
				const result = await reorderLines(presenter, await cart.id(), chosen, ordered)
				const { money } = displayFormat(settings)
				const changes = result.priceChanges.length
					? [
							'Prices changed since the original:',
							...result.priceChanges.map(
								(c) => `${c.productDesc} ${money(c.was)} → ${money(c.now)}`,
							),
						]
					: ['No prices changed since the original.']
				const session = getSession(context)
				// The detail stays in the page (and beside each line); the toast is only the first line.
				session.flash({
					type: result.failures.length ? 'error' : 'success',
					message: `${addedMessage(result)}.`,
					details: changes,
				})
				// Said beside each line too, where a failure stays until dismissed.
				keepOutcomes(session.current, here, result.outcomes)
				return redirect(here + reorderAnchor())
			}
			case DETAIL_INTENTS.reorderTally: {
				if (settings.shopping_cart_disabled) throw data('Not available', { status: 403 })
				const session = getSession(context)
				// The product and unit are the reorder's, not the browser's to say.
				const waiting = waitingForLengths(session.current, here, value.lineNum)
				if (!waiting) {
					return formError(submission, 'This line is no longer waiting for its lengths.')
				}
				const tally = storedTally(value.lines)
				try {
					await cart.adding((id) =>
						presenter.cart.addLine(id, {
							productID: waiting.productID,
							uom: waiting.uom,
							quantity: tallyTotal(tally),
							tally,
						}),
					)
				} catch (error) {
					return tallyFailure(submission, error, value.lines)
				}
				// Its price or unit change is said once more, beside 'Added to cart'.
				changeOutcomes(session.current, here, (outcomes) =>
					outcomes.map((o) =>
						o.lineNum === value.lineNum
							? { lineNum: o.lineNum, status: 'added', changes: waiting.changes }
							: o,
					),
				)
				return redirectWithFlash(session, here + reorderAnchor(value.lineNum), 'Added to cart')
			}
			case DETAIL_INTENTS.reorderDismiss:
				changeOutcomes(getSession(context).current, here, (outcomes) =>
					outcomes.filter((o) => o.lineNum !== value.lineNum),
				)
				return redirect(here + reorderAnchor(value.lineNum))
		}
	} catch (error) {
		const fallback =
			value.intent === DETAIL_INTENTS.accept ? 'Unable to make request' : 'Something went wrong.'
		return presenterFailure(submission, error, fallback)
	}
}
