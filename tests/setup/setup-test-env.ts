import { afterEach, beforeEach, vi } from 'vitest'

// Tests fail on unexpected console errors, so nothing broken passes quietly.
beforeEach(() => {
	vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
		throw new Error(`console.error: ${args.map(String).join(' ')}`)
	})
})
afterEach(() => {
	vi.restoreAllMocks()
})
