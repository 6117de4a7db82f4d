import js from '@eslint/js'
import compat from 'eslint-plugin-compat'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * An import that climbs two folders or more names a place the package's import aliases name
 * better (#app/*, #server/*, #scripts/*, #tests/*, #sw/*). Every no-restricted-imports list below repeats
 * it: a later list replaces an earlier one for the files both match.
 */
const climbing = {
	regex: '^(\\.\\./){2,}',
	message:
		"Import through the package's alias (#app/, #server/, #scripts/, #tests/, #sw/), not ../../.",
}

export default tseslint.config(
	{
		ignores: [
			'build/',
			'.react-router/',
			'node_modules/',
			'test-results/',
			'playwright-report/',
			'.data/',
			'bench/floor/build/',
			'bench/ceiling/build/',
			'bench/results/',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		languageOptions: {
			globals: { ...globals.node, ...globals.browser },
			parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
		},
		plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
		rules: {
			...reactHooks.configs.recommended.rules,
			...jsxA11y.flatConfigs.recommended.rules,
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
			],
			// Settings-provided HTML is sanitised on the server (app/.server/request/sanitize.ts).
			'react/no-danger': 'off',
		},
	},
	{
		files: [
			'**/*.server.ts',
			'**/*.server.test.ts',
			'app/.server/**',
			'server/**',
			'tests/e2e/**',
			'tests/e2e-cluster/**',
		],
		rules: { 'react-hooks/rules-of-hooks': 'off' },
	},
	{
		files: ['app/**', 'server/**', 'scripts/**', 'tests/**'],
		rules: { 'no-restricted-imports': ['error', { patterns: [climbing] }] },
	},
	{
		// Shared components serve several route areas; UI used by one area lives beside its route
		// (docs/guides/adding-a-route.md), so the dependency only ever points from routes to here.
		files: ['app/components/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						climbing,
						{
							group: ['#app/routes/*', '**/routes/*'],
							message:
								'Components must not import routes: move the component beside its route, or the shared piece out of the route.',
						},
					],
				},
			],
		},
	},
	{
		// Server modules return data; markup is the routes' and components' business.
		files: ['app/.server/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						climbing,
						{
							group: ['#app/components/*', '**/components/*'],
							message:
								'app/.server must not import components: return data and let the route render it.',
						},
					],
				},
			],
		},
	},
	{
		// A route's server module is its own: what two routes share lives in app/.server (the
		// order domain, the list kit), so no route reaches into another's server code.
		files: ['app/routes/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						climbing,
						{
							group: ['../**/*.server', '../**/*.server.ts', '#app/routes/**/*.server*'],
							message:
								"Routes must not import another route's server module: move what they share into app/.server.",
						},
					],
				},
			],
		},
	},
	{
		// The sandbox stands in for the supplier's ERP: it speaks the presenter protocol and nothing
		// else of the portal, so it may import the presenter contract and no other portal module.
		// Its tests may: they drive it through the portal's own presenter client.
		files: ['server/sandbox/**'],
		ignores: ['server/sandbox/**/*.test.ts', 'server/sandbox/test-harness.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						climbing,
						{
							regex: '^(#app/|(\\.\\./)+app/)(?!\\.server/presenter/contract/)',
							message:
								'The sandbox is the ERP: it imports only the presenter contract (app/.server/presenter/contract/) of the portal. Give it its own code for the rest.',
						},
					],
				},
			],
		},
	},
	{
		// What runs in the browser (the service worker too) uses only what the browsers in
		// package.json's browserslist have.
		files: ['app/**/*.{ts,tsx}', 'sw/sw.ts'],
		ignores: ['app/.server/**', 'app/**/*.server.ts', 'app/**/*.test.{ts,tsx}'],
		...compat.configs['flat/recommended'],
	},
)
