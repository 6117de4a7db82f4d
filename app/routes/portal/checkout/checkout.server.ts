import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { CHECKOUT_INTENTS } from './intents.ts'
import { checkoutSchema, deliveryPreviewSchema } from './checkout.forms.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { formError, invalid, readForm } from '#app/.server/request/forms.ts'
import {
	ADDRESS_NOT_FOUND,
	checkout,
	previewDelivery,
	statusOf,
	type BuyResult,
	type DeliveryPreview,
} from '#app/.server/orders/index.ts'
import { presenterFailed } from '#app/.server/orders/result.ts'
import { redirectWithFlash, type PortalSession } from '#app/.server/request/session.ts'
import { loadSiteAddresses } from '#app/.server/orders/site-addresses.ts'

/** The most placed transactions a session remembers for /checkout/complete. */
const PLACED_KEPT = 20

/** The confirmation of what this session placed (only it may show the transaction there). */
function complete(session: PortalSession, outcome: { type: string; number: number }) {
	const placed = session.get('placed') ?? []
	if (!placed.includes(outcome.number))
		session.set('placed', [outcome.number, ...placed].slice(0, PLACED_KEPT))
	return redirect(`/checkout/complete?type=${outcome.type}&number=${outcome.number}`)
}

/** The action's answer: the form's result, with the delivery 'Calculate delivery' found. */
type CheckoutReply = SubmissionResult<string[]> & { delivery?: DeliveryPreview }

/** The form as it was typed, with `error` instead of its own (the form is not refused). */
function keep(submission: { reply: () => SubmissionResult<string[]> }) {
	const reply: SubmissionResult<string[]> = { ...submission.reply(), error: {} }
	return { reply, values: reply.initialValue as Record<string, Record<string, string>> | null }
}

/**
 * The checkout's one action: place the order or quote (the order domain decides and answers), or
 * answer one of CHECKOUT_INTENTS with the form as it was typed.
 */
export async function checkoutAction(
	request: Request,
	context: Readonly<RouterContextProvider>,
): Promise<Response | CheckoutReply | ReturnType<typeof data<CheckoutReply>>> {
	const customer = await getCustomer(context)
	const { presenter, settings, cart } = customer
	if (settings.shopping_cart_disabled) throw data('The cart is not available', { status: 403 })
	const formData = await readForm(request)
	const methods = await presenter.checkout.getDespatchMethods().catch(() => null)
	const despatchType = String(formData.get('shipping.despatchType') ?? '')
	const submission = parseWithZod(formData, {
		schema: checkoutSchema({ methods: methods ?? [], settings, despatchType }),
	})
	// The despatch methods could not be read: nothing can be checked or placed.
	if (!methods) return formError(submission, 'Something went wrong.', 503)
	switch (formData.get('intent')) {
		// 'Update' without JS: the chosen despatch method's fields, the default branch when none
		// was chosen yet (the pickup fields were not on the page).
		case CHECKOUT_INTENTS.refresh: {
			const { reply, values } = keep(submission)
			if (values && !values.delivery?.branch && settings.initial_branchID)
				values.delivery = { ...values.delivery, branch: String(settings.initial_branchID) }
			return reply
		}
		// 'Use address' without JS: the chosen previous site address in the address fields.
		case CHECKOUT_INTENTS.useAddress: {
			const { reply, values } = keep(submission)
			const key = String(formData.get('siteAddress') ?? '')
			const sites = await loadSiteAddresses(presenter).catch(() => [])
			const chosen = sites.find((a) => a.key === key)
			if (values && chosen)
				values.shipping = {
					...values.shipping,
					address: chosen.address,
					suburb: chosen.suburb,
					state: chosen.state,
					zipCode: chosen.postcode,
				}
			return reply
		}
		// 'Calculate delivery': the charge, branch and distance for the address and vehicle typed,
		// the form kept; errors only for the fields a delivery is priced from.
		case CHECKOUT_INTENTS.delivery: {
			const fields = parseWithZod(formData, {
				schema: deliveryPreviewSchema({ methods, settings, despatchType }),
			})
			const reply = (error: Record<string, string[] | null>, delivery?: DeliveryPreview) =>
				data({ ...submission.reply(), error, delivery }, { status: delivery ? 200 : 400 })
			if (fields.status !== 'success') return reply(fields.error ?? {})
			const { shipping, delivery } = fields.value
			const preview = await previewDelivery(
				presenter,
				settings,
				cart.lines(),
				shipping,
				delivery.vehicleType ?? 0,
			).catch(presenterFailed)
			if (preview && 'kind' in preview)
				return formError(submission, preview.message, statusOf(preview))
			if (!preview) return reply({ 'shipping.address': [ADDRESS_NOT_FOUND] })
			return reply({}, preview)
		}
	}
	if (submission.status !== 'success') return invalid(submission)
	const { attempt, shownTotal, transactionType: pressed, ...values } = submission.value
	const result = await checkout(customer, {
		values: { ...values, transactionType: pressed === 'Quote' ? 'Quote' : 'Order' },
		attempt,
		shownTotal,
		pressed,
		methods,
	})
	return answer(getSession(context), submission, result)
}

/** The page's answer to what the order domain did. */
function answer(
	session: ReturnType<typeof getSession>,
	submission: { reply: (options?: { formErrors?: string[] }) => SubmissionResult<string[]> },
	result: BuyResult,
) {
	switch (result.kind) {
		case 'placed':
			return complete(session.current, result)
		case 'sent-for-approval':
			return redirectWithFlash(
				session,
				'/orders?type=approval',
				result.reason ? `Sent for approval: ${result.reason}` : 'Sent for approval',
			)
		case 'accepted':
			throw new Error('A checkout accepts no quote')
		case 'refused':
			if (result.field)
				return invalid(submission as never, { fieldErrors: { [result.field]: [result.message] } })
			return formError(submission as never, result.message, result.status)
		case 'presenter-failed':
			return formError(submission as never, result.message, result.status)
		case 'total-changed':
		case 'limits-changed': {
			// The page shows the order as it is now: its total, its delivery, whether it needs approval.
			const reply = submission.reply({ formErrors: [result.message] })
			return data({ ...reply, delivery: result.delivery }, { status: 409 })
		}
	}
}
