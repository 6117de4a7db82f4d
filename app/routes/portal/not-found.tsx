import { data } from 'react-router'
import { type Route } from './+types/not-found'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/** Any path no route claims: a 404 inside the portal shell (after the layout's sign-in check). */
export function loader(): never {
	throw data('Not Found', { status: 404 })
}

export function action(): never {
	throw data('Not Found', { status: 404 })
}

export default function NotFoundRoute() {
	return null
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
