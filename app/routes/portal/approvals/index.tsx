import { getFormProps, useForm } from '@conform-to/react'
import { data, Form } from 'react-router'
import { type Route } from './+types/index'
import { APPROVAL_INTENTS } from './intents.ts'
import { approvalIntentSchema } from './approvals.forms.ts'
import { approve, decline, repriced, requestView, withdraw } from './approvals.server.ts'
import { rememberAdmins, requireApprover, requireRequest } from '#app/.server/approvals.ts'
import { getCustomer, getSession } from '#app/.server/context.ts'
import { failureMessage, formError, invalid, parseForm } from '#app/.server/forms.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { redirectWithFlash } from '#app/.server/session.ts'
import { getStore } from '#app/.server/store/index.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog, StatusButton, TextareaField } from '#app/components/forms.tsx'
import { afterConflict } from '#app/utils/revalidate.ts'

/** Settled requests the page still lists under the pending ones. */
const SETTLED_SHOWN = 10

/**
 * Approvals (decision 059): the customer's orders awaiting an administrator, each with its lines,
 * totals and delivery details, and what changed in price or availability since it was sent.
 * Administrators only; the users list read on the way keeps the approval emails' addresses current.
 */
export async function loader({ context }: Route.LoaderArgs) {
	const { presenter, settings, identity } = getCustomer(context)
	const [, requests, users] = await Promise.all([
		requireApprover(context),
		getStore().approvals.list(identity.customerId),
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

export async function action({ request, context }: Route.ActionArgs) {
	const submission = await parseForm(request, approvalIntentSchema)
	if (submission.status !== 'success') return invalid(submission)
	const session = getSession(context)
	const { intent, id } = submission.value
	const approval = await requireRequest(context, id)
	if (intent === APPROVAL_INTENTS.withdraw) {
		// Only the requester takes a request back.
		if (approval.requester !== getCustomer(context).identity.username.toLowerCase())
			throw data('Only the person who sent it can withdraw a request', { status: 403 })
		// The requester's page is Orders (they may not see this one): any refusal goes back there.
		const refused = (message: string) =>
			redirectWithFlash(session, '/orders?type=approval', { type: 'error', message })
		try {
			if (!(await withdraw(context, approval)))
				return refused(`This request was ${approval.status} already`)
		} catch (error) {
			return refused(failureMessage(error, 'Something went wrong.'))
		}
		return redirectWithFlash(session, '/cart', 'Request withdrawn: its lines are back in your cart')
	}
	const admin = await requireApprover(context)
	if (intent === APPROVAL_INTENTS.decline) {
		if (!(await decline(context, approval, admin, submission.value.reason)))
			return formError(submission, `This request was ${approval.status} already`, 409)
		return redirectWithFlash(session, '/approvals', 'Request declined')
	}
	const outcome = await approve(context, id, admin, submission.value.seen)
	if (!outcome.ok) return formError(submission, outcome.message, outcome.status)
	return redirectWithFlash(session, '/approvals', `Approved: order ${outcome.number} placed`)
}

/** With JS too, an approval refused because prices moved shows the page at today's prices. */
export const shouldRevalidate = afterConflict

type Pending = Route.ComponentProps['loaderData']['pending'][number]
type Settled = Route.ComponentProps['loaderData']['settled'][number]

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

function PendingRequest({
	request,
	actionData,
}: {
	request: Pending
	actionData: Route.ComponentProps['actionData']
}) {
	const titleId = `request-${request.id}`
	return (
		<article className="approval" aria-labelledby={titleId}>
			<h2 id={titleId}>
				{request.requester}, {request.sent}
				{request.total ? ` · ${request.total}` : ''}
			</h2>
			<p className="approval__reason">Needs approval: {request.reasonForApprovers}.</p>
			{request.changes ? (
				<div className="approval__changes" role="note" aria-label="Changed since it was sent">
					<p>
						<strong>Changed since it was sent.</strong> Approving places the order at today&rsquo;s
						prices.
					</p>
					<ul>
						{request.changes.lines.map((line) => (
							<li key={line.productID}>
								{line.productID}: {line.change}
							</li>
						))}
						{request.changes.total ? <li>Total: {request.changes.total}</li> : null}
					</ul>
				</div>
			) : null}
			<RequestDetails request={request} />
			<div className="approval__actions">
				<Form method="post" action="/approvals">
					<input type="hidden" name="id" value={request.id} />
					<input type="hidden" name="seen" value={request.seen} />
					<StatusButton
						className="button button--primary"
						name="intent"
						value={APPROVAL_INTENTS.approve}
						match={{ id: request.id }}
						pendingLabel="Placing the order..."
					>
						Approve
					</StatusButton>
				</Form>
				<DeclineForm
					id={request.id}
					lastResult={
						actionData?.initialValue?.id === request.id &&
						actionData.initialValue.intent === APPROVAL_INTENTS.decline
							? actionData
							: undefined
					}
				/>
			</div>
		</article>
	)
}

/** 'Decline' asks for the reason the requester is told. */
function DeclineForm({
	id,
	lastResult,
}: {
	id: string
	lastResult: Route.ComponentProps['actionData'] | undefined
}) {
	const [form, fields] = useForm<{ reason: string; id: string; intent: string }>({
		id: `decline-${id}`,
		lastResult,
		shouldValidate: 'onSubmit',
	})
	return (
		<Form method="post" action="/approvals" {...getFormProps(form)} className="approval__decline">
			<input type="hidden" name="id" value={id} />
			<TextareaField meta={fields.reason} label="Reason for declining" rows={2} maxLength={500} />
			<StatusButton
				className="button button--danger"
				name="intent"
				value={APPROVAL_INTENTS.decline}
				match={{ id }}
			>
				Decline
			</StatusButton>
		</Form>
	)
}

/** A request's lines, totals and delivery or pickup details, as they were sent. */
export function RequestDetails({ request }: { request: Pending | Settled }) {
	return (
		<>
			<table className="approval__lines">
				<caption className="visually-hidden">Lines</caption>
				<thead>
					<tr>
						<th scope="col">Product</th>
						<th scope="col">Quantity</th>
						<th scope="col" className="numeric">
							Unit price
						</th>
					</tr>
				</thead>
				<tbody>
					{request.lines.map((line) => (
						<tr key={line.key}>
							<td>
								{line.productID} {line.description}
							</td>
							<td>{line.quantity}</td>
							<td className="numeric">{line.unitPrice}</td>
						</tr>
					))}
				</tbody>
			</table>
			<dl className="approval__details">
				{request.totals ? (
					<>
						<div>
							<dt>Subtotal</dt>
							<dd>{request.totals.subtotal}</dd>
						</div>
						<div>
							<dt>GST</dt>
							<dd>{request.totals.gst}</dd>
						</div>
						<div>
							<dt>Total</dt>
							<dd>{request.totals.total}</dd>
						</div>
					</>
				) : null}
				{request.details.map(([label, value]) => (
					<div key={label}>
						<dt>{label}</dt>
						<dd>{value}</dd>
					</div>
				))}
			</dl>
		</>
	)
}

function SettledRequest({ request }: { request: Settled }) {
	return (
		<p>
			{request.requester}, {request.sent}
			{request.total ? ` · ${request.total}` : ''}: <strong>{request.statusLabel}</strong>
			{request.orderNumber ? ` (order ${request.orderNumber})` : ''}
			{request.declineReason ? `: ${request.declineReason}` : ''}
		</p>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Approvals | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
