import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './tests/utils/chromium.ts'

/**
 * The portal as it runs on several machines: every test goes through nginx to two instances
 * (round robin) sharing one store, with the sandbox presenter as its own process
 * (scripts/cluster.ts; needs the production build, PostgreSQL and nginx). One worker starts the
 * cluster once; the tests share it, each starting from a reset sandbox.
 */
export default defineConfig({
	testDir: 'tests/e2e-cluster',
	// Apart from the browser tests' folder: `npm test` runs this suite beside the checks before them.
	outputDir: 'test-results-cluster',
	timeout: 120_000,
	expect: { timeout: 10_000 },
	fullyParallel: false,
	forbidOnly: Boolean(process.env.CI),
	// One cluster (five processes) is all a small machine takes.
	workers: 1,
	retries: process.env.CI ? 1 : 0,
	reporter: [['list']],
	use: {
		trace: 'on-first-retry',
		launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS },
	},
	projects: [
		{ name: 'js', use: { javaScriptEnabled: true }, grepInvert: /@nojs-only/ },
		// Tests tagged @api talk to the server only (no page): one project runs them.
		{ name: 'nojs', use: { javaScriptEnabled: false }, grepInvert: /@js-only|@api/ },
	],
})
