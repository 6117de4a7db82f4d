/** An email dialog lists at most 5 transaction numbers, then '...and N more.' */
export function summariseNumbers(numbers: string[], max = 5) {
	const shown = numbers.slice(0, max).join(', ')
	const more = numbers.length - max
	return more > 0 ? `${shown} ...and ${more} more.` : shown
}
