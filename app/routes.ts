import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** The whole URL map in one reviewed file (docs/decisions/002-explicit-routes.md). */
export default [
	route('login', 'routes/public/login.tsx'),
	route('register', 'routes/public/register.tsx'),
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
		route('checkout', 'routes/portal/checkout/index.tsx'),
		route('checkout/complete', 'routes/portal/checkout/complete.tsx'),
		route('orders', 'routes/portal/transactions/orders.tsx'),
		route('orders/export', 'routes/portal/transactions/orders-export.ts'),
		route('invoices', 'routes/portal/transactions/invoices.tsx'),
		route('invoices/export', 'routes/portal/transactions/invoices-export.ts'),
		route('statements', 'routes/portal/statements/index.tsx'),
		route('statements/:date', 'routes/portal/statements/detail.tsx'),
		route('statements/:date/document', 'routes/portal/statements/document.ts'),
		...(['orders', 'quotes', 'invoices'] as const).flatMap((list) => [
			route(`${list}/:ref`, 'routes/portal/transactions/detail.tsx', { id: `${list}-detail` }),
			route(`${list}/:ref/document`, 'routes/portal/transactions/document.ts', {
				id: `${list}-document`,
			}),
		]),
		route('custom-lists', 'routes/portal/custom-lists/index.tsx'),
		route('custom-lists/:id', 'routes/portal/custom-lists/detail.tsx'),
		route('custom-lists/:id/download', 'routes/portal/custom-lists/download.ts'),
		route('admin', 'routes/portal/admin/index.tsx'),
		route('admin/account/:id', 'routes/portal/admin/account.tsx'),
		route('downloads', 'routes/portal/downloads/index.tsx'),
		route('downloads/file/:name', 'routes/portal/downloads/file.ts'),
		route('pricebook', 'routes/portal/pricebook/index.tsx'),
		route('pay-account', 'routes/portal/payments/pay-account.tsx'),
		...(['payment-complete', 'payment-fail', 'payment-cancelled'] as const).map((page) =>
			route(page, 'routes/portal/payments/payment-result.tsx', { id: page }),
		),
		route('support', 'routes/portal/support.tsx', { id: 'support' }),
		route('contact-a-representative', 'routes/portal/support.tsx', { id: 'contact' }),
		route('stores', 'routes/portal/stores.tsx'),
		route('links', 'routes/portal/links.tsx'),
		route('request-error', 'routes/portal/request-error.tsx'),
		route('*', 'routes/portal/not-found.tsx'),
	]),
] satisfies RouteConfig
