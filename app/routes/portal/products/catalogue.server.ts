import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { invalid, presenterFailure, readForm, unfinished } from '#app/.server/request/forms.ts'
import { type DisplayFormat } from '#app/.server/display/format.ts'
import { getViewPrefs } from '#app/.server/catalogue/prefs.ts'
import { type Product } from '#app/.server/presenter/contract/catalogue.ts'
import { type Settings } from '#app/.server/presenter/config.ts'
import { isPresenterError, type Presenter } from '#app/.server/presenter/index.ts'
import { safeRedirect } from '#app/.server/request/redirect.ts'
import { type PortalSession } from '#app/.server/request/session.ts'
import { taxWording } from '#app/.server/display/wording.ts'
import {
	applyTallyPick,
	storedTally,
	tallyFailure,
	TallyLinesSchema,
} from '#app/.server/cart/tally.ts'
import { type ListedProduct, type ShownPrices } from './product-list.tsx'
import {
	firstPdf,
	MAX_TALLY_LINES,
	productAnchor,
	tallyTotal,
	visiblePrice,
} from '#app/utils/product.ts'
import { AddToCartSchema, PrefsSchema } from './catalogue.forms.ts'
import { CATALOGUE_INTENTS as I } from './intents.ts'

const TallySchema = z.object({
	intent: z.literal(I.tallyAdd),
	productID: z.string().min(1).max(64),
	uom: z.string().min(1).max(20),
	/** Where the list is, to return to when the tally is in the cart. */
	closeTo: z.string().max(2000).optional(),
	lines: TallyLinesSchema,
})

/**
 * The action of every product list page (category/type/class lists and /search): add to cart,
 * tally (with its add-line round trip), and the session's view preferences. Forms rendered
 * without JS carry `redirectTo` and come back to their page; fetchers with JS get the reply.
 */
export async function catalogueAction(request: Request, context: Readonly<RouterContextProvider>) {
	const { presenter, cart, settings } = await getCustomer(context)
	const session = getSession(context)
	const formData = await readForm(request, { maxIndex: MAX_TALLY_LINES })
	const intent = formData.get('intent')
	// Hiding the add controls is not enough: a customer without a cart cannot add to one.
	if ((intent === I.addToCart || intent === I.tallyAdd) && settings.shopping_cart_disabled) {
		throw data('The cart is not available', { status: 403 })
	}
	switch (intent) {
		case I.addToCart: {
			const submission = parseWithZod(formData, { schema: AddToCartSchema })
			if (submission.status !== 'success') return invalid(submission)
			const { productID, uom, quantity, redirectTo } = submission.value
			try {
				await cart.adding((id) => presenter.cart.addLine(id, { productID, uom, quantity }))
			} catch (error) {
				return presenterFailure(submission, error, 'Something went wrong.')
			}
			session.flash({ type: 'success', message: 'Added to cart', at: productAnchor(productID) })
			if (redirectTo) return redirect(safeRedirect(redirectTo))
			return submission.reply({ resetForm: true })
		}
		case I.tallyAdd: {
			applyTallyPick(formData)
			const submission = parseWithZod(formData, { schema: TallySchema })
			// Also the row buttons' round trips without JS: conform's list intents, not a submit.
			if (submission.status !== 'success') return unfinished(submission)
			const { productID, uom, lines, closeTo } = submission.value
			const tally = storedTally(lines)
			try {
				await cart.adding((id) =>
					presenter.cart.addLine(id, { productID, uom, quantity: tallyTotal(tally), tally }),
				)
			} catch (error) {
				return tallyFailure(submission, error, lines)
			}
			session.flash({ type: 'success', message: 'Added to cart', at: productAnchor(productID) })
			return redirect(safeRedirect(closeTo))
		}
		case I.setView:
		case I.setPrices: {
			const submission = parseWithZod(formData, { schema: PrefsSchema })
			if (submission.status !== 'success') return invalid(submission)
			const value = submission.value
			const prefs = getViewPrefs(session.current)
			session.current.set(
				'prefs',
				value.intent === I.setView
					? { ...prefs, view: value.view }
					: { ...prefs, seePrices: value.seePrices === 'on' },
			)
			if (value.redirectTo) return redirect(safeRedirect(value.redirectTo))
			return submission.reply()
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
	money: DisplayFormat['money'],
) {
	if (!productID) return null
	try {
		const detail = await presenter.catalogue.getProduct(productID, incGST)
		return { ...detail, prices: shownPrices(detail.product, money) }
	} catch (error) {
		if (isPresenterError(error, 'no-records')) return null
		throw error
	}
}

/** A product's retail, trade and customer prices as money; prices of 0 or less are not shown. */
export function shownPrices(
	product: Pick<Product, 'RRP' | 'TradePrice' | 'customerPrice'>,
	money: DisplayFormat['money'],
): ShownPrices {
	const prices = [
		{ label: 'Retail', price: product.RRP },
		{ label: 'Trade', price: product.TradePrice },
		{ label: 'Customer', price: product.customerPrice },
	] as const
	return prices.flatMap(({ label, price }) =>
		visiblePrice(price) === null ? [] : [{ label, amount: money(price) }],
	)
}

/** A page of products as the list shows them: the fields it uses, not every field of each. */
export function listed(products: Product[], money: DisplayFormat['money']): ListedProduct[] {
	return products.map((p) => ({
		productID: p.productID,
		productShortDesc: p.productShortDesc,
		productImage: p.productImage,
		datasheet: firstPdf(p.productFiles) ?? null,
		stockStatus: p.stockStatus,
		prices: shownPrices(p, money),
		UOMList: p.UOMList,
		isTally: p.isTally,
	}))
}

/** What every product list page tells its components: where it is, formats, flags, prefs. */
export function listContext(
	url: URL,
	settings: Settings,
	session: PortalSession,
	seePrices?: boolean,
) {
	const prefs = getViewPrefs(session)
	const here = url.pathname + url.search
	const close = new URL(url)
	const product = close.searchParams.get('product')
	close.searchParams.delete('product')
	close.searchParams.delete('dialog')
	// Without JS the list loads again at the top: the fragment brings it back to the product's card.
	close.hash = product ? productAnchor(product) : ''
	return {
		here,
		closeTo: close.pathname + close.search + close.hash,
		view: prefs.view,
		seePrices: seePrices ?? prefs.seePrices,
		cartEnabled: !settings.shopping_cart_disabled,
		format: { locale: settings.locale, currency: settings.currency },
		gstWording: taxWording(settings).allPrices,
	}
}
