/** The intents of the price book page's forms (see index.tsx). */
export const PRICEBOOK_INTENTS = {
	resend: 'resend',
	requestNew: 'request-new',
	requestChanges: 'request-changes',
} as const

/** The page, and its 'Request Changes' dialog (`?dialog=request-changes`). */
export const PRICEBOOK_PATH = '/pricebook'
export const REQUEST_CHANGES_DIALOG = 'request-changes'
