import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** The whole URL map in one reviewed file (docs/decisions/002-explicit-routes.md). */
export default [
	route('login', 'routes/public/login.tsx'),
	route('debug', 'routes/public/debug.tsx'),
	route('logout', 'routes/resources/logout.ts'),
	route('healthcheck', 'routes/resources/healthcheck.ts'),
	layout('routes/portal/layout.tsx', [
		index('routes/portal/home.tsx'),
		route('request-error', 'routes/portal/request-error.tsx'),
		route('*', 'routes/portal/not-found.tsx'),
	]),
] satisfies RouteConfig
