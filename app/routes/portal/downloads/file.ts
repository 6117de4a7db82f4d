import { data } from 'react-router'
import { type Route } from './+types/file'
import { requireArea } from '#app/.server/guard/access.ts'
import { startCustomer } from '#app/.server/request/context.ts'
import { attachment } from '#app/.server/request/files.ts'
import { logFailure } from '#app/.server/config/log.ts'

/** The file types the presenter streams; anything else is its error reply, not a file. */
const FILE_TYPES = ['application/pdf', 'text/csv']

/** One file of the Downloads page, under its own name. */
export async function loader({ params, context }: Route.LoaderArgs) {
	const { presenter } = startCustomer(context)
	const name = params.name
	if (!name || name.length > 200) throw data('Not Found', { status: 404 })
	// Access first (the top button bar is normally cached), so a refused file is never fetched.
	await requireArea(context, 'downloads')
	const file = await presenter.content.download(name).catch((error: unknown) => {
		// A redirect (the session expired) goes through; a failed file is not found.
		if (error instanceof Response) throw error
		logFailure(`Download of ${name}`, error)
		return null
	})
	const type = file?.headers.get('Content-Type') ?? ''
	if (!file || !FILE_TYPES.some((t) => type.startsWith(t))) {
		await file?.body?.cancel()
		throw data('Not Found', { status: 404 })
	}
	return new Response(file.body, {
		headers: {
			'Content-Type': type,
			'Content-Disposition': attachment(name),
			'Cache-Control': 'private, no-store',
		},
	})
}
