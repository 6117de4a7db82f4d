export type Locale = 'en-AU' | 'en-US'
export type Currency = 'AUD' | 'US' | 'USD'

/**
 * Typed dates are dd/mm/yyyy, or mm/dd/yyyy for en-US (spec part 1 §5), as a date-fns pattern (the
 * server parses with it).
 */
export function dateInputFormat(locale: Locale) {
	return locale === 'en-US' ? 'MM/dd/yyyy' : 'dd/MM/yyyy'
}

/** A number in plain decimal digits, from its shortest round-trip form (1e21 → 1000…, 1e-7 → 0.0000001). */
function plainDecimal(x: number) {
	const [mantissa = '', exponent = '0'] = String(x).split('e')
	const [whole = '', fraction = ''] = mantissa.split('.')
	const digits = whole + fraction
	const point = whole.length + Number(exponent)
	if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`
	if (point >= digits.length) return digits + '0'.repeat(point - digits.length)
	return `${digits.slice(0, point)}.${digits.slice(point)}`
}

/**
 * Money as the customer's locale and currency show it: $1,234.50 (negative as -$12.00). Both
 * locales write AUD and US dollars alike, as Intl.NumberFormat does with the narrow symbol (the
 * unit tests check every case against it). Written out rather than with Intl: a page's first use of
 * Intl costs the browser tens of milliseconds while it hydrates (decision 035).
 */
export function formatMoney(
	amount: number,
	_locale: Locale = 'en-AU',
	_currency: Currency = 'AUD',
) {
	if (!Number.isFinite(amount))
		return `${amount < 0 ? '-' : ''}$${Number.isNaN(amount) ? 'NaN' : '∞'}`
	// Like Intl: the shortest decimal that reads back as the number (1.005, not 1.00499…), rounded
	// half away from zero; a negative amount keeps its sign even when it rounds to $0.00.
	const [whole = '0', fraction = ''] = plainDecimal(Math.abs(amount)).split('.')
	let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'))
	if ((fraction[2] ?? '0') >= '5') cents += 1n
	const digits = String(cents).padStart(3, '0')
	const dollars = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',')
	const sign = amount < 0 || Object.is(amount, -0) ? '-' : ''
	return `${sign}$${dollars}.${digits.slice(-2)}`
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * dd/mm/yyyy, or mm/dd/yyyy for en-US (spec part 1 §5). Unparseable input is returned as is.
 * Written out, not with Intl, for the reason formatMoney gives.
 */
export function formatDisplayDate(
	value: string | Date | null | undefined,
	locale: Locale = 'en-AU',
) {
	if (!value) return ''
	const date = typeof value === 'string' ? parseIsoDate(value) : value
	if (!date || Number.isNaN(date.getTime())) return typeof value === 'string' ? value : ''
	const [day, month, year] = [
		pad(date.getDate()),
		pad(date.getMonth() + 1),
		pad(date.getFullYear(), 4),
	]
	return locale === 'en-US' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`
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
