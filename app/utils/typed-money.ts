/**
 * Money as people type it (docs/decisions/062-money-in-cents.md), read into whole cents. Beside
 * app/utils/money.ts rather than in it: only the pages with a money field load it.
 */
import { type Cents } from './money.ts'

/**
 * An optional $ (A$, AU$, US$) or currency code (AUD, USD), whole dollars with or without
 * thousands commas, then cents.
 */
const TYPED = /^(?:(?:(?:A|AU|US)?\$|AUD|USD)\s*)?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/i

/**
 * An amount as people type it, or as a page shows it (so a prefilled field reads back): 22007.58,
 * 22,007.58, $22,007.58 or, in the other locale's dollars, USD 22,007.58 or A$22,007.58. Worked
 * out from the digits, so 0.07 is 7 cents exactly. Or why it is not an amount: 'empty',
 * 'negative' (a minus sign anywhere it could mean one), 'not-money', 'fraction' (more than
 * 2 decimals).
 */
export function readMoney(
	text: string,
): { cents: Cents } | { error: 'empty' | 'negative' | 'not-money' | 'fraction' } {
	const typed = text.trim()
	if (typed === '') return { error: 'empty' }
	if (/^-|(?:\$|AUD|USD)\s*-/i.test(typed)) return { error: 'negative' }
	const match = TYPED.exec(typed)
	const [, whole = '', fraction = ''] = match ?? []
	if (!match || (whole === '' && fraction === '')) return { error: 'not-money' }
	if (fraction.length > 2) return { error: 'fraction' }
	const dollars = Number(whole.replace(/,/g, '') || '0')
	return { cents: (dollars * 100 + Number(fraction.padEnd(2, '0'))) as Cents }
}
