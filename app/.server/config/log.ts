import { z } from 'zod'
import { logger } from '../observe/log.ts'

/** Why `error` happened, in one line: a refused value's field and message, or the error's message. */
export function reasonOf(error: unknown) {
	const reason =
		error instanceof z.ZodError
			? error.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ')
			: error instanceof Error
				? error.message
				: String(error)
	return reason.replace(/\s+/g, ' ').trim()
}

/**
 * Logs that `what` failed, as one line (JSON, with the request's id) with the reason: the log's
 * readers search for failures line by line, and a stack trace over many lines hides which call it
 * was. For what the portal expects to fail now and then (an email, a best-effort record).
 */
export function logFailure(what: string, error: unknown) {
	logger().error({ reason: reasonOf(error) }, `${what} failed`)
}
