import { env } from '#app/.server/config/env.ts'

// Imported first by server/index.ts: every environment variable is checked before any module
// that reads one is loaded, and a bad one stops the server with its name, not a stack trace.
try {
	env()
} catch (error) {
	console.error(`The portal did not start. ${(error as Error).message}`)
	process.exit(1)
}
