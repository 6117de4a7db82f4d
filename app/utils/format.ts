import { format as formatDate, isValid, parseISO } from 'date-fns'

export type Locale = 'en-AU' | 'en-US'
export type Currency = 'AUD' | 'US' | 'USD'

/** Typed dates are dd/mm/yyyy, or mm/dd/yyyy for en-US (spec part 1 §5), as a date-fns pattern. */
export function dateInputFormat(locale: Locale) {
	return locale === 'en-US' ? 'MM/dd/yyyy' : 'dd/MM/yyyy'
}

/** Spec part 1 §5: the settings' 'US' means US dollars. */
function isoCurrency(currency: Currency) {
	return currency === 'AUD' ? 'AUD' : 'USD'
}

/** One formatter per locale and currency: making one costs far more than formatting with it. */
const moneyFormats = new Map<string, Intl.NumberFormat>()

/** Money as the customer's locale and currency show it: $1,234.50 (negative as -$12.00). */
export function formatMoney(amount: number, locale: Locale = 'en-AU', currency: Currency = 'AUD') {
	const key = `${locale} ${currency}`
	let format = moneyFormats.get(key)
	if (!format) {
		format = new Intl.NumberFormat(locale, {
			style: 'currency',
			currency: isoCurrency(currency),
			currencyDisplay: 'narrowSymbol',
		})
		moneyFormats.set(key, format)
	}
	return format.format(amount)
}

/** dd/mm/yyyy, or mm/dd/yyyy for en-US (spec part 1 §5). Unparseable input is returned as is. */
export function formatDisplayDate(
	value: string | Date | null | undefined,
	locale: Locale = 'en-AU',
) {
	if (!value) return ''
	const date = typeof value === 'string' ? parseISO(value) : value
	if (!isValid(date)) return typeof value === 'string' ? value : ''
	return formatDate(date, locale === 'en-US' ? 'MM/dd/yyyy' : 'dd/MM/yyyy')
}

/** Seconds since midnight as h:mm:ss (last_login_time, spec part 1 §2 Home). */
export function formatSecondsOfDay(seconds: number | null | undefined) {
	if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return ''
	const s = Math.floor(seconds) % 86_400
	const h = Math.floor(s / 3600)
	const m = Math.floor((s % 3600) / 60)
	const sec = s % 60
	return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`
}
