import { data, Link } from 'react-router'
import { z } from 'zod'
import { type Route } from './+types/complete'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { describeLengths, keptLengths } from '#app/.server/orders/index.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Modal } from '#app/components/modal.tsx'

const CompleteSchema = z.object({
	type: z.enum(['Order', 'Quote']),
	number: z.coerce.number().int().positive(),
})

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = pageUrl(request)
	const parsed = CompleteSchema.safeParse(Object.fromEntries(url.searchParams))
	// Only what this session placed: no confirmation of a number typed into the address.
	const placed = getSession(context).current.get('placed') ?? []
	if (!parsed.success || !placed.includes(parsed.data.number))
		throw data('Not Found', { status: 404 })
	const { presenter, settings, identity } = await getCustomer(context)
	// The new order's total and links; the confirmation stands even if they cannot be read now.
	const detail = await presenter.transactions.get(parsed.data.number, 0).catch(() => null)
	if (detail && detail.transactionType !== parsed.data.type)
		throw data('Not Found', { status: 404 })
	// The cut list ordered: the lengths of each tally line, as the presenter does not keep them.
	const lengths = detail ? await keptLengths(identity.customerId, detail) : new Map()
	return {
		cutList: (detail?.LineDetailsTP ?? []).flatMap((l) => {
			const tally = lengths.get(l.lineNum)
			return tally
				? [{ lineNum: l.lineNum, product: l.productDesc, lengths: describeLengths(tally) }]
				: []
		}),
		...parsed.data,
		dialog: !url.searchParams.has('closed'),
		href: `/${parsed.data.type === 'Quote' ? 'quotes' : 'orders'}/${parsed.data.number}-0`,
		total: detail ? displayFormat(settings).money(detail.transactionTotalAmountIncGST) : null,
	}
}

export default function CheckoutCompleteRoute({ loaderData }: Route.ComponentProps) {
	const { type, number, dialog, href, total, cutList } = loaderData
	const title = type === 'Quote' ? 'Quote Created' : 'Order Placed'
	const closed = `/checkout/complete?type=${type}&number=${number}&closed`
	return (
		<section className="complete" aria-labelledby="complete-title">
			<h1 id="complete-title">Order Complete!</h1>
			<p>
				{type} number <strong>{number}</strong>
				{total ? (
					<>
						{' '}
						· Total <strong>{total}</strong>
					</>
				) : null}
			</p>
			{cutList.length ? (
				<section aria-labelledby="cut-list-title">
					<h2 id="cut-list-title">Cut list</h2>
					<ul className="complete__cut-list">
						{cutList.map((line) => (
							<li key={line.lineNum}>
								{line.product}: {line.lengths.join(', ')}
							</li>
						))}
					</ul>
				</section>
			) : null}
			<p className="complete__actions">
				<Link to={href} className="button button--primary">
					View {type.toLowerCase()}
				</Link>
				<a href={`${href}/document`} className="button" download>
					Download PDF
				</a>
				<Link to="/products" className="button">
					Continue shopping
				</Link>
			</p>
			{dialog ? (
				<Modal title={title} closeTo={closed}>
					<p>
						Transaction number <strong>{number}</strong>
					</p>
					<Link to={closed} className="button button--primary" replace>
						OK
					</Link>
				</Modal>
			) : null}
		</section>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Order Complete! | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
