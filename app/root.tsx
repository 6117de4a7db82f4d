import { lazy, Suspense, useEffect } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import { type Route } from './+types/root'
import { type loader as portalLoader } from './routes/portal/layout.tsx'
import { getSession, sessionMiddleware } from './.server/request/context.ts'
import { canDefer } from './.server/request/deferred.ts'
import { submissionMiddleware } from './.server/request/submissions.ts'
import { FlashSchema } from './.server/request/flash.ts'
import { requireConfiguration } from './.server/presenter/index.ts'
import { themeCss } from './.server/display/theme.ts'
import { Connection, offlineMiddleware } from './components/connection.tsx'
import { GeneralErrorBoundary } from './components/error-boundary.tsx'
import { UpdateBar } from './components/update-bar.tsx'
import { useNonce } from './components/nonce.tsx'
import { ProgressBar } from './components/progress-bar.tsx'
import appStylesheet from './styles/app.css?url'

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: appStylesheet },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/**
 * The session (committed once on the way out), Server-Timing and the read memo of every request;
 * then every keyed form post exactly once (app/.server/request/submissions.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, submissionMiddleware]

/** With JS, a post the network lost keeps the page and waits to be sent again. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [offlineMiddleware]

export async function loader({ request, context }: Route.LoaderArgs) {
	const config = requireConfiguration()
	// Reading the flash consumes it: the next page does not show it again.
	const stored = getSession(context).current.get('flash')
	const flash = stored === undefined ? null : FlashSchema.safeParse(stored)
	return {
		flash: flash?.success ? flash.data : null,
		/**
		 * The browser has run the app's scripts before (entry.client's cookie): a page it loads needs
		 * no autofocus, the app puts the focus (focus.tsx) and a brief message leaves after 3 s.
		 */
		scripted: canDefer(request),
		themeCss: themeCss(config.theme),
		companyName: config.company_name,
	}
}

/** How long a page may take to hydrate before it falls back to its no-JS form. */
const HYDRATION_DEADLINE_MS = 6000

/**
 * Marks the document as enhanced before its first paint, only in a browser that can run the
 * build (the browserslist in package.json: `:has()` for Chrome 105, Firefox 121 and Safari 15.4,
 * OffscreenCanvas for Safari 16.4), and takes the mark back if the app's scripts fail to load or
 * run, or have not hydrated the page after a few seconds: the page is then the no-JS page, whose
 * controls all work (docs/decisions/039). Hydrating marks it again (useHydratedMark).
 */
const ENHANCED = `(function(){var d=document.documentElement;
if(!(window.CSS&&CSS.supports&&CSS.supports('selector(:has(*))')&&'OffscreenCanvas' in window))return;
d.dataset.js='true';
function undo(){if(!d.dataset.hydrated)delete d.dataset.js}
addEventListener('error',function(e){var t=e.target;if(e instanceof ErrorEvent||t.tagName==='SCRIPT'||t.tagName==='LINK')undo()},true);
addEventListener('unhandledrejection',undo);
setTimeout(undo,${HYDRATION_DEADLINE_MS})})()`

/** Once React has hydrated the document: enhanced for good, even if the deadline had passed. */
function useHydratedMark() {
	useEffect(() => {
		const root = document.documentElement
		root.dataset.hydrated = 'true'
		root.dataset.js = 'true'
	}, [])
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	useHydratedMark()
	const rootData = useRouteLoaderData<typeof loader>('root')
	// A signed-in customer's locale (settings.locale); the sign-in pages are the default's.
	const portal = useRouteLoaderData<typeof portalLoader>('routes/portal/layout')
	return (
		<html lang={portal?.format.locale ?? 'en-AU'}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				{/* Marks the document as enhanced before its first paint, so what CSS shows or hides
				    for JS (steppers' buttons, no-JS 'Update' buttons) does not move the page when the
				    app's script arrives. */}
				{/* The server's: it has run by the time the app hydrates, which keeps it as it is
				    (so the browser's build does not carry its text). */}
				<script
					nonce={nonce}
					suppressHydrationWarning
					dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? ENHANCED : '' }}
				/>
				<Meta />
				<Links />
				{rootData ? (
					<style nonce={nonce} suppressHydrationWarning>
						{rootData.themeCss}
					</style>
				) : null}
			</head>
			<body>
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

/** Focus and announcements as the page changes (focus.tsx): loaded once the page has hydrated. */
const RouteFocus = lazy(() =>
	import('./components/focus.tsx').then((m) => ({ default: m.RouteFocus })),
)

export default function App() {
	return (
		<>
			<Suspense>
				<RouteFocus />
			</Suspense>
			<ProgressBar />
			<UpdateBar />
			<Connection />
			<Outlet />
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.companyName ? `${loaderData.companyName} Trade Portal` : 'Trade Portal' },
]

export function ErrorBoundary() {
	return (
		<main className="page page--narrow">
			<GeneralErrorBoundary />
		</main>
	)
}
