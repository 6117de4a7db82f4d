import { randomBytes } from 'node:crypto'
import { createCookie } from 'react-router'
import { z } from 'zod'
import { cookieSecrets, cookieSecure } from '../request/session.ts'

/**
 * Device cookies (OWASP's answer to lockouts by guessing; docs/decisions/054-revocation-and-request-bounds.md):
 * a browser in which a user has signed in keeps a signed cookie naming them. A sign-in there for
 * that user counts its failures against this device, not against the user, so someone guessing
 * the user's password elsewhere cannot lock the user out of their own browser. A few users may
 * share a device (a counter in a shop); the most recent come first.
 */
const DEVICE_USERS = 5
const YEAR_SECONDS = 365 * 24 * 60 * 60

const deviceCookie = createCookie('__portal_device', {
	httpOnly: true,
	path: '/',
	sameSite: 'lax',
	secure: cookieSecure,
	secrets: cookieSecrets,
	maxAge: YEAR_SECONDS,
})

const DeviceEntries = z
	.array(z.object({ user: z.string(), nonce: z.string() }))
	.max(DEVICE_USERS)
	.catch([])
type DeviceEntries = z.infer<typeof DeviceEntries>

const userKey = (username: string) => username.trim().toLowerCase()

async function entries(request: Request): Promise<DeviceEntries> {
	const value: unknown = await deviceCookie.parse(request.headers.get('Cookie'))
	return DeviceEntries.parse(value ?? [])
}

/**
 * This browser's device key for `username` (the key its failures are counted under), when the
 * user has signed in successfully here before; otherwise undefined.
 */
export async function trustedDevice(request: Request, username: string) {
	const user = userKey(username)
	const entry = (await entries(request)).find((e) => e.user === user)
	return entry && `${entry.user}:${entry.nonce}`
}

/** The Set-Cookie that marks this browser as one `username` signed in from (a new nonce each time). */
export async function rememberDevice(request: Request, username: string) {
	const user = userKey(username)
	const others = (await entries(request)).filter((e) => e.user !== user)
	const next = [{ user, nonce: randomBytes(16).toString('base64url') }, ...others]
	return deviceCookie.serialize(next.slice(0, DEVICE_USERS))
}
