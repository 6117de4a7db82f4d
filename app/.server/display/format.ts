import { format, isValid, parseISO } from 'date-fns'
import { dateInputFormat, type Currency, type Locale } from '#app/utils/format.ts'
import { decimalDollars, type Cents } from '#app/utils/money.ts'

/**
 * Display values as the customer's settings write them, made on the server so the browser only
 * shows text (docs/decisions/047-locale-true-formatting.md): money (whole cents) with Intl, whose
 * formatter is made once per locale and currency; dates with date-fns, dd/mm/yyyy or mm/dd/yyyy
 * (en-US).
 */
export type DisplayFormat = {
	/** $1,234.50, -$12.00; another locale's dollar is marked: USD 1,234.50 (en-AU), A$1,234.50 (en-US). */
	money: (amount: Cents) => string
	/**
	 * A presenter date (yyyy-mm-dd, with or without a time and offset) or a Date, as the locale
	 * writes it; empty for none; text that is not a date is shown as it came.
	 */
	date: (value: string | Date | null | undefined) => string
	/** The same date in a file name, which cannot hold a slash: 10-31-2026 (en-US), 31-10-2026. */
	fileDate: (value: string | Date) => string
}

/** The ISO code of each currency setting: 'US' is US dollars too. */
const ISO_CURRENCY: Record<Currency, 'AUD' | 'USD'> = { AUD: 'AUD', US: 'USD', USD: 'USD' }

const ISO_DAY = /^\d{4}-\d{2}-\d{2}(?:$|[T ])/

const formats = new Map<string, DisplayFormat>()

/** The display format of `settings` (locale and currency), made the first time it is asked for. */
export function displayFormat(settings: { locale: Locale; currency: Currency }): DisplayFormat {
	const { locale, currency } = settings
	const key = `${locale}|${currency}`
	let made = formats.get(key)
	if (!made) {
		const money = new Intl.NumberFormat(locale, {
			style: 'currency',
			currency: ISO_CURRENCY[currency],
		})
		const pattern = dateInputFormat(locale)
		const date: DisplayFormat['date'] = (value) => {
			if (!value) return ''
			// Only a whole date is one: parseISO would also read '2026' as 1 January.
			const day = typeof value !== 'string' ? value : ISO_DAY.test(value) ? parseISO(value) : null
			if (day && isValid(day)) return format(day, pattern)
			return typeof value === 'string' ? value : ''
		}
		made = {
			// The cents as an exact decimal string, which Intl reads without a float.
			money: (amount) => money.format(decimalDollars(amount) as Intl.StringNumericLiteral),
			date,
			fileDate: (value) => date(value).replaceAll('/', '-'),
		}
		formats.set(key, made)
	}
	return made
}
