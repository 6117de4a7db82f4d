import './environment.ts'
import { createServer as createHttpServer, type RequestListener } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import onHeaders from 'on-headers'
import { type ServerBuild } from 'react-router'
import { isEmbeddedEndpoint, loadConfiguration } from '#app/.server/config/config.ts'
import { env } from '#app/.server/config/env.ts'
import {
	EMBEDDED_SANDBOX_HEADER,
	embeddedSandboxSecret,
} from '#app/.server/config/embedded-sandbox.ts'
import { logger } from '#app/.server/observe/log.ts'
import { observeRequests } from '#app/.server/observe/requests.ts'
import { startTracing } from '#app/.server/observe/tracing.ts'
import { publicOrigin } from '#app/.server/request/public-origin.ts'
import { CLIENT_ADDRESS_HEADER } from '#app/.server/guard/throttle.ts'
import { COMPRESSION } from './compression.ts'
import { instanceName, type Lifecycle, lifecycleMiddleware, stopGracefully } from './lifecycle.ts'
import { controlAccess, createSandbox, presenterAccess, type Sandbox } from './sandbox/index.ts'

/**
 * Whether a post comes from another site: its Origin is not this server's, or the browser says
 * (Sec-Fetch-Site) it was sent from another origin. A post with neither header (a browser older
 * than the supported ones, or a program) is judged by its Referer, when it has one.
 */
export function isCrossSitePost(req: Pick<express.Request, 'get'>, expected: string) {
	const origin = req.get('Origin')
	const site = req.get('Sec-Fetch-Site')
	if (origin && origin !== expected) return true
	if (site && site !== 'same-origin' && site !== 'none') return true
	if (origin || site) return false
	const referer = req.get('Referer')
	return referer ? URL.parse(referer)?.origin !== expected : false
}

/**
 * The portal server: hardening, static assets, the embedded sandbox presenter (when the
 * configuration points at it) and the React Router request handler.
 */
export async function createServer() {
	const { NODE_ENV: MODE, PORT, TRUST_PROXY, INSECURE_COOKIES, LOG_REQUESTS } = env()
	const app = express()
	app.disable('x-powered-by')
	// First: every request gets its id, its one log line and its server span (docs/decisions/065).
	app.use(observeRequests({ lines: LOG_REQUESTS }))
	// Every answer names this instance; once stopping, the health check says so
	// (server/lifecycle.ts).
	const lifecycle: Lifecycle = { draining: false }
	app.use(lifecycleMiddleware(instanceName(PORT), lifecycle))
	// res.send/res.json answers (the embedded presenter's replies, a few plain ones) are never
	// revalidated: no ETag, so no hash of every reply body. Files keep theirs.
	app.set('etag', false)
	app.set('trust proxy', TRUST_PROXY)
	app.use(compression(COMPRESSION))

	// CSP is set per response in app/entry.server.tsx (it needs the request's nonce).
	app.use(
		helmet({
			contentSecurityPolicy: false,
			crossOriginEmbedderPolicy: false,
			strictTransportSecurity: MODE === 'production' && !INSECURE_COOKIES,
			referrerPolicy: { policy: 'same-origin' },
		}),
	)

	// Only plain links and forms exist: GET, HEAD and POST. Anything else is refused here, before
	// any route or body parser, so PUT/DELETE/PATCH answer 405 everywhere (never a 500).
	app.use((req, res, next) => {
		if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') return next()
		res.status(405).set('Allow', 'GET, HEAD, POST').type('text').send('Method Not Allowed')
	})

	// A post answered before its body was read to the end (a refused form, a redirect to sign in)
	// closes the connection after the answer: the unread rest is never taken for the client's next
	// request, and nothing has to read a refused body.
	app.use((req, res, next) => {
		onHeaders(res, () => {
			if (!req.complete) res.setHeader('Connection', 'close')
		})
		next()
	})

	// Cross-site form posts are refused before any action (docs/decisions/054-revocation-and-request-bounds.md).
	app.use((req, res, next) => {
		if (req.method === 'GET' || req.method === 'HEAD') return next()
		if (isCrossSitePost(req, `${req.protocol}://${req.get('host')}`))
			return void res.status(403).type('text').send('Cross-origin request refused')
		next()
	})

	// The client's address for the sign-in throttle (app/.server/guard/throttle.ts), as Express sees it
	// through TRUST_PROXY; whatever the client itself sent in this header is replaced.
	app.use((req, _res, next) => {
		req.headers[CLIENT_ADDRESS_HEADER.toLowerCase()] = req.ip ?? req.socket.remoteAddress ?? ''
		next()
	})

	const configuration = loadConfiguration()
	let sandbox: Sandbox | undefined
	if (configuration.ok && isEmbeddedEndpoint(configuration.config)) {
		// Its functions answer this process only; its pictures and hosted payment page, which
		// browsers load, anyone (docs/decisions/052-embedded-sandbox-answers-only-the-portal.md).
		const {
			SANDBOX_DB,
			SANDBOX_PUBLIC,
			SANDBOX_CONTROL,
			SANDBOX_CONTROL_TOKEN,
			LOGIN_FAILURES_PER_USER,
		} = env()
		sandbox = createSandbox({
			dbFile: SANDBOX_DB,
			access: presenterAccess({
				header: EMBEDDED_SANDBOX_HEADER,
				secret: embeddedSandboxSecret(),
				open: SANDBOX_PUBLIC,
			}),
			signInLimit: LOGIN_FAILURES_PER_USER * 4,
		})
		if (SANDBOX_PUBLIC) {
			logger().warn(
				`SANDBOX_PUBLIC=true: the embedded sandbox presenter at ${configuration.config.endpointUrl} ` +
					'answers ANYONE, not only this portal: its userLogin has no per-address limit and a ' +
					'presenter session id reaches every function directly. Use it for a public demo only.',
			)
		}
		app.use(configuration.config.endpointUrl, sandbox.presenter)
		app.use(
			'/__sandbox',
			controlAccess({ SANDBOX_CONTROL: String(SANDBOX_CONTROL), SANDBOX_CONTROL_TOKEN }),
			sandbox.control,
		)
	}

	let build: ServerBuild | (() => Promise<ServerBuild>)
	if (MODE === 'production') {
		// Hashed assets never change; everything else in public/ may.
		app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
		// Only a path naming a file (favicon.svg, images/placeholder.svg) may be one of public/'s:
		// pages are not looked for on disk first.
		const publicFiles = express.static('build/client', { maxAge: '1h' })
		app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
		build = (await import(new URL('../build/server/index.js', import.meta.url).href)) as ServerBuild
	} else {
		const vite = await import('vite')
		const viteDevServer = await vite.createServer({ server: { middlewareMode: true } })
		app.use(viteDevServer.middlewares)
		build = () =>
			viteDevServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
	}

	// With the sandbox embedded this is the demo: its portal-side part (order limits, the
	// administrators) goes into the store the app uses, through the build's own store module.
	if (sandbox) {
		const current = typeof build === 'function' ? await build() : build
		const entry = current.entry.module as { seedDemoStore?: () => Promise<void> }
		await entry.seedDemoStore?.()
	}

	// Readiness: the store and the presenter are up (docs/decisions/065). /healthcheck stays liveness.
	app.get('/readyz', async (_req, res) => {
		const current = typeof build === 'function' ? await build() : build
		const entry = current.entry.module as { readiness?: () => Promise<{ ready: boolean }> }
		const state = (await entry.readiness?.()) ?? { ready: false }
		res
			.status(state.ready ? 200 : 503)
			.set('Cache-Control', 'no-store')
			.json(state)
	})

	// The version this server runs: a page from an older build offers 'Refresh to Update'.
	app.get('/version', async (_req, res) => {
		const current = typeof build === 'function' ? await build() : build
		res.set('Cache-Control', 'no-store').json({ version: current.assets.version })
	})
	app.all('/{*path}', createRequestHandler({ build, mode: MODE }))

	// Orders kept while the presenter was down are sent when it answers again (docs/decisions/064).
	const entry = (typeof build === 'function' ? await build() : build).entry.module as {
		startSendingQueued?: () => () => void
	}
	const stopSending = entry.startSendingQueued?.()

	/**
	 * Closes the portal's own store (sessions, preferences). The build bundles its own copy of the
	 * store module, and that copy holds the open handles: its entry module's closeStore, when it
	 * exports one, is the one to call.
	 */
	async function closeStore() {
		stopSending?.()
		const current = typeof build === 'function' ? await build() : build
		const entry = current.entry.module as { closeStore?: () => unknown }
		await entry.closeStore?.()
	}
	return { app, sandbox, lifecycle, closeStore }
}

/**
 * How long a client may take to send a request: its headers, and the whole request with its body.
 * Node's defaults (60 s and 300 s) let a client that declares a body and sends part of it hold a
 * connection for five minutes; the largest form (a 256 KB quick order) takes seconds on a phone.
 */
export const REQUEST_TIMEOUTS = { headersMs: 15_000, requestMs: 30_000 }

/**
 * How long an idle connection stays open for the client's next request. Node's 5 s closes it
 * about when a client pausing between requests sends its next one on it, and a client that does
 * not retry (an API client, a script; browsers do) gets a reset: 65 s, a minute's pause.
 */
export const KEEP_ALIVE_MS = 65_000

/**
 * An HTTP server for `handler` with the request timeouts. Node checks them every
 * `connectionsCheckingInterval` (30 s by default), so that is shortened to match.
 */
export function createPortalServer(handler: RequestListener, timeouts = REQUEST_TIMEOUTS) {
	return createHttpServer(
		{
			headersTimeout: timeouts.headersMs,
			requestTimeout: timeouts.requestMs,
			connectionsCheckingInterval: Math.min(5_000, timeouts.headersMs / 4),
			keepAliveTimeout: KEEP_ALIVE_MS,
		},
		handler,
	)
}

if (import.meta.main) {
	try {
		// The public address worked out before anything starts (the variables are checked already).
		publicOrigin()
	} catch (error) {
		console.error(`The portal did not start. ${(error as Error).message}`)
		process.exit(1)
	}
	const { PORT, HOST, SHUTDOWN_GRACE_MS, OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME } = env()
	// Without an endpoint the OpenTelemetry SDK is never loaded (docs/decisions/065).
	const tracing = OTEL_EXPORTER_OTLP_ENDPOINT
		? await startTracing(OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME)
		: undefined
	const { app, sandbox, lifecycle, closeStore } = await createServer()
	const server = createPortalServer(app).listen(PORT, HOST, () => {
		logger().info(
			`Trade portal on http://localhost:${PORT}${sandbox ? ' (sandbox presenter embedded)' : ''}`,
		)
	})
	stopGracefully(server, lifecycle, {
		graceMs: SHUTDOWN_GRACE_MS,
		close: async () => {
			await closeStore()
			sandbox?.close()
			await tracing?.shutdown()
		},
	})
}
