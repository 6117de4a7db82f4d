import { AsyncLocalStorage } from 'node:async_hooks'
import type * as Api from '@opentelemetry/api'
import { type Logger } from 'pino'

/** The loaded OpenTelemetry pieces: present only when tracing was started (tracing.ts). */
export type Tracing = {
	api: typeof Api
	tracer: Api.Tracer
	/** Sends the spans ended so far (tests; a stop). */
	flush(): Promise<void>
	shutdown(): Promise<void>
}

/** One presenter call of a request, as its log line and its trace show it. */
export type PresenterCall = {
	fn: string
	ms: number
	/** 'ok', 'cached', or what failed: the presenter error's kind, or 'error'. */
	outcome: string
}

/** What is known of the request being answered (one per request, in `requests`). */
export type ObservedRequest = {
	id: string
	calls: PresenterCall[]
	/** Calls past the log line's limit, counted only. */
	moreCalls: number
	/** Why the request was refused, when React Router said (a 405's message). */
	reason?: string
	/** The request's server span, when tracing is on (an OpenTelemetry Span). */
	span?: unknown
}

type Shared = {
	logger?: Logger
	tracing?: Tracing
	requests: AsyncLocalStorage<ObservedRequest>
}

/**
 * The state of observation, shared by the server's modules and the build's own copies of the same
 * modules (the build bundles app/.server, so a module-level variable would exist twice): one
 * logger, one tracer, one request store for the process, kept on globalThis under a registered
 * symbol.
 */
export const shared: Shared = ((globalThis as Record<symbol, Shared>)[
	Symbol.for('trade-portal.observe')
] ??= { requests: new AsyncLocalStorage<ObservedRequest>() })
