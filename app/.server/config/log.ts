import { z } from 'zod'

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
 * Logs that `what` failed, as one line with the reason: the log's readers search for failures
 * line by line, and a stack trace over many lines hides which call it was.
 */
export function logFailure(what: string, error: unknown) {
	console.error(`${what} failed: ${reasonOf(error)}`)
}
