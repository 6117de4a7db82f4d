import { reactRouter } from '@react-router/dev/vite'
import { configDefaults, defineConfig } from 'vitest/config'
import { serviceWorker } from './sw/build.ts'

export default defineConfig(({ command }) => ({
	// NOTE: no data: URIs, so the CSP img-src/font-src can stay 'self'.
	build: {
		assetsInlineLimit: 0,
		target: 'es2022',
		// A dynamic import preloads what its chunk needs, less the files every page has loaded before
		// any script runs (the entry imports them): naming those in every lazy import's list cost each
		// page 30-70 B gzipped (docs/decisions/037).
		modulePreload: {
			resolveDependencies: (_file, deps) =>
				deps.filter((dep) => !/\/(framework|kit|rolldown-runtime)-/.test(dep)),
		},
	},
	// The server build carries date-fns, only what the portal uses: loaded from node_modules, its
	// 250 small modules each made Node read its 200 KB package.json, a second of every start
	// (docs/decisions/051). The dev server and the unit tests load it as they did.
	ssr: command === 'build' ? { noExternal: ['date-fns'] } : {},
	environments: {
		client: {
			build: {
				rolldownOptions: {
					output: {
						// Fewer, larger scripts per page (docs/decisions/037): every page loads React, React DOM and
						// React Router, so they are one file; the small app-wide components and helpers that many
						// routes share are another. Everything else is split automatically, by the routes that use it.
						codeSplitting: {
							groups: [
								{
									name: 'framework',
									test: /node_modules\/(react|react-dom|scheduler|react-router)\//,
									priority: 3,
								},
								{
									// The list kit (controls, table, row selection, and the list helpers they import): one
									// file that only the list pages load, as when it was one module. Before the kit, which
									// would otherwise take the table onto every page.
									name: 'list',
									test: /\/app\/components\/list(-table|-selection)?\.tsx$/,
									priority: 2,
								},
								{
									name: 'kit',
									test: /\/app\/(components|utils)\/(?!typed-money\.)[^/]+\.tsx?$|remix-utils\/build\/react\/use-hydrated/,
									// Loaded up front by at least three routes, each module under 6 KB before minifying;
									// code that only a dynamic import reaches stays lazy. Typed money (the forms that take an
									// amount: pay account, a user's limits, a job's budget) stays with those pages.
									tags: ['$initial'],
									minShareCount: 3,
									maxModuleSize: 6000,
									priority: 1,
								},
								{
									// The rest of conform's client, which every page with a form of its own loads whole: one
									// file, not two that always came together. After the kit, which keeps the helpers the
									// forms kit imports (a page without a form does not load this).
									name: 'conform',
									test: /node_modules\/@conform-to\/(dom|react)\//,
									priority: 0,
								},
							],
						},
					},
				},
			},
		},
	},
	// The service worker is built after the client bundle, from its manifest (docs/decisions/066).
	plugins: process.env.VITEST ? [] : [reactRouter(), serviceWorker()],
	test: {
		setupFiles: ['./tests/setup/setup-test-env.ts'],
		restoreMocks: true,
		env: { TZ: 'UTC' },
		// npm test runs the unit tests beside the type check, the lint, the build and the cluster
		// suite on two cores: a test that starts a process or reads every seeded file can take
		// several seconds there. No test asserts a time against this.
		testTimeout: 30_000,
		// One module graph per worker, not per file: the suite imports the same modules in every
		// file (the sandbox, the contract), and nothing relies on a fresh copy.
		isolate: false,
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: [
						'app/**/*.test.{ts,tsx}',
						'server/**/*.test.ts',
						'tests/unit/**/*.test.{ts,tsx}',
					],
					exclude: [...configDefaults.exclude, 'app/.server/store/**'],
				},
			},
			{
				// The store's tests run against a throwaway PostgreSQL too, started once for the run.
				extends: true,
				test: {
					name: 'store',
					include: ['app/.server/store/**/*.test.ts'],
					globalSetup: ['./tests/setup/postgres-global.ts'],
				},
			},
		],
	},
}))
