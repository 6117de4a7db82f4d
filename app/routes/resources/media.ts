import { type Route } from './+types/media'
import { getConfiguration } from '#app/.server/config/config.ts'
import { presenterMedia } from '#app/.server/request/media.ts'

/** /media?src=…: a presenter picture, or the placeholder (404) when it is missing. */
export async function loader({ request }: Route.LoaderArgs) {
	const src = new URL(request.url).searchParams.get('src')?.slice(0, 2000) ?? ''
	const result = getConfiguration()
	if (!result.ok || !src) return new Response('Not Found', { status: 404 })
	return presenterMedia(src, result.config)
}
