import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { LazyConfigurationUnavailable, LazyNeedsTheSystem } from './lazy-unavailable.tsx'

/** What the catch-all screen says when nothing meant for the customer was thrown. */
const SOMETHING_WENT_WRONG = 'Something went wrong.'

/**
 * The message a boundary may show: the portal's own text thrown with data(), or the response's
 * status text. An Error thrown by code (a bug, a failed script) is the developer's, never shown:
 * the customer reads 'Something went wrong.', the browser console and the server log the detail.
 */
export function getErrorMessage(error: unknown) {
	if (isRouteErrorResponse(error)) {
		if (typeof error.data === 'string' && error.data) return error.data
		return error.statusText || SOMETHING_WENT_WRONG
	}
	return SOMETHING_WENT_WRONG
}

export function NotFound() {
	return (
		<section className="error-screen" aria-labelledby="error-title">
			<h1 id="error-title">Page Not Found</h1>
			<p>We couldn't find the page you were looking for.</p>
			<Link className="button" to="/">
				Back to Home
			</Link>
		</section>
	)
}

/**
 * The catch-all error screen: 'An Error Occured' with the message; clearing it
 * returns to the home path. 404 and 'Configuration Unavailable' have their own screens.
 */
export function GeneralErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error)) {
		if (
			error.status === 503 &&
			(error.data as { configurationUnavailable?: boolean } | null)?.configurationUnavailable
		) {
			return <LazyConfigurationUnavailable />
		}
		if (error.status === 404) return <NotFound />
		if ((error.data as { presenterDown?: boolean } | null)?.presenterDown)
			return <LazyNeedsTheSystem />
	}
	return (
		<section className="error-screen" role="alert" aria-labelledby="error-title">
			<h1 id="error-title">An Error Occured</h1>
			<p className="error-screen__message">{getErrorMessage(error)}</p>
			<a className="button" href="/">
				Clear
			</a>
		</section>
	)
}
