import { type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { PRICEBOOK_INTENTS, PRICEBOOK_PATH as HERE, REQUEST_CHANGES_DIALOG } from './intents.ts'
import { RequestChangesFields, RequestNewSchema, ResendSchema } from './pricebook.forms.ts'
import { requireArea } from '#app/.server/guard/access.ts'
import { getSession, startCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { failureMessage, formError, invalid, parseForm } from '#app/.server/request/forms.ts'
import { supportEmailAddress } from '#app/.server/catalogue/nav.ts'
import {
	FORMAT_NAMES,
	FREQUENCY_NAMES,
	PriceBookFormatSchema,
	PriceBookFrequencySchema,
	PriceBookTypeSchema,
	TYPE_NAMES,
} from '#app/.server/presenter/contract/pricebook.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { mailLimit, mailRefusalMessage } from '#app/.server/guard/send-limits.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'

const yesNo = (b: boolean) => (b ? 'Yes' : 'No')
const options = (names: Record<string, string>) =>
	Object.entries(names).map(([value, label]) => ({ value, label }))

/** The change request: its choices narrowed to those the presenter's contract names. */
export const RequestChangesSchema = RequestChangesFields.extend({
	type: PriceBookTypeSchema,
	deliveryFormat: PriceBookFormatSchema,
	frequency: PriceBookFrequencySchema,
})

export const PriceBookIntentSchema = z.discriminatedUnion('intent', [
	ResendSchema,
	RequestNewSchema,
	RequestChangesSchema,
])

/**
 * The page's data: the Current Configuration card's lines, the history's rows, the change
 * request's defaults and whether its dialog is open. A customer without a price book gets the
 * presenter's message.
 */
export async function loadPriceBook(request: Request, context: Readonly<RouterContextProvider>) {
	const { presenter, ...customer } = startCustomer(context)
	const [, { priceBook, message }, user, settings] = await Promise.all([
		requireArea(context, 'priceBook'),
		presenter.pricebook.get(),
		presenter.users.getDetails(),
		customer.settings,
	]).catch(toRouteError)
	if (!priceBook) return { message: message ?? 'No record found', priceBook: null }
	const date = (iso: string) => displayFormat(settings).date(iso.slice(0, 10))
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
		dialog: pageUrl(request).searchParams.get('dialog') === REQUEST_CHANGES_DIALOG,
		options: {
			type: options(TYPE_NAMES),
			deliveryFormat: options(FORMAT_NAMES),
			frequency: options(FREQUENCY_NAMES),
		},
	}
}

/**
 * Price book requests: success is a toast of the presenter's Status texts joined
 * with '. '; a failure a toast of its first message, else 'Unable to send request'. They need the
 * user details: without them the customer is told 'Could not load user details', and the log
 * why.
 */
export async function priceBookAction(request: Request, context: Readonly<RouterContextProvider>) {
	const { presenter, identity } = startCustomer(context)
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
	const user = await presenter.users.getDetails().catch((error: unknown) => {
		console.error('price book request: user details not available', error)
		return null
	})
	if (!user) return toast('error', 'Could not load user details')
	const requester = identity.username
	try {
		// Each resent price book is its own email; the other requests send one.
		const emails = value.intent === PRICEBOOK_INTENTS.resend ? new Set(value.historyID).size : 1
		const sent = await mailLimit.run(identity, emails, async () => {
			switch (value.intent) {
				case PRICEBOOK_INTENTS.resend:
					return presenter.pricebook.resend(requester, value.historyID)
				case PRICEBOOK_INTENTS.requestNew:
					return presenter.pricebook.requestNew(requester)
				case PRICEBOOK_INTENTS.requestChanges: {
					const { intent: _, ...change } = value
					const bottombar = await presenter.content.getObjectSet('bottomlinkbar')
					return presenter.pricebook.requestChanges(requester, {
						...change,
						supportEmailAddress: supportEmailAddress(bottombar),
					})
				}
			}
		})
		// Refused: said in the 'Error' dialog, with the form (and its typing) as it was.
		if (sent.refused) return formError(submission, mailRefusalMessage(sent), 429)
		return toast('success', sent.result.join('. '))
	} catch (error) {
		return toast('error', failureMessage(error, 'Unable to send request'))
	}
}

/** A customer's price book as the page shows it. */
export type PriceBookData = NonNullable<Awaited<ReturnType<typeof loadPriceBook>>['priceBook']>
