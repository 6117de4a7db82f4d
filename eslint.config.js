import js from '@eslint/js'
import compat from 'eslint-plugin-compat'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
			// Settings-provided HTML is sanitised on the server (app/.server/sanitize.ts).
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
		// Shared components serve several route areas; UI used by one area lives beside its route
		// (docs/guides/adding-a-route.md), so the dependency only ever points from routes to here.
		files: ['app/components/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
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
		// What runs in the browser (the service worker too) uses only what the browsers in
		// package.json's browserslist have.
		files: ['app/**/*.{ts,tsx}', 'sw/sw.ts'],
		ignores: ['app/.server/**', 'app/**/*.server.ts', 'app/**/*.test.{ts,tsx}'],
		...compat.configs['flat/recommended'],
	},
)
