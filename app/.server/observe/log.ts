import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino'
import { shared } from './shared.ts'

/**
 * The process's logger: JSON lines on stdout (pino), each carrying the id of the request it was
 * written for, when there is one. Created on first use; tests swap it with useLogger.
 */
export function logger(): Logger {
	shared.logger ??= createLogger()
	return shared.logger
}

/** A logger writing to `destination` (stdout by default), as logger() makes it. */
export function createLogger(destination?: DestinationStream): Logger {
	return pino(
		{
			base: { pid: process.pid },
			timestamp: pino.stdTimeFunctions.isoTime,
			formatters: { level: (label) => ({ level: label }) },
			serializers: { err: stdSerializers.err },
			mixin: () => {
				const request = shared.requests.getStore()
				return request ? { reqId: request.id } : {}
			},
		},
		destination ?? pino.destination(1),
	)
}

/** Makes `next` the process's logger (tests capture the output); returns the previous one. */
export function useLogger(next: Logger | undefined) {
	const previous = shared.logger
	shared.logger = next
	return previous
}
