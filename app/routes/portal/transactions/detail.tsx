import {
	getFormProps,
	getInputProps,
	getSelectProps,
	getTextareaProps,
	useForm,
	type SubmissionResult,
} from '@conform-to/react'
import { useState, useSyncExternalStore } from 'react'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { type Route } from './+types/detail'
import { detailAction, parseRef, TYPE_PATHS, typeOfRequest } from './detail.server.ts'
import { DETAIL_INTENTS } from './intents.ts'
import { requireCustomer } from '#app/.server/auth.ts'
import { isPresenterError, toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { taxWording } from '#app/.server/wording.ts'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorList, Field } from '#app/components/forms.tsx'
import { ErrorDialog, Modal } from '#app/components/modal.tsx'
import { formatDisplayDate, formatMoney } from '#app/utils/format.ts'
import { summariseNumbers } from '#app/utils/numbers-list.ts'

const DIALOGS = ['email', 'comment', 'request-change', 'accept'] as const
type Dialog = (typeof DIALOGS)[number]
const LIST_PAGES = {
	Order: ['Orders', '/orders'],
	Quote: ['Quotes', '/orders?type=Quote'],
	Invoice: ['Invoices', '/invoices'],
} as const
const EMAIL_FORMATS = [
	['pdf', 'PDF'],
	['csv', 'CSV'],
	['xero', 'Xero'],
	['simpro', 'Simpro'],
	['tradify', 'Tradify'],
	['fergus', 'Fergus'],
] as const

/** A transaction that cannot be loaded replaces the location with /request-error (spec part 2 §2). */
function requestError(message: string | undefined) {
	return redirect(
		`/request-error?${new URLSearchParams({ msg: message || 'Unable to perform your request' })}`,
	)
}

export async function loader({ request, params }: Route.LoaderArgs) {
	const { presenter, settings, config } = await requireCustomer(request)
	const type = typeOfRequest(request)
	const ref = parseRef(params.ref)
	if (!ref) throw requestError(undefined)
	// The transaction and the user (for the dialogs' defaults) in one parallel round.
	const userDetails = presenter.users.getDetails()
	userDetails.catch(() => {})
	let detail
	try {
		detail = await presenter.transactions.get(ref.number, ref.suffix)
	} catch (error) {
		if (!isPresenterError(error) || error.kind === 'transport' || error.kind === 'invalid-reply')
			toRouteError(error)
		throw requestError(error.firstMessage)
	}
	if (!detail) throw requestError(undefined)
	if (detail.transactionType !== type) {
		throw redirect(`/${TYPE_PATHS[detail.transactionType]}/${ref.number}-${ref.suffix}`)
	}
	const dialog = pageUrl(request).searchParams.get('dialog')
	const user = await userDetails.catch(toRouteError)
	return {
		detail,
		type,
		here: `/${TYPE_PATHS[type]}/${ref.number}-${ref.suffix}`,
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
		wording: taxWording(settings),
		format: { locale: settings.locale, currency: settings.currency },
		userEmail: user.userEmailAddress,
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	return detailAction(request, params.ref)
}

type Result = SubmissionResult<string[]> | null | undefined

function SendButton({ label, disabled }: { label: string; disabled?: boolean }) {
	const sending = useNavigation().state === 'submitting'
	return (
		<button type="submit" className="button button--primary" disabled={disabled || sending}>
			{sending ? 'Sending...' : label}
		</button>
	)
}

const noop = () => () => {}
/** False in the server render and the first client render, true once hydrated. */
function useHydrated() {
	return useSyncExternalStore(
		noop,
		() => true,
		() => false,
	)
}

function EmailDialog({
	here,
	type,
	number,
	lastResult,
}: {
	here: string
	type: string
	number: string
	lastResult: Result
}) {
	const [form, fields] = useForm<{ emailAddress: string; format: string }>({
		id: 'email',
		lastResult,
		defaultValue: { format: 'pdf' },
	})
	const [email, setEmail] = useState(fields.emailAddress.initialValue ?? '')
	const hydrated = useHydrated()
	return (
		<Modal title={`Email ${type}`} closeTo={here}>
			<p>
				{type} {summariseNumbers([number])}
			</p>
			<Form method="post" action={`${here}?dialog=email`} {...getFormProps(form)} noValidate>
				<input type="hidden" name="intent" value={DETAIL_INTENTS.email} />
				<Field
					label="Email address"
					inputProps={{
						...getInputProps(fields.emailAddress, { type: 'email' }),
						autoComplete: 'email',
						onInput: (e) => setEmail(e.currentTarget.value),
					}}
					errors={fields.emailAddress.errors}
				/>
				{type === 'Invoice' ? (
					<div className="field">
						<label htmlFor={fields.format.id}>Format</label>
						<select {...getSelectProps(fields.format)}>
							{EMAIL_FORMATS.map(([value, label]) => (
								<option key={value} value={value}>
									{label}
								</option>
							))}
						</select>
					</div>
				) : (
					<input type="hidden" name="format" value="pdf" />
				)}
				<div className="modal__actions">
					{/* Disabled while the address is empty; only JS can know that before sending. */}
					<SendButton label="Send" disabled={hydrated && !email.trim()} />
					<Link to={here} className="button" preventScrollReset>
						Cancel
					</Link>
				</div>
			</Form>
		</Modal>
	)
}

function TextDialog({
	title,
	here,
	dialog,
	intent,
	lastResult,
	fieldsFor,
	submitLabel,
}: {
	title: string
	here: string
	dialog: Dialog
	intent: string
	lastResult: Result
	fieldsFor: (fields: ReturnType<typeof useForm<Record<string, string>>>[1]) => React.ReactNode
	submitLabel: string
}) {
	const [form, fields] = useForm<Record<string, string>>({ id: dialog, lastResult })
	return (
		<Modal title={title} closeTo={here}>
			<Form method="post" action={`${here}?dialog=${dialog}`} {...getFormProps(form)} noValidate>
				<input type="hidden" name="intent" value={intent} />
				{fieldsFor(fields)}
				<div className="modal__actions">
					<SendButton label={submitLabel} />
					<Link to={here} className="button" preventScrollReset>
						Cancel
					</Link>
				</div>
			</Form>
		</Modal>
	)
}

function TextArea({
	field,
	label,
	rows,
	defaultValue,
}: {
	field: ReturnType<typeof useForm<Record<string, string>>>[1][string]
	label: string
	rows: number
	defaultValue?: string
}) {
	return (
		<div className="field">
			<label htmlFor={field.id}>{label}</label>
			<textarea
				{...getTextareaProps(field)}
				rows={rows}
				defaultValue={field.initialValue ?? defaultValue}
			/>
			<ErrorList id={field.errorId} errors={field.errors} />
		</div>
	)
}

export default function TransactionRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { detail, type, here, dialog, buttons, showTaxRows, wording, format, userEmail } =
		loaderData
	const money = (n: number) => formatMoney(n, format.locale, format.currency)
	const date = (d: string) => formatDisplayDate(d, format.locale) || '-'
	const number =
		type === 'Invoice'
			? `${detail.transactionNumber}-${detail.transactionSuffix}`
			: String(detail.transactionNumber)
	const [listLabel, listHref] = LIST_PAGES[type]
	const address = [detail.shipAddress1, detail.shipAddress2, detail.shipAddress3]
		.filter(Boolean)
		.join(', ')
	const lastResult = actionData?.result as Result
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
			{actionData?.error ? <ErrorDialog message={actionData.error} closeTo={here} /> : null}
			<div className="transaction__actions">
				<a className="button" href={`${here}/document`} download>
					Download
				</a>
				<Link className="button" to={`${here}?dialog=email`} preventScrollReset>
					Email
				</Link>
				{buttons.copyToCart ? (
					<Form method="post" action={here} className="inline-form">
						<button
							type="submit"
							name="intent"
							value={DETAIL_INTENTS.copyToCart}
							className="button"
						>
							Copy to Cart
						</button>
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
			<div className="transaction__body">
				<section aria-labelledby="lines-title" className="transaction__lines">
					<h2 id="lines-title" className="visually-hidden">
						Lines
					</h2>
					<div className="table-scroll">
						<table className="data-table">
							<thead>
								<tr>
									<th scope="col">Description</th>
									<th scope="col">SKU</th>
									<th scope="col" className="numeric">
										Qty
									</th>
									<th scope="col">UOM</th>
									<th scope="col" className="numeric">
										Unit Price
									</th>
									<th scope="col" className="numeric">
										Extended
									</th>
								</tr>
							</thead>
							<tbody>
								{detail.LineDetailsTP.map((line) => (
									<tr key={line.lineNum}>
										<td>{line.productDesc}</td>
										<td>{line.productCode}</td>
										<td className="numeric">{line.quantity}</td>
										<td>{line.unitOfMeasure}</td>
										<td className="numeric">{money(line.unitPrice)}</td>
										<td className="numeric">{money(line.linePrice)}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				</section>
				<aside className="order-summary" aria-labelledby="summary-title">
					<h2 id="summary-title">Summary</h2>
					<dl className="order-summary__totals">
						<div>
							<dt>{type === 'Invoice' ? 'Invoice Date' : 'Delivery Date'}</dt>
							<dd>{date(type === 'Invoice' ? detail.invoiceDate : detail.deliveryDate)}</dd>
						</div>
						{detail.jobName ? (
							<div>
								<dt>Job Name</dt>
								<dd>{detail.jobName}</dd>
							</div>
						) : null}
						{type === 'Invoice' ? (
							<>
								<div>
									<dt>Delivery Address</dt>
									<dd>{address || '-'}</dd>
								</div>
								<div>
									<dt>Comment</dt>
									<dd>{detail.comment_tportal || '-'}</dd>
								</div>
							</>
						) : null}
						{showTaxRows ? (
							<>
								<div>
									<dt>Subtotal (ex {wording.tax})</dt>
									<dd>{money(detail.transactionTotalAmountExcGST)}</dd>
								</div>
								<div>
									<dt>{wording.tax}</dt>
									<dd>{money(detail.transactionTotalGST)}</dd>
								</div>
							</>
						) : null}
						<div className="order-summary__total">
							<dt>Total</dt>
							<dd>{money(detail.transactionTotalAmountIncGST)}</dd>
						</div>
					</dl>
				</aside>
			</div>
			{dialog === 'email' ? (
				<EmailDialog here={here} type={type} number={number} lastResult={lastResult} />
			) : null}
			{dialog === 'comment' && buttons.comment ? (
				<TextDialog
					title="Comment"
					here={here}
					dialog="comment"
					intent={DETAIL_INTENTS.comment}
					lastResult={lastResult}
					submitLabel="Save"
					fieldsFor={(f) => (
						<TextArea
							field={f.userComment!}
							label="Comment"
							rows={5}
							defaultValue={detail.comment_tportal}
						/>
					)}
				/>
			) : null}
			{dialog === 'request-change' && buttons.requestChange ? (
				<TextDialog
					title="Request Changes"
					here={here}
					dialog="request-change"
					intent={DETAIL_INTENTS.requestChange}
					lastResult={lastResult}
					submitLabel="Send"
					fieldsFor={(f) => (
						<>
							<Field
								label="Email address"
								inputProps={{
									...getInputProps(f.emailAddress!, { type: 'email' }),
									defaultValue: f.emailAddress!.initialValue ?? userEmail,
								}}
								errors={f.emailAddress!.errors}
							/>
							<TextArea field={f.message!} label="Message" rows={6} />
						</>
					)}
				/>
			) : null}
			{dialog === 'accept' && buttons.accept ? (
				<TextDialog
					title="Accept Quote"
					here={here}
					dialog="accept"
					intent={DETAIL_INTENTS.accept}
					lastResult={lastResult}
					submitLabel="Accept"
					fieldsFor={(f) => (
						<>
							<Field
								label={`Delivery date (${format.locale === 'en-US' ? 'mm/dd/yyyy' : 'dd/mm/yyyy'})`}
								inputProps={getInputProps(f.deliveryDate!, { type: 'text' })}
								errors={f.deliveryDate!.errors}
							/>
							<TextArea field={f.comment!} label="Comment" rows={5} />
						</>
					)}
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
