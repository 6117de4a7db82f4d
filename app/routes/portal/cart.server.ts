import { parseWithZod } from '@conform-to/zod/v4'
import pLimit from 'p-limit'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { CART_INTENTS as INTENTS } from './cart-intents.ts'
import { LineRef, QuantityFields, SaveListSchema } from './cart.forms.ts'
import { LINE_CONCURRENCY } from '#app/.server/cart/add-lines.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { LOCKS, withLock } from '#app/.server/store/locks.ts'
import { formError, presenterFailure, readForm, unfinished } from '#app/.server/request/forms.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'
import {
	applyTallyPick,
	storedTally,
	tallyFailure,
	TallyLinesSchema,
} from '#app/.server/cart/tally.ts'
import { MAX_TALLY_LINES } from '#app/utils/product.ts'

/** Whatever the cart page may post (cart.forms.ts, with the tally rows' rules). */
const CartIntentSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal(INTENTS.update), ...QuantityFields }),
	z.object({
		intent: z.literal(INTENTS.updateAll),
		lines: z.array(z.object(QuantityFields)).max(MAX_TALLY_LINES).default([]),
	}),
	z.object({
		intent: z.literal(INTENTS.updateTally),
		...LineRef,
		uom: z.string().min(1).max(20),
		lines: TallyLinesSchema,
	}),
	z.object({ intent: z.literal(INTENTS.remove), ...LineRef }),
	z.object({ intent: z.literal(INTENTS.clear) }),
	SaveListSchema,
])

/**
 * The cart's one action: a line's quantity, all quantities ('Update cart'), a tally line's
 * lengths, remove a line, clear the cart, save it as a custom list; back to the cart.
 */
export async function cartAction(request: Request, context: Readonly<RouterContextProvider>) {
	const { presenter, settings, cart } = await getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('The cart is not available', { status: 403 })
	const formData = await readForm(request, { maxIndex: MAX_TALLY_LINES })
	applyTallyPick(formData)
	const submission = parseWithZod(formData, { schema: CartIntentSchema })
	// Also the tally's row buttons' round trips without JS (conform's list intents).
	if (submission.status !== 'success') return unfinished(submission)
	const value = submission.value
	const cartSessionId = getSession(context).current.get('cartSessionId')
	if (!cartSessionId) return formError(submission, 'Your cart is empty.')
	try {
		switch (value.intent) {
			case INTENTS.update:
				await presenter.cart.updateLine(cartSessionId, {
					lineID: value.lineID,
					productID: value.productID,
					uom: value.uom,
					quantity: value.quantity,
				})
				break
			case INTENTS.updateAll: {
				// Only the lines whose quantity changed, LINE_CONCURRENCY at a time (not one after another).
				const current = new Map((await cart.lines()).map((l) => [l.lineID, l.prodQty]))
				const limit = pLimit(LINE_CONCURRENCY)
				// Under the cart's lock once: each change then runs at once inside it.
				await withLock(LOCKS.cart(cartSessionId), () =>
					Promise.all(
						value.lines
							.filter((line) => current.get(line.lineID) !== line.quantity)
							.map((line) => limit(() => presenter.cart.updateLine(cartSessionId, line))),
					),
				)
				break
			}
			case INTENTS.updateTally:
				try {
					await presenter.cart.updateTally(cartSessionId, {
						lineID: value.lineID,
						uom: value.uom,
						tally: storedTally(value.lines),
					})
				} catch (error) {
					return tallyFailure(submission, error, value.lines)
				}
				break
			case INTENTS.remove: {
				// Said after the removal, by name: the line is gone from the page.
				const line = (await cart.lines()).find((l) => l.lineID === value.lineID)
				await presenter.cart.removeLine(cartSessionId, value)
				if (line)
					getSession(context).flash({
						type: 'success',
						message: `${line.prodDesc} removed from the cart`,
					})
				break
			}
			case INTENTS.clear:
				await presenter.cart.clear(cartSessionId)
				break
			case INTENTS.saveList:
				await presenter.lists.saveCart(cartSessionId, value.name)
				return redirectWithFlash(getSession(context), '/cart', 'Custom list saved')
		}
	} catch (error) {
		return presenterFailure(submission, error, 'Something went wrong.')
	}
	// 'Update cart' says so: without JS the cart loads again at its top, where the message is.
	if (value.intent === INTENTS.updateAll)
		return redirectWithFlash(getSession(context), '/cart', 'Cart updated')
	return redirect('/cart')
}
