import {
	data,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useRouteLoaderData,
} from 'react-router'
import { type Route } from './+types/root'
import { requireConfiguration } from './.server/presenter/index.ts'
import { getFlash } from './.server/flash.ts'
import { themeCss } from './.server/theme.ts'
import { serverTimingHeader, withRequestStore } from './.server/timing.ts'
import { GeneralErrorBoundary } from './components/error-boundary.tsx'
import { FlashMessage } from './components/flash-message.tsx'
import { useNonce } from './components/nonce.tsx'
import { ProgressBar } from './components/progress-bar.tsx'
import appStylesheet from './styles/app.css?url'

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: appStylesheet },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/** Collects presenter timings for the whole request and reports them in Server-Timing. */
export const middleware: Route.MiddlewareFunction[] = [
	async (_args, next) =>
		withRequestStore(async () => {
			const response = await next()
			const timing = serverTimingHeader()
			if (timing) response.headers.append('Server-Timing', timing)
			return response
		}),
]

export async function loader({ request }: Route.LoaderArgs) {
	const config = requireConfiguration()
	const { flash, headers } = await getFlash(request)
	return data(
		{
			flash,
			themeCss: themeCss(config.theme),
			companyName: config.company_name,
		},
		{ headers: headers ?? undefined },
	)
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const rootData = useRouteLoaderData<typeof loader>('root')
	return (
		<html lang="en-AU">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
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

export default function App({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<ProgressBar />
			<FlashMessage flash={loaderData.flash} />
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
