/**
 * The supplier keeps its dates and times in Sydney's local time, whatever time zone the sandbox
 * runs in: statement days, payment dates, last sign-in, price book runs and document dates.
 */
const SYDNEY = new Intl.DateTimeFormat('en-AU', {
	timeZone: 'Australia/Sydney',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
	hourCycle: 'h23',
})

/**
 * An instant (a Date or an ISO string) in Sydney: its date (yyyy-mm-dd), time (HH:mm:ss) and
 * seconds since local midnight.
 */
export function sydneyTime(at: Date | string) {
	const parts = Object.fromEntries(SYDNEY.formatToParts(new Date(at)).map((p) => [p.type, p.value]))
	return {
		date: `${parts.year}-${parts.month}-${parts.day}`,
		time: `${parts.hour}:${parts.minute}:${parts.second}`,
		seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
	}
}
