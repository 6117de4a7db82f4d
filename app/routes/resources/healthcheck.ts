import { getConfiguration } from '#app/.server/config/config.ts'
import { getPresenter } from '#app/.server/presenter/index.ts'
import { type Route } from './+types/healthcheck'

/** 200 when the configuration is loaded and the presenter answers; 503 otherwise. */
export async function loader({ request }: Route.LoaderArgs) {
	const result = getConfiguration()
	const headers = { 'Cache-Control': 'no-store' }
	if (!result.ok)
		return Response.json(
			{ status: 'error', detail: 'Configuration Unavailable' },
			{ status: 503, headers },
		)
	try {
		await getPresenter(request, { config: result.config }).config.getLoginText()
		return Response.json({ status: 'ok' }, { headers })
	} catch (error) {
		return Response.json(
			{ status: 'error', detail: (error as Error).message },
			{ status: 503, headers },
		)
	}
}
