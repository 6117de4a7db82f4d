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
 * The symbol before an amount, as Intl writes it for each locale (currencyDisplay 'symbol'): the
 * locale's own dollar is '$', the other one is marked ('USD 12.00' in en-AU, 'A$12.00' in en-US).
 * 'US' is the settings' other name for US dollars (decision 047).
 */
const SYMBOLS: Record<Locale, Record<Currency, string>> = {
	'en-AU': { AUD: '$', US: 'USD', USD: 'USD' },
	'en-US': { AUD: 'A$', US: '$', USD: '$' },
}

/**
 * Money as the customer's locale and currency show it, for amounts the browser works out itself
 * (a tally's running total): $1,234.50, -$12.00, USD 1,234.50, A$1,234.50. Pages get amounts the
 * server knows already formatted (app/.server/format.ts formats with Intl). Written out rather than
 * with Intl: a page's first use of Intl costs the browser tens of milliseconds while it hydrates
 * (decision 035); the unit tests check every case against Intl.
 */
export function formatMoney(amount: number, locale: Locale = 'en-AU', currency: Currency = 'AUD') {
	const symbol = SYMBOLS[locale][currency]
	// Like Intl: a letter symbol is spaced (no-break) from digits only.
	const before = (digits: string) =>
		/[A-Z]$/.test(symbol) && /^\d/.test(digits) ? `${symbol}\u00a0${digits}` : symbol + digits
	if (!Number.isFinite(amount))
		return `${amount < 0 ? '-' : ''}${before(Number.isNaN(amount) ? 'NaN' : '∞')}`
	// Like Intl: the shortest decimal that reads back as the number (1.005, not 1.00499…), rounded
	// half away from zero; a negative amount keeps its sign even when it rounds to $0.00.
	const [whole = '0', fraction = ''] = plainDecimal(Math.abs(amount)).split('.')
	let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'))
	if ((fraction[2] ?? '0') >= '5') cents += 1n
	const digits = String(cents).padStart(3, '0')
	const dollars = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',')
	const sign = amount < 0 || Object.is(amount, -0) ? '-' : ''
	return `${sign}${before(`${dollars}.${digits.slice(-2)}`)}`
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
