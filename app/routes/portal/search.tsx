import { type Route } from './+types/search'
import {
	catalogueAction,
	listContext,
	listed,
	ListQuerySchema,
	loadProductDetail,
} from './products/catalogue.server.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { failureMessage } from '#app/.server/request/forms.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { ProductListing } from '#app/routes/portal/products/product-listing.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/** /search?value=: the whole catalogue by words, prices visible. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings } = await getCustomer(context)
	const { money } = displayFormat(settings)
	const session = getSession(context).current
	const url = pageUrl(request)
	const q = ListQuerySchema.parse(Object.fromEntries(url.searchParams))
	const value = (url.searchParams.get('value') ?? '').trim().slice(0, 200)
	const search = value
		? presenter.catalogue.searchProducts(value, settings.tax_inclusive).catch((error: unknown) => ({
				// A failed search shows the server's first message, or 'Unable to send request'.
				products: [],
				message: failureMessage(error, 'Unable to send request'),
			}))
		: Promise.resolve({ products: [], message: 'Please enter search term(s)' })
	const [result, detail] = await Promise.all([
		search,
		loadProductDetail(presenter, q.product, settings.tax_inclusive, money),
	]).catch(toRouteError)
	const start = (q.page - 1) * settings.pagesize
	return {
		value,
		products: listed(result.products.slice(start, start + settings.pagesize), money),
		message: result.message,
		page: q.page,
		hasNext: result.products.length > start + settings.pagesize,
		detail,
		tally: q.dialog === 'tally',
		...listContext(url, settings, session, true),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	return catalogueAction(request, context)
}

export default function SearchRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<div className="catalogue">
			<h1>Search results</h1>
			<ProductListing
				data={loaderData}
				actionData={actionData}
				search={{
					name: 'value',
					value: loaderData.value,
					placeholder: 'Search',
					label: 'Catalogue',
				}}
				pricesToggle={false}
				pagerWhenEmpty={false}
			/>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Search results | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
