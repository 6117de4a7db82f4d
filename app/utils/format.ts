export type Locale = 'en-AU' | 'en-US'
export type Currency = 'AUD' | 'US' | 'USD'

/**
 * Typed dates are dd/mm/yyyy, or mm/dd/yyyy for en-US (spec part 1 §5), as a date-fns pattern (the
 * server parses with it).
 */
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

/** An ISO 8601 date, optionally with a time and an offset (what the presenter sends). */
const ISO_DATE =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/

/** The date an ISO string names: its calendar day, or the local one for an instant with an offset. */
function parseIsoDate(value: string): Date | null {
	const m = ISO_DATE.exec(value)
	if (!m) return null
	if (m[7]) {
		const instant = new Date(value.replace(' ', 'T'))
		return Number.isNaN(instant.getTime()) ? null : instant
	}
	const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])]
	const date = new Date(year, month, day, Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0))
	// 2026-02-30 is not a date.
	return date.getMonth() === month && date.getDate() === day ? date : null
}

/** One formatter per locale (Intl, so no date library reaches the browser). */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>()

/** dd/mm/yyyy, or mm/dd/yyyy for en-US (spec part 1 §5). Unparseable input is returned as is. */
export function formatDisplayDate(
	value: string | Date | null | undefined,
	locale: Locale = 'en-AU',
) {
	if (!value) return ''
	const date = typeof value === 'string' ? parseIsoDate(value) : value
	if (!date || Number.isNaN(date.getTime())) return typeof value === 'string' ? value : ''
	let format = dateFormats.get(locale)
	if (!format) {
		format = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
		dateFormats.set(locale, format)
	}
	return format.format(date)
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
