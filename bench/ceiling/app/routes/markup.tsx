import { type ReactNode } from 'react'
import { capturedElements } from '../markup.server.ts'

/**
 * The ceiling of a portal page (bench/floor/app/markup.server.ts): its captured markup, built into
 * elements on the first request and rendered as they are on every one after. A bench fixture for
 * the server only: the elements stay in the server's memory, so a browser's hydration shows nothing.
 */
const elements = new Map<string, ReactNode>()

export const meta = () => [{ title: 'Ceiling' }]

export function loader({ params }: { params: { page?: string } }) {
	const page = params.page ?? ''
	const dir = process.env.FLOOR_MARKUP_DIR
	if (!dir) throw new Response('FLOOR_MARKUP_DIR is not set', { status: 404 })
	if (!elements.has(page)) elements.set(page, capturedElements(dir, page))
	return { page }
}

export default function Markup({ loaderData }: { loaderData: { page: string } }) {
	return elements.get(loaderData.page) ?? null
}
