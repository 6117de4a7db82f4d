import { type Route } from './+types/request-error'
import { getSession } from '#app/.server/request/context.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { requestErrorMessage } from '#app/.server/request/request-error.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Link } from 'react-router'

export function loader({ request, context }: Route.LoaderArgs) {
	const msg = pageUrl(request).searchParams.get('msg')
	return { message: requestErrorMessage(msg, getSession(context).current) }
}

export default function RequestErrorRoute({ loaderData }: Route.ComponentProps) {
	return (
		<section className="error-screen" aria-labelledby="request-error-title">
			<h1 id="request-error-title">Request failed</h1>
			<p className="error-screen__message">{loaderData.message}</p>
			<Link className="button" to="/">
				Back to Home
			</Link>
		</section>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Request failed | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
