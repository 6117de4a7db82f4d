import { data } from 'react-router'
import { type Route } from './+types/not-found'
import { requireCustomer } from '#app/.server/auth.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/** Any path no route claims: a 404 inside the portal shell (after the sign-in check). */
export async function loader({ request }: Route.LoaderArgs) {
	await requireCustomer(request)
	throw data('Not Found', { status: 404 })
}

export async function action({ request }: Route.ActionArgs) {
	await requireCustomer(request)
	throw data('Not Found', { status: 404 })
}

export default function NotFoundRoute() {
	return null
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
