import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** The whole URL map in one reviewed file (docs/decisions/002-explicit-routes.md). */
export default [
	route('login', 'routes/public/login.tsx'),
	route('debug', 'routes/public/debug.tsx'),
	route('logout', 'routes/resources/logout.ts'),
	route('healthcheck', 'routes/resources/healthcheck.ts'),
	layout('routes/portal/layout.tsx', [
		index('routes/portal/home.tsx'),
		route('products', 'routes/portal/products/layout.tsx', [
			index('routes/portal/products/index.tsx'),
			route(':category', 'routes/portal/products/category.tsx'),
			route(':category/:type', 'routes/portal/products/list.tsx', { id: 'products-type' }),
			route(':category/:type/:class', 'routes/portal/products/list.tsx', { id: 'products-class' }),
		]),
		route('search', 'routes/portal/search.tsx'),
		route('cart', 'routes/portal/cart.tsx'),
		route('quick-order', 'routes/portal/quick-order.tsx'),
		route('checkout', 'routes/portal/checkout/index.tsx'),
		route('checkout/complete', 'routes/portal/checkout/complete.tsx'),
		route('orders', 'routes/portal/transactions/orders.tsx'),
		route('orders/export', 'routes/portal/transactions/orders-export.ts'),
		...(['orders', 'quotes', 'invoices'] as const).flatMap((list) => [
			route(`${list}/:ref`, 'routes/portal/transactions/detail.tsx', { id: `${list}-detail` }),
			route(`${list}/:ref/document`, 'routes/portal/transactions/document.ts', {
				id: `${list}-document`,
			}),
		]),
		route('request-error', 'routes/portal/request-error.tsx'),
		route('*', 'routes/portal/not-found.tsx'),
	]),
] satisfies RouteConfig
