import { data, Link } from 'react-router'
import { z } from 'zod'
import { type Route } from './+types/complete'
import { pageUrl } from '#app/.server/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Modal } from '#app/components/modal.tsx'

const CompleteSchema = z.object({
	type: z.enum(['Order', 'Quote']),
	number: z.coerce.number().int().positive(),
})

export function loader({ request }: Route.LoaderArgs) {
	const url = pageUrl(request)
	const parsed = CompleteSchema.safeParse(Object.fromEntries(url.searchParams))
	if (!parsed.success) throw data('Not Found', { status: 404 })
	return { ...parsed.data, dialog: !url.searchParams.has('closed') }
}

export default function CheckoutCompleteRoute({ loaderData }: Route.ComponentProps) {
	const { type, number, dialog } = loaderData
	const title = type === 'Quote' ? 'Quote Created' : 'Order Placed'
	const closed = `/checkout/complete?type=${type}&number=${number}&closed`
	return (
		<section className="complete" aria-labelledby="complete-title">
			<h1 id="complete-title">Order Complete!</h1>
			<p>
				{type} number <strong>{number}</strong>
			</p>
			<p>
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
