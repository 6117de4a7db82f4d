import { requireConfiguration } from '#app/.server/presenter/index.ts'
import { themeCss } from '#app/.server/display/theme.ts'
import { type Route } from './+types/sw-shell'

/**
 * What the service worker's offline page needs for the portal's header, which the supplier's
 * settings decide: the theme's colours (the same :root rule every page has) and the company's
 * name. The worker asks for it when it installs (sw/sw.ts, docs/decisions/057-offline.md).
 */
export function loader(_: Route.LoaderArgs) {
	const config = requireConfiguration()
	return Response.json(
		{ theme: themeCss(config.theme), company: config.company_name },
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}
