import { type Route } from './+types/debug'
import { getConfiguration, isEmbeddedEndpoint } from '#app/.server/config/config.ts'
import { getSession } from '#app/.server/request/context.ts'
import { getPresenter } from '#app/.server/presenter/index.ts'
import { identityOf } from '#app/.server/request/session.ts'

/**
 * Diagnostics for support staff, reachable without signing in. What tells an outsider
 * about the server — Node.js version, presenter endpoint, device and company ids, the presenter's
 * error text — shows only to a signed-in session, or to anyone in development
 * (docs/decisions/016-hardening.md). Everyone sees whether things work.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const result = getConfiguration()
	const identity = identityOf(getSession(context).current)
	const detailed = Boolean(identity) || import.meta.env.DEV
	let presenter: { ok: boolean; ms: number; detail: string } | null = null
	if (result.ok) {
		const start = performance.now()
		presenter = await getPresenter(request, { config: result.config })
			.config.getLoginText()
			.then(() => ({ ok: true, detail: 'Reachable' }))
			.catch((error: Error) => ({ ok: false, detail: detailed ? error.message : 'Unreachable' }))
			.then((r) => ({ ...r, ms: Math.round(performance.now() - start) }))
	}
	const configuration = !result.ok
		? { status: 'Configuration Unavailable', ...(detailed ? { detail: result.reason } : {}) }
		: detailed
			? {
					status: 'Loaded',
					endpoint: isEmbeddedEndpoint(result.config)
						? `${result.config.endpointUrl} (embedded sandbox)`
						: result.config.endpointUrl,
					device: result.config.device_id,
					company: `${result.config.company_name} (${result.config.company_id})`,
				}
			: { status: 'Loaded' }
	return {
		version: import.meta.env.VITE_APP_VERSION ?? 'dev',
		mode: import.meta.env.MODE,
		node: detailed ? process.version : null,
		time: new Date().toISOString(),
		configuration,
		signedIn: identity ? `Yes, as ${identity.username}` : 'No',
		presenter,
	}
}

export default function DebugRoute({ loaderData }: Route.ComponentProps) {
	const { configuration, presenter } = loaderData
	const rows = [
		['Version', loaderData.version],
		['Mode', loaderData.mode],
		['Node.js', loaderData.node],
		['Server time', loaderData.time],
		...Object.entries(configuration).map(([k, v]) => [`Configuration ${k}`, String(v)]),
		['Signed in', loaderData.signedIn],
		['Presenter', presenter ? `${presenter.detail} (${presenter.ms} ms)` : 'Not configured'],
	].filter((row): row is [string, string] => typeof row[1] === 'string')
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
