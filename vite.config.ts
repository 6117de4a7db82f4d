import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
	// NOTE: no data: URIs, so the CSP img-src/font-src can stay 'self'.
	build: { assetsInlineLimit: 0, target: 'es2022' },
	plugins: process.env.VITEST ? [] : [reactRouter()],
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
		setupFiles: ['./tests/setup/setup-test-env.ts'],
		restoreMocks: true,
		env: { TZ: 'UTC' },
	},
})
