/**
 * What the Pay Account form accepts, read the same way by the server's schema and by the browser,
 * which dims 'Proceed to Payment' and says what is wrong before anything is sent.
 */

export const PAYMENT_MESSAGES = {
	reference: 'Enter a payment reference',
	amount: 'Enter an amount above 0',
	notMoney: 'Enter the amount in dollars, e.g. $125.50',
	cents: 'Enter dollars and cents, e.g. $125.50',
	tooLarge: 'Enter an amount below $1,000,000',
} as const

/** The largest card payment, in cents (the contract's 999,999.99). */
const MAX_CENTS = 99_999_999

/**
 * An optional $ (A$, AU$, US$) or currency code (AUD, USD), whole dollars with or without
 * thousands commas, then cents.
 */
const AMOUNT = /^(?:(?:(?:A|AU|US)?\$|AUD|USD)\s*)?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/i

/**
 * An amount as a customer types it, or as the page shows it: 22007.58, 22,007.58, $22,007.58 or,
 * in the other locale's dollars, USD 22,007.58 or A$22,007.58 (see formatMoney). Returns dollars,
 * or the message for the field.
 */
export function readAmount(text: string): { amount: number } | { error: string } {
	const typed = text.trim()
	if (typed === '' || /^-|(?:\$|AUD|USD)\s*-/i.test(typed))
		return { error: PAYMENT_MESSAGES.amount }
	const match = AMOUNT.exec(typed)
	const [, whole = '', fraction = ''] = match ?? []
	if (!match || (whole === '' && fraction === '')) return { error: PAYMENT_MESSAGES.notMoney }
	if (fraction.length > 2) return { error: PAYMENT_MESSAGES.cents }
	// Whole cents, so 0.07 stays 7 cents and the limit is exact.
	const cents = Number(whole.replace(/,/g, '') || '0') * 100 + Number(fraction.padEnd(2, '0'))
	if (cents <= 0) return { error: PAYMENT_MESSAGES.amount }
	if (cents > MAX_CENTS) return { error: PAYMENT_MESSAGES.tooLarge }
	return { amount: cents / 100 }
}

/**
 * What is said of an amount above the balance before it is paid (it may be paid all the same),
 * or null when it is not above. `money` writes amounts as the page does.
 */
export function aboveBalanceNote(amount: number, balance: number, money: (n: number) => string) {
	const over = Math.round(amount * 100) - Math.round(balance * 100)
	if (over <= 0) return null
	return `${money(amount)} is more than your balance of ${money(balance)} (${money(over / 100)} over). Check the amount before you pay.`
}
