/**
 * The buttons that post the checkout form without placing anything (Confirm Order and Create
 * Quote send `transactionType` instead). Plain constants, so the page's first load carries no zod;
 * the rules are in checkout.forms.ts (decision 050).
 */
export const CHECKOUT_INTENTS = {
	/** 'Update' without JS: the chosen despatch method's fields. */
	refresh: 'refresh',
	/** 'Use address' without JS: a previous site address in the address fields. */
	useAddress: 'use-address',
	/** 'Use job' without JS: the chosen job's site address, contact and reference in their fields. */
	useJob: 'use-job',
	/** 'Calculate delivery': the charge, branch and distance, the form kept as it is. */
	delivery: 'delivery',
} as const
