import { afterEach, beforeEach, vi } from 'vitest'

// The portal's own database (sessions, list preferences) is a throwaway one in unit tests.
process.env.PORTAL_DB ??= ':memory:'

// Tests fail on unexpected console errors, so nothing broken passes quietly.
beforeEach(() => {
	vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
		throw new Error(`console.error: ${args.map(String).join(' ')}`)
	})
})
afterEach(() => {
	vi.restoreAllMocks()
})
