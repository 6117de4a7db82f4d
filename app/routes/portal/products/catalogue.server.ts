import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type Session } from 'react-router'
import { z } from 'zod'
import { requireCustomer } from '#app/.server/auth.ts'
import { requireCartId } from '#app/.server/cart.ts'
import { flashHeader } from '#app/.server/flash.ts'
import { getViewPrefs } from '#app/.server/prefs.ts'
import { type Settings } from '#app/.server/presenter/config.ts'
import { isPresenterError, type Presenter } from '#app/.server/presenter/index.ts'
import { safeRedirect } from '#app/.server/redirect.ts'
import { commitSession, type SessionData } from '#app/.server/session.ts'
import { taxWording } from '#app/.server/wording.ts'
import { coerceTallyQty, MAX_QUANTITY, tallyTotal } from '#app/utils/product.ts'
import { CATALOGUE_INTENTS as I } from './intents.ts'

/** Present only in forms rendered without JS: after the action, go back there (post/redirect/get). */
const RedirectTo = z.string().optional()

const AddToCartSchema = z.object({
	intent: z.literal(I.addToCart),
	productID: z.string().min(1),
	uom: z.string({ error: 'Select a unit of measure' }).min(1, 'Select a unit of measure'),
	quantity: z.coerce
		.number({ error: 'Enter a quantity' })
		.int('Enter a whole number')
		.min(1, 'Enter a quantity of at least 1')
		.max(MAX_QUANTITY, 'That quantity is too large'),
	redirectTo: RedirectTo,
})

export const TallySchema = z
	.object({
		intent: z.literal(I.tallyAdd),
		productID: z.string().min(1),
		uom: z.string().min(1),
		/** Where the list is, to return to when the tally is in the cart. */
		closeTo: z.string().optional(),
		lines: z
			.array(
				z.object({
					length: z.coerce
						.number({ error: 'Enter a length' })
						.positive('Enter a length above 0')
						.multipleOf(0.01, 'Use at most two decimals')
						.optional(),
					qty: z.preprocess(coerceTallyQty, z.number()),
				}),
			)
			.default([]),
	})
	.superRefine((value, ctx) => {
		const lines = value.lines.map((l) => ({ length: l.length ?? 0, qty: l.qty }))
		if (tallyTotal(lines) <= 0) {
			ctx.addIssue({
				code: 'custom',
				path: ['lines'],
				message: 'The total of length × qty must be more than 0',
			})
		}
	})

const ViewSchema = z.object({
	intent: z.literal(I.setView),
	view: z.enum(['list', 'grid']),
	redirectTo: RedirectTo,
})
const PricesSchema = z.object({
	intent: z.literal(I.setPrices),
	seePrices: z.enum(['on', 'off']),
	redirectTo: RedirectTo,
})

/** Success: back to the page without JS, or data plus the flash for a fetcher with JS. */
async function done(redirectTo: string | undefined, headers: Headers) {
	if (redirectTo) return redirect(safeRedirect(redirectTo), { headers })
	return data({ ok: true as const, error: null }, { headers })
}

/** Presenter refusals become the 'Error' dialog's text (spec part 1 §8). */
function presenterFailure(error: unknown, productID: string) {
	if (!isPresenterError(error)) throw error
	const status = error.kind === 'transport' || error.kind === 'invalid-reply' ? 503 : 400
	const message =
		error.kind === 'field' || error.kind === 'api'
			? (error.firstMessage ?? 'Something went wrong.')
			: 'Something went wrong.'
	return data({ ok: false as const, error: message, productID }, { status })
}

/**
 * The action of every product list page (category/type/class lists and /search): add to cart,
 * tally (with its add-line round trip), and the session's view preferences.
 */
export async function catalogueAction(request: Request) {
	const { presenter, session } = await requireCustomer(request)
	const formData = await request.formData()
	const headers = new Headers()

	switch (formData.get('intent')) {
		case I.addToCart: {
			const submission = parseWithZod(formData, { schema: AddToCartSchema })
			if (submission.status !== 'success') {
				const productID = String(formData.get('productID') ?? '')
				return data(
					{ ok: false as const, error: null, productID, result: submission.reply() },
					{ status: 400 },
				)
			}
			const { productID, uom, quantity, redirectTo } = submission.value
			try {
				const cart = await requireCartId(presenter, session)
				if (cart.setCookie) headers.append('Set-Cookie', cart.setCookie)
				await presenter.cart.addLine(cart.cartSessionId, { productID, uom, quantity })
			} catch (error) {
				return presenterFailure(error, productID)
			}
			headers.append('Set-Cookie', await flashHeader({ type: 'success', message: 'Added to cart' }))
			return done(redirectTo, headers)
		}
		case I.tallyAdd: {
			const submission = parseWithZod(formData, { schema: TallySchema })
			// Also the 'Add new line' round trip without JS: conform's list intent, not a submit.
			if (submission.status !== 'success') {
				return data(
					{ ok: false as const, error: null, tally: submission.reply() },
					{ status: submission.status === 'error' ? 400 : 200 },
				)
			}
			const { productID, uom, lines, closeTo } = submission.value
			const tally = lines
				.filter((l) => (l.length ?? 0) > 0 && l.qty > 0)
				.map((l) => ({ length: l.length!, qty: l.qty }))
			try {
				const cart = await requireCartId(presenter, session)
				if (cart.setCookie) headers.append('Set-Cookie', cart.setCookie)
				await presenter.cart.addLine(cart.cartSessionId, {
					productID,
					uom,
					quantity: tallyTotal(tally),
					tally,
				})
			} catch (error) {
				return presenterFailure(error, productID)
			}
			headers.append('Set-Cookie', await flashHeader({ type: 'success', message: 'Added to cart' }))
			return redirect(safeRedirect(closeTo), { headers })
		}
		case I.setView:
		case I.setPrices: {
			const parsed = z
				.discriminatedUnion('intent', [ViewSchema, PricesSchema])
				.safeParse(Object.fromEntries(formData))
			if (!parsed.success) throw data('Invalid preference', { status: 400 })
			const prefs = getViewPrefs(session)
			session.set(
				'prefs',
				parsed.data.intent === I.setView
					? { ...prefs, view: parsed.data.view }
					: { ...prefs, seePrices: parsed.data.seePrices === 'on' },
			)
			headers.append('Set-Cookie', await commitSession(session))
			return done(parsed.data.redirectTo, headers)
		}
		default:
			throw data('Unknown action', { status: 400 })
	}
}

export const ListQuerySchema = z.object({
	page: z.coerce.number().int().min(1).max(100_000).catch(1),
	search: z.string().trim().max(200).catch(''),
	product: z.string().trim().min(1).max(64).optional().catch(undefined),
	dialog: z.enum(['tally']).optional().catch(undefined),
})

/**
 * The product detail (or tally) modal asked for in the URL, fetched in the same parallel round
 * as the list. An unknown product shows no modal.
 */
export async function loadProductDetail(
	presenter: Presenter,
	productID: string | undefined,
	incGST: boolean,
) {
	if (!productID) return null
	try {
		return await presenter.catalogue.getProduct(productID, incGST)
	} catch (error) {
		if (isPresenterError(error, 'no-records')) return null
		throw error
	}
}

/** What every product list page tells its components: where it is, formats, flags, prefs. */
export function listContext(
	url: URL,
	settings: Settings,
	session: Session<SessionData>,
	seePrices?: boolean,
) {
	const prefs = getViewPrefs(session)
	const here = url.pathname + url.search
	const close = new URL(url)
	close.searchParams.delete('product')
	close.searchParams.delete('dialog')
	return {
		here,
		closeTo: close.pathname + close.search,
		view: prefs.view,
		seePrices: seePrices ?? prefs.seePrices,
		cartEnabled: !settings.shopping_cart_disabled,
		format: { locale: settings.locale, currency: settings.currency },
		gstWording: taxWording(settings).allPrices,
	}
}
