import { type Route } from './+types/index'
import { Configuration } from './configuration.tsx'
import { History } from './history.tsx'
import { PRICEBOOK_INTENTS, PRICEBOOK_PATH } from './intents.ts'
import { loadPriceBook, priceBookAction } from './pricebook.server.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog } from '#app/components/forms.tsx'
import { loadedWhenShown } from '#app/components/lazy.tsx'

/** The Request Changes dialog, loaded when it opens: conform's client leaves the first load. */
const LazyRequestChangesDialog = loadedWhenShown(
	() => import('./request-changes-dialog.tsx').then((m) => m.RequestChangesDialog),
	'.modal form',
)

/**
 * Price Book: the Current Configuration card, the history with checkboxes and
 * the 'Resend Selected' / 'Unselect All' bar, 'Request Config Changes' (dialog 'Request
 * Changes', `?dialog=request-changes`) and 'Request New Price Book'. A customer without a price
 * book sees only the presenter's message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	return loadPriceBook(request, context)
}

export async function action({ request, context }: Route.ActionArgs) {
	return priceBookAction(request, context)
}

export default function PriceBookRoute({ loaderData, actionData }: Route.ComponentProps) {
	if (!loaderData.priceBook) {
		return (
			<div className="account-area pricebook">
				<h1>{loaderData.message}</h1>
			</div>
		)
	}
	const { priceBook, dialog, options: choices } = loaderData
	return (
		<div className="account-area pricebook">
			<h1>Price Book</h1>
			{/* Failures are toasts; a refused send is answered here, with a 429. */}
			<FormErrorDialog
				result={actionData}
				errors={actionData?.error?.['']}
				closeTo={PRICEBOOK_PATH}
			/>
			<div className="pricebook__body">
				<Configuration lines={priceBook.configuration} />
				<section aria-labelledby="history-heading">
					<h2 id="history-heading">History</h2>
					{priceBook.history.length === 0 ? (
						<p className="empty-state">No record found</p>
					) : (
						<History rows={priceBook.history} />
					)}
				</section>
			</div>
			{dialog ? (
				<LazyRequestChangesDialog
					priceBook={priceBook}
					choices={choices}
					lastResult={
						actionData?.initialValue?.intent === PRICEBOOK_INTENTS.requestChanges
							? actionData
							: undefined
					}
				/>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Price Book | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
