import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import { type Route } from './+types/root'
import { getSession, sessionMiddleware } from './.server/context.ts'
import { FlashSchema } from './.server/flash.ts'
import { requireConfiguration } from './.server/presenter/index.ts'
import { themeCss } from './.server/theme.ts'
import { GeneralErrorBoundary } from './components/error-boundary.tsx'
import { UpdateBar } from './components/update-bar.tsx'
import { useNonce } from './components/nonce.tsx'
import { ProgressBar } from './components/progress-bar.tsx'
import appStylesheet from './styles/app.css?url'

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: appStylesheet },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/** The session (committed once on the way out), Server-Timing and the read memo of every request. */
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware]

export async function loader({ context }: Route.LoaderArgs) {
	const config = requireConfiguration()
	// Reading the flash consumes it: the next page does not show it again.
	const stored = getSession(context).current.get('flash')
	const flash = stored === undefined ? null : FlashSchema.safeParse(stored)
	return {
		flash: flash?.success ? flash.data : null,
		themeCss: themeCss(config.theme),
		companyName: config.company_name,
	}
}

const ENHANCED = "document.documentElement.dataset.js='true'"

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const rootData = useRouteLoaderData<typeof loader>('root')
	return (
		<html lang="en-AU">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				{/* Marks the document as enhanced before its first paint, so what CSS shows or hides
				    for JS (steppers' buttons, no-JS 'Update' buttons) does not move the page when the
				    app's script arrives. */}
				<script nonce={nonce} dangerouslySetInnerHTML={{ __html: ENHANCED }} />
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

export default function App() {
	return (
		<>
			<ProgressBar />
			<UpdateBar />
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
