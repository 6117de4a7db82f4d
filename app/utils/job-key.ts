/**
 * A job's number or name, or a reference, as they are compared (docs/decisions/067-jobs.md):
 * lower case, without spaces ('Lot 212 ' and 'LOT212' agree). Shared by the server's matching of
 * transactions to jobs and the checkout form's rules, which the browser checks too.
 */
export function jobKey(text: string | null | undefined) {
	return (text ?? '').toLowerCase().replace(/\s+/g, '')
}
