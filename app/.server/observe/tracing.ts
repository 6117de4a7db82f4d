import { type Span } from '@opentelemetry/api'
import { shared, type Tracing } from './shared.ts'

/**
 * Starts tracing to the OTLP/HTTP collector at `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT: spans go to
 * its /v1/traces, as JSON). The SDK is imported here and only here: a portal without the endpoint
 * never loads it, and every span helper below is a no-op (docs/decisions/065).
 */
export async function startTracing(endpoint: string, serviceName: string): Promise<Tracing> {
	const [
		api,
		{ TracerProvider, BatchSpanProcessor },
		{ OTLPTraceExporter },
		{ resourceFromAttributes },
	] = await Promise.all([
		import('@opentelemetry/api'),
		import('@opentelemetry/sdk-trace'),
		import('@opentelemetry/exporter-trace-otlp-http'),
		import('@opentelemetry/resources'),
	])
	const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` })
	const provider = new TracerProvider({
		resource: resourceFromAttributes({ 'service.name': serviceName }),
		spanProcessors: [new BatchSpanProcessor({ exporter })],
	})
	const tracing: Tracing = {
		api,
		tracer: provider.getTracer('trade-portal'),
		flush: () => provider.forceFlush(),
		shutdown: () => provider.shutdown(),
	}
	shared.tracing = tracing
	return tracing
}

/** Stops tracing: what is buffered is sent, and the span helpers are no-ops again. */
export async function stopTracing() {
	const tracing = shared.tracing
	shared.tracing = undefined
	await tracing?.shutdown()
}

/** A server span for a request now starting, or undefined when tracing is off. */
export function startServerSpan(method: string, path: string): Span | undefined {
	const tracing = shared.tracing
	if (!tracing) return undefined
	return tracing.tracer.startSpan(`${method} ${path}`, {
		kind: tracing.api.SpanKind.SERVER,
		attributes: { 'http.request.method': method, 'url.path': path },
	})
}

/** Ends a request's server span with its answer's status (5xx marks it failed). */
export function endServerSpan(span: unknown, status: number) {
	const tracing = shared.tracing
	if (!tracing || !span) return
	const server = span as Span
	server.setAttribute('http.response.status_code', status)
	if (status >= 500) server.setStatus({ code: tracing.api.SpanStatusCode.ERROR })
	server.end()
}

/**
 * A client span for a presenter call that ran from `start` for `ms` (performance.now() times), a
 * child of the request's server span `parent`.
 */
export function presenterSpan(
	parent: unknown,
	fn: string,
	start: number,
	ms: number,
	outcome: string,
) {
	const tracing = shared.tracing
	if (!tracing) return
	const { api } = tracing
	const epoch = performance.timeOrigin
	const context = parent ? api.trace.setSpan(api.ROOT_CONTEXT, parent as Span) : api.ROOT_CONTEXT
	const span = tracing.tracer.startSpan(
		`presenter ${fn}`,
		{
			kind: api.SpanKind.CLIENT,
			startTime: epoch + start,
			attributes: { 'rpc.system': 'presenter', 'rpc.method': fn, 'presenter.outcome': outcome },
		},
		context,
	)
	if (outcome !== 'ok' && outcome !== 'cached') span.setStatus({ code: api.SpanStatusCode.ERROR })
	span.end(epoch + start + ms)
}
