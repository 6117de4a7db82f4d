import { getFormProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { type z } from 'zod'
import { type Route } from './+types/index'
import { PRICEBOOK_INTENTS } from './intents.ts'
import { PriceBookIntentSchema, type RequestChangesSchema } from './pricebook.server.ts'
import { requireArea } from '#app/.server/access.ts'
import { getCustomer, getSession } from '#app/.server/context.ts'
import { redirectWithFlash } from '#app/.server/session.ts'
import { failureMessage, invalid, parseForm } from '#app/.server/forms.ts'
import { supportEmailAddress } from '#app/.server/nav.ts'
import {
	FORMAT_NAMES,
	FREQUENCY_NAMES,
	TYPE_NAMES,
} from '#app/.server/presenter/contract/pricebook.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	CheckboxField,
	RequiredLegend,
	SelectField,
	StatusButton,
	TextareaField,
	TextField,
} from '#app/components/forms.tsx'
import { DataTable, SelectionBar } from '#app/components/list.tsx'
import { Modal } from '#app/components/modal.tsx'
import { formatDisplayDate } from '#app/utils/format.ts'
import { type ListColumn } from '#app/utils/list.ts'

const HERE = '/pricebook'
const DIALOG = 'request-changes'
const yesNo = (b: boolean) => (b ? 'Yes' : 'No')
const options = (names: Record<string, string>) =>
	Object.entries(names).map(([value, label]) => ({ value, label }))

/**
 * Price Book (spec part 2 §2): the Current Configuration card, the history with checkboxes and
 * the 'Resend Selected' / 'Unselect All' bar, 'Request Config Changes' (dialog 'Request
 * Changes', `?dialog=request-changes`) and 'Request New Price Book'. A customer without a price
 * book sees only the presenter's message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings } = getCustomer(context)
	const [, { priceBook, message }, user] = await Promise.all([
		requireArea(context, 'priceBook'),
		presenter.pricebook.get(),
		presenter.users.getDetails(),
	]).catch(toRouteError)
	if (!priceBook) return { message: message ?? 'No record found', priceBook: null }
	const date = (iso: string) => formatDisplayDate(iso.slice(0, 10), settings.locale)
	return {
		message: null,
		priceBook: {
			configuration: [
				['Last Calculated', date(priceBook.lastDateCalculated)],
				['Type', TYPE_NAMES[priceBook.typePricebook]],
				['Format', FORMAT_NAMES[priceBook.deliveryFormat]],
				['Sent to', priceBook.recipient],
				['Frequency', FREQUENCY_NAMES[priceBook.frequencyPricebook]],
				['Show new product codes', yesNo(priceBook.showNewProductCodes)],
				['Core products only', yesNo(priceBook.showCoreProductsOnly)],
				['Full price list required quarterly', yesNo(priceBook.isRequiredQuarterly)],
				['Product file zipped', yesNo(priceBook.isPricebookZipped)],
			],
			history: priceBook.PriceBookHistory.map((h) => ({
				id: String(h.historyID),
				cells: {
					dateGenerated: date(h.dateGenerated),
					typeGenerated: TYPE_NAMES[h.typeGenerated],
					formatGenerated: FORMAT_NAMES[h.formatGenerated],
					sentRecipient: h.sentRecipient,
					newCodesGenerated: yesNo(h.newCodesGenerated),
					coreProductsGenerated: yesNo(h.coreProductsGenerated),
				},
			})),
			/** The change request starts from the current configuration. */
			defaults: {
				type: priceBook.typePricebook,
				deliveryFormat: priceBook.deliveryFormat,
				frequency: priceBook.frequencyPricebook,
				recipient: priceBook.recipient || user.userEmailAddress,
				showNewProductCodes: priceBook.showNewProductCodes,
				showCoreProductsOnly: priceBook.showCoreProductsOnly,
				isRequiredQuarterly: priceBook.isRequiredQuarterly,
				isPricebookZipped: priceBook.isPricebookZipped,
			},
		},
		dialog: pageUrl(request).searchParams.get('dialog') === DIALOG,
		options: {
			type: options(TYPE_NAMES),
			deliveryFormat: options(FORMAT_NAMES),
			frequency: options(FREQUENCY_NAMES),
		},
	}
}

/**
 * Price book requests (spec part 2 §8): success is a toast of the presenter's Status texts joined
 * with '. '; a failure a toast of its first message, else 'Unable to send request'. They need the
 * user details ('userDetails is not available').
 */
export async function action({ request, context }: Route.ActionArgs) {
	const { presenter, identity } = getCustomer(context)
	const [, submission] = await Promise.all([
		requireArea(context, 'priceBook'),
		parseForm(request, PriceBookIntentSchema),
	])
	if (submission.status !== 'success') return invalid(submission)
	const value = submission.value
	const toast = (type: 'success' | 'error', message: string) =>
		redirectWithFlash(getSession(context), HERE, { type, message })
	if (value.intent === PRICEBOOK_INTENTS.resend && value.historyID.length === 0)
		return toast('error', 'Select at least one price book to resend')
	const user = await presenter.users.getDetails().catch(() => null)
	if (!user) return toast('error', 'userDetails is not available')
	const requester = identity.username
	try {
		let statuses: string[]
		switch (value.intent) {
			case PRICEBOOK_INTENTS.resend:
				statuses = await presenter.pricebook.resend(requester, value.historyID)
				break
			case PRICEBOOK_INTENTS.requestNew:
				statuses = await presenter.pricebook.requestNew(requester)
				break
			case PRICEBOOK_INTENTS.requestChanges: {
				const { intent: _, ...change } = value
				const bottombar = await presenter.content.getObjectSet('bottomlinkbar')
				statuses = await presenter.pricebook.requestChanges(requester, {
					...change,
					supportEmailAddress: supportEmailAddress(bottombar),
				})
				break
			}
		}
		return toast('success', statuses.join('. '))
	} catch (error) {
		return toast('error', failureMessage(error, 'Unable to send request'))
	}
}

const HISTORY_COLUMNS = [
	{ key: 'dateGenerated', label: 'Date', card: 'title' },
	{ key: 'typeGenerated', label: 'Type', card: 'summary' },
	{ key: 'formatGenerated', label: 'Format', card: 'summary' },
	{ key: 'sentRecipient', label: 'Sent to' },
	{ key: 'newCodesGenerated', label: 'New Codes' },
	{ key: 'coreProductsGenerated', label: 'Core Codes' },
] as const satisfies ReadonlyArray<ListColumn>

type LoadedPriceBook = NonNullable<Route.ComponentProps['loaderData']['priceBook']>

/**
 * The history with a checkbox per row. The 'Resend Selected' / 'Unselect All' bar shows while a
 * row is selected (SelectionBar). 'Unselect All' is a reset button, so it works without JS too.
 * Checkboxes keep their state in the DOM (ADR 010); each new page (e.g. after a resend) starts a
 * fresh form with none selected.
 */
function History({ rows }: { rows: LoadedPriceBook['history'] }) {
	const [selected, setSelected] = useState(0)
	const location = useLocation()
	const count = (form: HTMLFormElement) =>
		setSelected(form.querySelectorAll('input[name="historyID"]:checked').length)
	return (
		<Form
			key={location.key}
			method="post"
			action={HERE}
			className="pricebook__history selectable"
			// The native input event: React's onChange skips a checkbox re-checked after a reset.
			onInput={(event) => count(event.currentTarget)}
			onReset={() => setSelected(0)}
		>
			<DataTable
				caption="Price book history"
				columns={HISTORY_COLUMNS}
				rows={rows}
				select={{
					label: 'Select',
					cell: (row) => (
						<input
							type="checkbox"
							name="historyID"
							value={row.id}
							aria-label={`Select the price book of ${row.cells.dateGenerated}`}
						/>
					),
				}}
			/>
			<SelectionBar label="Selected price books" count={selected}>
				<StatusButton
					className="button button--primary"
					name="intent"
					value={PRICEBOOK_INTENTS.resend}
				>
					Resend Selected
				</StatusButton>
				<button type="reset" className="button">
					Unselect All
				</button>
			</SelectionBar>
		</Form>
	)
}

function RequestChangesDialog({
	priceBook,
	choices,
	lastResult,
}: {
	priceBook: LoadedPriceBook
	choices: Record<'type' | 'deliveryFormat' | 'frequency', Array<{ value: string; label: string }>>
	lastResult: Route.ComponentProps['actionData']
}) {
	const [form, fields] = useForm<z.input<typeof RequestChangesSchema>>({
		id: 'request-changes',
		lastResult,
		defaultValue: priceBook.defaults,
	})
	return (
		<Modal title="Request Changes" closeTo={HERE} inline>
			<Form method="post" action={`${HERE}?dialog=${DIALOG}`} {...getFormProps(form)}>
				<input type="hidden" name="intent" value={PRICEBOOK_INTENTS.requestChanges} />
				<RequiredLegend />
				<SelectField meta={fields.type} label="Type" options={choices.type} />
				<SelectField meta={fields.deliveryFormat} label="Format" options={choices.deliveryFormat} />
				<SelectField meta={fields.frequency} label="Frequency" options={choices.frequency} />
				<TextField
					meta={fields.recipient}
					label="Sent to"
					type="email"
					autoComplete="email"
					required
				/>
				<CheckboxField meta={fields.showNewProductCodes} label="Show new product codes" />
				<CheckboxField meta={fields.showCoreProductsOnly} label="Core products only" />
				<CheckboxField
					meta={fields.isRequiredQuarterly}
					label="Full price list required quarterly"
				/>
				<CheckboxField meta={fields.isPricebookZipped} label="Product file zipped" />
				<TextareaField meta={fields.emailText} label="Message" rows={6} />
				<div className="modal__actions">
					<StatusButton
						className="button button--primary"
						intent={PRICEBOOK_INTENTS.requestChanges}
						pendingLabel="Sending..."
					>
						Send
					</StatusButton>
					<Link to={HERE} className="button" preventScrollReset>
						Cancel
					</Link>
				</div>
			</Form>
		</Modal>
	)
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
			<div className="pricebook__body">
				<section className="admin__card pricebook__config" aria-labelledby="config-heading">
					<h2 id="config-heading">Current Configuration</h2>
					<dl className="details">
						{priceBook.configuration.map(([label, value]) => (
							<div key={label}>
								<dt>{label}</dt>
								<dd>{value}</dd>
							</div>
						))}
					</dl>
					<div className="account-area__actions">
						<Link className="button" to={`${HERE}?dialog=${DIALOG}`} preventScrollReset>
							Request Config Changes
						</Link>
						<Form method="post" action={HERE} className="inline-form">
							<StatusButton
								className="button button--primary"
								name="intent"
								value={PRICEBOOK_INTENTS.requestNew}
							>
								Request New Price Book
							</StatusButton>
						</Form>
					</div>
				</section>
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
				<RequestChangesDialog
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
