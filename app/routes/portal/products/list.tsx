import { type Route } from './+types/list'
import {
	catalogueAction,
	listContext,
	listed,
	ListQuerySchema,
	loadProductDetail,
} from './catalogue.server.ts'
import { useCatalogue } from './layout.tsx'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { ProductListing } from './product-listing.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/**
 * A type's or a class's products (this module serves both routes). The page and the next page are
 * fetched together, so Next is disabled exactly when the following page is empty.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { presenter, settings } = await getCustomer(context)
	const { money } = displayFormat(settings)
	const session = getSession(context).current
	const url = pageUrl(request)
	const q = ListQuerySchema.parse(Object.fromEntries(url.searchParams))
	const query = {
		category: params.category,
		type: params.type,
		class: 'class' in params ? params.class : '',
		search: q.search,
		pageSize: settings.pagesize,
		incGST: settings.tax_inclusive,
	}
	const [current, next, detail] = await Promise.all([
		presenter.catalogue.listProducts({ ...query, page: q.page }),
		presenter.catalogue.listProducts({ ...query, page: q.page + 1 }),
		loadProductDetail(presenter, q.product, settings.tax_inclusive, money),
	]).catch(toRouteError)
	return {
		products: listed(current.products, money),
		message: current.message,
		page: q.page,
		hasNext: next.products.length > 0,
		search: q.search,
		detail,
		tally: q.dialog === 'tally',
		...listContext(url, settings, session),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	return catalogueAction(request, context)
}

export default function ProductListRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { heading } = useCatalogue()
	return (
		<ProductListing
			data={loaderData}
			actionData={actionData}
			search={{ name: 'search', value: loaderData.search, placeholder: heading }}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
