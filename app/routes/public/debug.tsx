import { type Route } from './+types/debug'
import { getConfiguration, isEmbeddedEndpoint } from '#app/.server/config.ts'
import { getSession } from '#app/.server/context.ts'
import { getPresenter } from '#app/.server/presenter/index.ts'
import { identityOf } from '#app/.server/session.ts'

/** Diagnostics for support staff, reachable without signing in; shows no secrets. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const result = getConfiguration()
	const identity = identityOf(getSession(context).current)
	let presenter: { ok: boolean; ms: number; detail: string } | null = null
	if (result.ok) {
		const start = performance.now()
		presenter = await getPresenter(request, { config: result.config })
			.config.getLoginText()
			.then(() => ({ ok: true, detail: 'Reachable' }))
			.catch((error: Error) => ({ ok: false, detail: error.message }))
			.then((r) => ({ ...r, ms: Math.round(performance.now() - start) }))
	}
	return {
		version: import.meta.env.VITE_APP_VERSION ?? 'dev',
		mode: import.meta.env.MODE,
		node: process.version,
		time: new Date().toISOString(),
		configuration: result.ok
			? {
					status: 'Loaded',
					endpoint: isEmbeddedEndpoint(result.config) ? `${result.config.endpointUrl} (embedded sandbox)` : result.config.endpointUrl,
					device: result.config.device_id,
					company: `${result.config.company_name} (${result.config.company_id})`,
				}
			: { status: 'Configuration Unavailable', detail: result.reason },
		signedIn: identity ? `Yes, as ${identity.username}` : 'No',
		presenter,
	}
}

export default function DebugRoute({ loaderData }: Route.ComponentProps) {
	const rows: Array<[string, string]> = [
		['Version', loaderData.version],
		['Mode', loaderData.mode],
		['Node.js', loaderData.node],
		['Server time', loaderData.time],
		...Object.entries(loaderData.configuration).map(([k, v]) => [`Configuration ${k}`, String(v)] as [string, string]),
		['Signed in', loaderData.signedIn],
		['Presenter', loaderData.presenter ? `${loaderData.presenter.detail} (${loaderData.presenter.ms} ms)` : 'Not configured'],
	]
	return (
		<main id="main" className="page page--narrow">
			<h1>Debug</h1>
			<dl className="debug-list">
				{rows.map(([term, value]) => (
					<div key={term}>
						<dt>{term}</dt>
						<dd>{value}</dd>
					</div>
				))}
			</dl>
			<p>
				<a href="/">Home</a>
			</p>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Debug | Trade Portal' }]
