import { data, redirect, type RouterContextProvider } from 'react-router'
import { addCartLines, addedMessage } from '#app/.server/cart/add-lines.ts'
import { getCustomer, getSession, type Customer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { parseForm } from '#app/.server/request/forms.ts'
import {
	cartLineOf,
	matchQuickOrder,
	type MatchedLine,
	type QuickOrderLookup,
} from '#app/.server/quick-order/match.ts'
import {
	csvToQuickOrder,
	formatLine,
	MAX_QUICK_ORDER_LINES,
	parseQuickOrder,
} from '#app/.server/quick-order/parse.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { taxWording } from '#app/.server/display/wording.ts'
import { sumCents } from '#app/utils/money.ts'
import { MAX_BYTES, QuickOrderSchema } from './quick-order.forms.ts'
import { QUICK_ORDER_INTENTS } from './quick-order-intents.ts'

const I = QUICK_ORDER_INTENTS

/** Hiding the link is not enough: a customer without a cart has no quick order either. */
function requireCart(customer: Customer) {
	if (customer.settings.shopping_cart_disabled) {
		throw data('The cart is not available', { status: 403 })
	}
}

function catalogueLookup({ presenter, settings }: Customer): QuickOrderLookup {
	const incGST = settings.tax_inclusive
	return {
		product: (sku) => presenter.catalogue.findProduct(sku, incGST),
		lengths: (sku) => presenter.catalogue.getTallyLengths(sku),
		search: async (term) => (await presenter.catalogue.searchProducts(term, incGST)).products,
	}
}

export async function quickOrderLoader(context: Readonly<RouterContextProvider>) {
	requireCart(await getCustomer(context))
	return null
}

/**
 * Check (pasted text or a CSV upload): every line matched or its problem, shown for confirmation.
 * Add: the confirmed lines checked again and added to the cart in one step.
 */
export async function quickOrderAction(request: Request, context: Readonly<RouterContextProvider>) {
	const customer = await getCustomer(context)
	requireCart(customer)
	const submission = await parseForm(request, QuickOrderSchema, { maxBytes: MAX_BYTES })
	/** The form back with what is wrong next to its field (400); no confirmation. */
	const refuse = (fieldErrors?: Record<string, string[]>) =>
		data({ result: submission.reply({ fieldErrors }), confirmation: null }, { status: 400 })
	if (submission.status !== 'success') return refuse()
	const value = submission.value
	const text = value.intent === I.upload ? csvToQuickOrder(await value.file.text()) : value.lines
	const parsed = parseQuickOrder(text)
	const field = value.intent === I.upload ? 'file' : 'lines'
	if (!parsed.length) {
		return refuse({ [field]: ['Enter at least one line'] })
	}
	if (parsed.length > MAX_QUICK_ORDER_LINES) {
		return refuse({ [field]: [`Enter at most ${MAX_QUICK_ORDER_LINES} lines`] })
	}
	const lines = await matchQuickOrder(catalogueLookup(customer), parsed).catch(toRouteError)
	const matched = lines.filter((l): l is MatchedLine => l.status === 'ok')
	if (value.intent === I.add) {
		const cartSessionId = await customer.cart.id().catch(toRouteError)
		const result = await addCartLines(customer.presenter, cartSessionId, matched.map(cartLineOf))
		getSession(context).flash({
			type: result.failures.length ? 'error' : 'success',
			message: addedMessage(result),
		})
		return redirect('/cart')
	}
	// Prices as money, unless hide_products_price hides them.
	const money = customer.settings.hide_products_price
		? null
		: displayFormat(customer.settings).money
	const total = sumCents(matched.map((l) => l.extended))
	return {
		result: submission.reply(),
		confirmation: {
			text,
			lines: lines.map((l) => ({
				...l,
				shown:
					money && l.status === 'ok'
						? { price: money(l.price), extended: money(l.extended) }
						: null,
			})),
			/** What 'Add N lines to cart' sends: the matched lines, written out again. */
			confirmed: matched.map((l) => formatLine(l.productID, l.request)).join('\n'),
			count: matched.length,
			// The prices are on the customer's basis: including GST with tax_inclusive.
			total: money
				? `${money(total)} ${customer.settings.tax_inclusive ? 'inc' : 'ex'} ${taxWording(customer.settings).tax}`
				: null,
		},
	}
}
