/**
 * What the Pay Account form accepts, read the same way by the server's schema and by the browser,
 * which dims 'Proceed to Payment' and says what is wrong before anything is sent.
 */
import { minus, type Cents } from './money.ts'
import { readMoney } from './typed-money.ts'

export const PAYMENT_MESSAGES = {
	reference: 'Enter a payment reference',
	amount: 'Enter an amount above 0',
	notMoney: 'Enter the amount in dollars, e.g. $125.50',
	cents: 'Enter dollars and cents, e.g. $125.50',
	tooLarge: 'Enter an amount below $1,000,000',
} as const

/** The largest card payment, in cents (the contract's 999,999.99). */
const MAX_CENTS = 99_999_999

/** What the field says when the text is not an amount. */
const READ_ERRORS = {
	empty: PAYMENT_MESSAGES.amount,
	negative: PAYMENT_MESSAGES.amount,
	'not-money': PAYMENT_MESSAGES.notMoney,
	fraction: PAYMENT_MESSAGES.cents,
} as const

/**
 * An amount as a customer types it, or as the page shows it (readMoney): 22007.58, 22,007.58,
 * $22,007.58 or, in the other locale's dollars, USD 22,007.58 or A$22,007.58. Returns cents, or
 * the message for the field.
 */
export function readAmount(text: string): { amount: Cents } | { error: string } {
	const read = readMoney(text)
	if ('error' in read) return { error: READ_ERRORS[read.error] }
	if (read.cents <= 0) return { error: PAYMENT_MESSAGES.amount }
	if (read.cents > MAX_CENTS) return { error: PAYMENT_MESSAGES.tooLarge }
	return { amount: read.cents }
}

/**
 * What is said of an amount above the balance before it is paid (it may be paid all the same),
 * or null when it is not above. `money` writes amounts as the page does.
 */
export function aboveBalanceNote(amount: Cents, balance: Cents, money: (n: Cents) => string) {
	const over = minus(amount, balance)
	if (over <= 0) return null
	return `${money(amount)} is more than your balance of ${money(balance)} (${money(over)} over). Check the amount before you pay.`
}
