import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './tests/utils/chromium.ts'

/**
 * End-to-end tests against the production build with the embedded sandbox presenter. Every
 * worker starts its own portal server with its own in-memory sandbox (tests/e2e/fixtures.ts),
 * so tests reset and reconfigure the sandbox without disturbing each other, and one browser
 * context reset between tests (the fixtures say what the reset covers).
 * Each flow runs twice: with JavaScript (`js`) and without (`nojs`).
 */
export default defineConfig<{ scriptsFail: boolean }>({
	testDir: 'tests/e2e',
	// Generous for a busy 2-core machine: axe on a large page takes seconds there. Assertions keep
	// their own 7 s.
	timeout: 60_000,
	expect: { timeout: 7_000 },
	// Every test starts from a reset sandbox on its worker's own portal, so any test may run on any
	// worker: the two workers share the load test by test, and no long file ends the run alone.
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	workers: 2,
	retries: process.env.CI ? 1 : 0,
	reporter: [['list']],
	use: {
		// Recording a trace for every test costs about a tenth of the run's CPU; a failure on CI is
		// retried once, with its trace (locally: --trace=on).
		trace: 'on-first-retry',
		launchOptions: {
			executablePath: TEST_CHROMIUM_PATH,
			args: CHROMIUM_FLAGS,
		},
	},
	projects: [
		// Tests tagged @nojs-only check the server's own validation, which JS-side rules pre-empt.
		{ name: 'js', use: { javaScriptEnabled: true }, grepInvert: /@nojs-only/ },
		// Tests tagged @js-only exercise enhancements that do not exist without JS; those tagged
		// @api talk to the server only (no page), so one project runs them.
		{ name: 'nojs', use: { javaScriptEnabled: false }, grepInvert: /@js-only|@api/ },
		// JavaScript on, but every request for the app's scripts fails (an old browser, a dropped
		// download, a proxy): the core flows (@core) must work as they do without JS.
		{
			name: 'scripts-failed',
			use: { javaScriptEnabled: true, scriptsFail: true },
			grep: /@core/,
			grepInvert: /@js-only/,
		},
	],
})
