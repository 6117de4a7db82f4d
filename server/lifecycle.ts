import { type Server } from 'node:http'
import { hostname } from 'node:os'
import closeWithGrace from 'close-with-grace'
import type express from 'express'
import onHeaders from 'on-headers'
import { env } from '#app/.server/config/env.ts'
import { logger } from '#app/.server/observe/log.ts'

/** The response header naming the instance that answered, for telling instances apart behind a proxy. */
export const INSTANCE_HEADER = 'X-Portal-Instance'

/** This instance's name: PORTAL_INSTANCE, else host name and port. */
export function instanceName(port: number, name = env().PORTAL_INSTANCE) {
	return name?.trim() || `${hostname()}:${port}`
}

/** Whether the server is stopping: set once, on the stop signal. */
export type Lifecycle = { draining: boolean }

/**
 * Names the instance on every response and, once draining, answers the health check 503 (a load
 * balancer or monitor still holding a connection to this instance stops counting on it) and
 * closes each connection after its response, so no keep-alive connection outlives the stop.
 */
export function lifecycleMiddleware(name: string, lifecycle: Lifecycle): express.RequestHandler {
	return (req, res, next) => {
		res.setHeader(INSTANCE_HEADER, name)
		// Checked when the answer is sent, not when the request came: a request in flight at the
		// stop signal closes its connection too.
		onHeaders(res, () => {
			if (lifecycle.draining) res.setHeader('Connection', 'close')
		})
		if (lifecycle.draining && req.path === '/healthcheck')
			return void res.status(503).set('Cache-Control', 'no-store').json({ status: 'draining' })
		next()
	}
}

/**
 * Drains `server`: stops accepting connections at once, lets the requests in flight finish, closes
 * each connection as it goes idle, and after `graceMs` cuts whatever is still open. Resolves once
 * every connection is closed.
 */
export async function drain(server: Server, lifecycle: Lifecycle, graceMs: number) {
	lifecycle.draining = true
	const closed = new Promise<void>((resolve) => server.close(() => resolve()))
	// A keep-alive connection whose last answer was sent before the signal carries no
	// 'Connection: close': it is closed as soon as it is idle, here or on a later sweep.
	server.closeIdleConnections()
	const sweep = setInterval(() => server.closeIdleConnections(), 100)
	const cut = setTimeout(() => server.closeAllConnections(), graceMs)
	await closed
	clearInterval(sweep)
	clearTimeout(cut)
}

/**
 * On SIGTERM or SIGINT (or an uncaught error): drains `server` (see drain), then runs `close`
 * (the store, the embedded sandbox) and exits, 0 after a signal. A second signal, or a stop that
 * takes `graceMs` plus five seconds, exits 1 at once.
 */
export function stopGracefully(
	server: Server,
	lifecycle: Lifecycle,
	options: { graceMs: number; close: () => unknown },
) {
	closeWithGrace({ delay: options.graceMs + 5_000 }, async ({ err, signal }) => {
		if (err) logger().fatal({ err }, 'uncaught error: stopping')
		if (signal) logger().info(`${signal}: draining (up to ${options.graceMs} ms), then stopping`)
		await drain(server, lifecycle, options.graceMs)
		await options.close()
	})
}
