/** The intents of the price book page's forms (see index.tsx). */
export const PRICEBOOK_INTENTS = {
	resend: 'resend',
	requestNew: 'request-new',
	requestChanges: 'request-changes',
} as const
