import { Form, Link, redirect } from 'react-router'
import { type Route } from './+types/detail'
import { detailAction, parseRef, TYPE_PATHS, typeOfRequest } from './detail.server.ts'
import { DETAIL_INTENTS } from './intents.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { acceptanceNeedsApproval, describeLengths, keptLengths } from '#app/.server/orders/index.ts'
import { isPresenterError, toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { REQUEST_FAILED } from '#app/.server/request/request-error.ts'
import { outcomesInMoney, shownOutcomes } from '#app/.server/cart/reorder.ts'
import { taxWording } from '#app/.server/display/wording.ts'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { LazyAcceptDialog, LazyRequestChangeDialog } from './lazy-detail-dialogs.tsx'
import { LazyCommentDialog, LazyEmailDialog } from '#app/components/lazy-document-dialogs.tsx'
import { ReorderForm } from './reorder-form.tsx'
import { TransactionLines, TransactionSummary } from './transaction-summary.tsx'

const DIALOGS = ['email', 'comment', 'request-change', 'accept'] as const
const LIST_PAGES = {
	Order: ['Orders', '/orders'],
	Quote: ['Quotes', '/orders?type=Quote'],
	Invoice: ['Invoices', '/invoices'],
} as const

/**
 * A transaction that cannot be loaded replaces the location with /request-error.
 * The presenter's message is kept in the session too: the page shows only what the server said.
 */
function requestError(context: Route.LoaderArgs['context'], message?: string) {
	if (message) getSession(context).current.set('requestError', message)
	return redirect(`/request-error?${new URLSearchParams({ msg: message || REQUEST_FAILED })}`)
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const customer = await getCustomer(context)
	const { presenter, settings, config } = customer
	const type = typeOfRequest(request)
	const ref = parseRef(params.ref)
	if (!ref) throw requestError(context)
	// The transaction and the user (for the dialogs' defaults) in one parallel round.
	const userDetails = presenter.users.getDetails()
	userDetails.catch(() => {})
	let detail
	try {
		detail = await presenter.transactions.get(ref.number, ref.suffix)
	} catch (error) {
		if (!isPresenterError(error) || error.kind === 'transport' || error.kind === 'invalid-reply')
			toRouteError(error)
		throw requestError(context, error.firstMessage)
	}
	if (!detail) throw requestError(context)
	if (detail.transactionType !== type) {
		throw redirect(`/${TYPE_PATHS[detail.transactionType]}/${ref.number}-${ref.suffix}`)
	}
	const dialog = pageUrl(request).searchParams.get('dialog')
	const [user, acceptApproval, lengths] = await Promise.all([
		userDetails.catch(toRouteError),
		// Accepting a quote is buying: over the user's limits it is sent for approval (decision 060).
		type === 'Quote' ? acceptanceNeedsApproval(customer, detail).catch(toRouteError) : null,
		// The cut list of what the portal placed (the presenter keeps only the metres).
		keptLengths(customer.identity.customerId, detail),
	])
	const here = `/${TYPE_PATHS[type]}/${ref.number}-${ref.suffix}`
	const { money, date } = displayFormat(settings)
	return {
		detail,
		shown: {
			lines: detail.LineDetailsTP.map((l) => ({
				lineNum: l.lineNum,
				productDesc: l.productDesc,
				productCode: l.productCode,
				quantity: l.quantity,
				unitOfMeasure: l.unitOfMeasure,
				unitPrice: money(l.unitPrice),
				linePrice: money(l.linePrice),
				lengths: describeLengths(lengths.get(l.lineNum) ?? []),
			})),
			date: date(type === 'Invoice' ? detail.invoiceDate : detail.deliveryDate),
			exTax: money(detail.transactionTotalAmountExcGST),
			tax: money(detail.transactionTotalGST),
			total: money(detail.transactionTotalAmountIncGST),
		},
		type,
		here,
		dialog: DIALOGS.find((d) => d === dialog) ?? null,
		buttons: {
			copyToCart: !settings.shopping_cart_disabled,
			payInvoice:
				type === 'Invoice' &&
				detail.transactionTotalAmountIncGST > 0 &&
				!settings.pay_account_button_disabled,
			requestChange: type !== 'Invoice',
			accept: type === 'Quote',
			comment: type === 'Invoice',
		},
		/** Under the region flag the ex-tax and tax rows are hidden. */
		showTaxRows: !config.usa,
		taxLabel: taxWording(settings).tax,
		format: { locale: settings.locale, currency: settings.currency },
		userEmail: user.userEmailAddress,
		/** Why accepting this quote needs an administrator's approval, or null. */
		acceptApproval,
		/** What the last reorder from here did with each line (app/.server/cart/reorder.ts). */
		reorder: settings.shopping_cart_disabled
			? []
			: outcomesInMoney(shownOutcomes(getSession(context).current, here), money),
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	return detailAction(request, context, params.ref)
}

export default function TransactionRoute({ loaderData, actionData }: Route.ComponentProps) {
	const {
		detail,
		shown,
		type,
		here,
		dialog,
		buttons,
		showTaxRows,
		taxLabel,
		format,
		userEmail,
		reorder,
		acceptApproval,
	} = loaderData
	const number =
		type === 'Invoice'
			? `${detail.transactionNumber}-${detail.transactionSuffix}`
			: String(detail.transactionNumber)
	const [listLabel, listHref] = LIST_PAGES[type]
	// A dialog's own reply (field errors) goes back to it; form errors show in the 'Error' dialog.
	const dialogResult = (intent: string) =>
		actionData?.initialValue?.intent === intent ? actionData : undefined
	return (
		<div className="transaction">
			<Breadcrumbs
				crumbs={[
					{ label: listLabel, to: listHref },
					{ label: `${type} ${number}`, to: here },
				]}
			/>
			<h1>
				{type} {number}
			</h1>
			<FormErrorDialog result={actionData} errors={actionData?.error?.['']} closeTo={here} />
			<div className="transaction__actions">
				<a className="button" href={`${here}/document`} download>
					Download
				</a>
				<Link className="button" to={`${here}?dialog=email`} preventScrollReset>
					Email
				</Link>
				{buttons.copyToCart ? (
					<Form method="post" action={here} className="inline-form">
						<SubmissionKey />
						<StatusButton name="intent" value={DETAIL_INTENTS.copyToCart}>
							Copy to Cart
						</StatusButton>
					</Form>
				) : null}
				{buttons.payInvoice ? (
					<Link
						className="button button--primary"
						to={`/pay-account?invoiceId=${detail.transactionNumber}&suffix=${detail.transactionSuffix}`}
					>
						Pay Invoice
					</Link>
				) : null}
				{buttons.requestChange ? (
					<Link className="button" to={`${here}?dialog=request-change`} preventScrollReset>
						Request Change
					</Link>
				) : null}
				{buttons.accept ? (
					<Link className="button button--primary" to={`${here}?dialog=accept`} preventScrollReset>
						Accept
					</Link>
				) : null}
				{buttons.comment ? (
					<Link className="button" to={`${here}?dialog=comment`} preventScrollReset>
						{detail.comment_tportal ? 'Edit Comment' : 'Add Comment'}
					</Link>
				) : null}
			</div>
			{/* Without JS an open dialog is a section here, right under the buttons that opened it. */}
			{dialog === 'email' ? (
				<LazyEmailDialog
					id="email"
					title={`Email ${type}`}
					kind={type}
					numbers={[number]}
					formats={type === 'Invoice'}
					action={`${here}?dialog=email`}
					closeTo={here}
					intent={DETAIL_INTENTS.email}
					lastResult={dialogResult(DETAIL_INTENTS.email)}
					loadCheck={() => import('./detail.forms.ts').then((m) => m.EmailFields)}
				/>
			) : null}
			{dialog === 'comment' && buttons.comment ? (
				<LazyCommentDialog
					id="comment"
					comment={detail.comment_tportal}
					action={`${here}?dialog=comment`}
					closeTo={here}
					intent={DETAIL_INTENTS.comment}
					lastResult={dialogResult(DETAIL_INTENTS.comment)}
					loadCheck={() => import('./detail.forms.ts').then((m) => m.CommentSchema)}
				/>
			) : null}
			{dialog === 'request-change' && buttons.requestChange ? (
				<LazyRequestChangeDialog
					here={here}
					userEmail={userEmail}
					lastResult={dialogResult(DETAIL_INTENTS.requestChange)}
				/>
			) : null}
			{dialog === 'accept' && buttons.accept ? (
				<LazyAcceptDialog
					here={here}
					lastResult={dialogResult(DETAIL_INTENTS.accept)}
					locale={format.locale}
					approval={acceptApproval}
				/>
			) : null}
			<div className="transaction__body">
				<TransactionLines lines={shown.lines} />
				<TransactionSummary
					detail={detail}
					shown={shown}
					showTaxRows={showTaxRows}
					taxLabel={taxLabel}
				/>
			</div>
			{buttons.copyToCart ? (
				<ReorderForm
					here={here}
					kind={type.toLowerCase()}
					lines={detail.LineDetailsTP}
					intents={{
						reorder: DETAIL_INTENTS.reorder,
						tally: DETAIL_INTENTS.reorderTally,
						dismiss: DETAIL_INTENTS.reorderDismiss,
					}}
					errors={dialogResult(DETAIL_INTENTS.reorder)?.error}
					outcomes={reorder}
					format={format}
					tallyResult={dialogResult(DETAIL_INTENTS.reorderTally)}
				/>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: loaderData
			? `${loaderData.type} ${loaderData.detail.transactionNumber} | Trade Portal`
			: 'Transaction | Trade Portal',
	},
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
