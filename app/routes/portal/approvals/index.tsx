import { type Route } from './+types/index'
import { APPROVAL_INTENTS } from './intents.ts'
import { approvalIntentSchema } from './approvals.forms.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { invalid, parseForm } from '#app/.server/request/forms.ts'
import {
	approve,
	decline,
	putBack,
	rememberAdmins,
	repriced,
	requestsOf,
	requestView,
	requireApprover,
	withdraw,
} from '#app/.server/orders/index.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'
import { settledAnswer } from './settled.server.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog } from '#app/components/forms.tsx'
import { PendingRequest, SettledRequest } from './request-views.tsx'
import { afterConflict } from '#app/utils/revalidate.ts'

/** Settled requests the page still lists under the pending ones. */
const SETTLED_SHOWN = 10

/**
 * Approvals (decision 059): the customer's orders and quote acceptances awaiting an
 * administrator, each with its lines, totals and details, and what changed in price or
 * availability since it was sent. Administrators only; the users list read on the way keeps the
 * approval emails' addresses current.
 */
export async function loader({ context }: Route.LoaderArgs) {
	const customer = await getCustomer(context)
	const { presenter, settings, identity } = customer
	const [, requests, users] = await Promise.all([
		requireApprover(customer),
		requestsOf(identity.customerId),
		presenter.users.listMobileUsers().catch(() => null),
	])
	if (users) await rememberAdmins(identity.customerId, users)
	const pending = requests.filter((r) => r.status === 'pending')
	const prices = await Promise.all(pending.map((r) => repriced(presenter, settings, r))).catch(
		toRouteError,
	)
	return {
		pending: pending.map((r, i) => ({
			...requestView(settings, r),
			changes: prices[i]!.changes,
			seen: prices[i]!.total,
		})),
		settled: requests
			.filter((r) => r.status !== 'pending')
			.slice(0, SETTLED_SHOWN)
			.map((r) => requestView(settings, r)),
	}
}

/**
 * Approve or decline (administrators); withdraw, or put a declined order back in the cart (the
 * requester, from Orders' Awaiting approval tab, where any refusal goes back to).
 */
export async function action({ request, context }: Route.ActionArgs) {
	const submission = await parseForm(request, approvalIntentSchema)
	if (submission.status !== 'success') return invalid(submission)
	const customer = await getCustomer(context)
	const { value } = submission
	if (value.intent === APPROVAL_INTENTS.withdraw || value.intent === APPROVAL_INTENTS.putBack) {
		const withdrawing = value.intent === APPROVAL_INTENTS.withdraw
		const done = await (withdrawing ? withdraw : putBack)(customer, value.id)
		if (!done.ok)
			return redirectWithFlash(getSession(context), '/orders?type=approval', {
				type: 'error',
				message: done.message,
			})
		return redirectWithFlash(
			getSession(context),
			'/cart',
			withdrawing
				? 'Request withdrawn: its lines are back in your cart'
				: 'Its lines are back in your cart',
		)
	}
	const admin = await requireApprover(customer)
	if (value.intent === APPROVAL_INTENTS.decline) {
		const declined = await decline(customer, admin, value.id, value.reason)
		return settledAnswer(context, submission, declined, '/approvals', 'Request declined')
	}
	const approved = await approve(customer, admin, value.id, value.seen)
	return settledAnswer(
		context,
		submission,
		approved,
		'/approvals',
		approved.ok
			? approved.type === 'Quote'
				? `Approved: quote ${approved.number} accepted`
				: `Approved: order ${approved.number} placed`
			: '',
	)
}

/** With JS too, an approval refused because prices moved shows the page at today's prices. */
export const shouldRevalidate = afterConflict

export default function ApprovalsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { pending, settled } = loaderData
	return (
		<div className="approvals-page">
			<h1>Approvals</h1>
			<FormErrorDialog result={actionData} errors={actionData?.error?.['']} closeTo="/approvals" />
			{pending.length === 0 ? (
				<p className="empty-state">No orders are awaiting approval.</p>
			) : (
				pending.map((request) => (
					<PendingRequest key={request.id} request={request} actionData={actionData} />
				))
			)}
			{settled.length ? (
				<section aria-labelledby="settled-title">
					<h2 id="settled-title">Recently settled</h2>
					<ul className="approvals__settled">
						{settled.map((request) => (
							<li key={request.id}>
								<SettledRequest request={request} />
							</li>
						))}
					</ul>
				</section>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Approvals | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
