import { getFormProps, useForm } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { type Route } from './+types/index'
import { APPROVAL_INTENTS } from './intents.ts'
import { StatusButton } from '#app/components/forms.tsx'
import { TextareaField } from '#app/components/form-fields.tsx'

/**
 * The approvals page's requests: a pending one with its lines, what changed since it was sent,
 * Approve and Decline; a settled one in a line, linking to what it placed.
 */

type Pending = Route.ComponentProps['loaderData']['pending'][number]
type Settled = Route.ComponentProps['loaderData']['settled'][number]

export function PendingRequest({
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
				{request.title === 'Order' ? '' : `${request.title}: `}
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
								{line.product}: {line.change}
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

export function SettledRequest({ request }: { request: Settled }) {
	return (
		<p>
			{request.title === 'Order' ? '' : `${request.title}: `}
			{request.requester}, {request.sent}
			{request.total ? ` · ${request.total}` : ''}: <strong>{request.statusLabel}</strong>
			{request.transaction ? (
				<>
					{' ('}
					<Link to={request.transaction}>
						{request.title === 'Order'
							? `order ${request.orderNumber}`
							: `quote ${request.orderNumber}`}
					</Link>
					{')'}
				</>
			) : null}
			{request.declineReason ? `: ${request.declineReason}` : ''}
		</p>
	)
}
