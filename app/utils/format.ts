import { decimalDollars, type Cents } from './money.ts'

export type Locale = 'en-AU' | 'en-US'
export type Currency = 'AUD' | 'US' | 'USD'

/**
 * Typed dates are dd/mm/yyyy, or mm/dd/yyyy for en-US, as a date-fns pattern (the
 * server parses with it).
 */
export function dateInputFormat(locale: Locale) {
	return locale === 'en-US' ? 'MM/dd/yyyy' : 'dd/MM/yyyy'
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
 * (a tally's running total, the Order Summary): $1,234.50, -$12.00, USD 1,234.50, A$1,234.50.
 * Pages get amounts the server knows already formatted (app/.server/display/format.ts formats with Intl).
 * Written out rather than with Intl: a page's first use of Intl costs the browser tens of
 * milliseconds while it hydrates (docs/decisions/035). The amount is whole cents, rounded once
 * where it became cents (app/utils/money.ts), so this only groups the digits; the unit tests
 * check every case against Intl.
 */
export function formatMoney(amount: Cents, locale: Locale = 'en-AU', currency: Currency = 'AUD') {
	const symbol = SYMBOLS[locale][currency]
	const decimal = decimalDollars(amount)
	const sign = decimal.startsWith('-') ? '-' : ''
	const [dollars = '', cents = ''] = decimal.slice(sign.length).split('.')
	// Like Intl: a letter symbol is spaced (no-break) from the digits.
	const space = /[A-Z]$/.test(symbol) ? '\u00a0' : ''
	return `${sign}${symbol}${space}${dollars.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`
}

/** Seconds since midnight as h:mm:ss (last_login_time on Home). */
export function formatSecondsOfDay(seconds: number | null | undefined) {
	if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return ''
	const s = Math.floor(seconds) % 86_400
	const h = Math.floor(s / 3600)
	const m = Math.floor((s % 3600) / 60)
	const sec = s % 60
	return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`
}
