import { createCookie, redirect } from 'react-router'
import { z } from 'zod'
import { cookieSecure } from './session.ts'

export const FlashSchema = z.object({
	type: z.enum(['success', 'error']),
	message: z.string().min(1),
})
export type Flash = z.infer<typeof FlashSchema>

const flashCookie = createCookie('__flash', {
	httpOnly: true,
	path: '/',
	sameSite: 'lax',
	secure: cookieSecure,
	maxAge: 60,
})

export function flashHeader(flash: Flash) {
	return flashCookie.serialize(flash)
}

/** Post/redirect/get with a message the next page renders (server-side, so it shows without JS). */
export async function redirectWithFlash(url: string, flash: Flash, init: ResponseInit = {}) {
	const headers = new Headers(init.headers)
	headers.append('Set-Cookie', await flashHeader(flash))
	return redirect(url, { ...init, headers })
}

/** Reads the flash once; the returned header clears it. */
export async function getFlash(request: Request) {
	const value: unknown = await flashCookie.parse(request.headers.get('Cookie'))
	const parsed = FlashSchema.safeParse(value)
	if (!parsed.success) return { flash: null, headers: null }
	const clear = await flashCookie.serialize('', { maxAge: 0 })
	return { flash: parsed.data, headers: { 'Set-Cookie': clear } }
}
