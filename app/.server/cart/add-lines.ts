import pLimit from 'p-limit'
import { failureMessage } from '../request/forms.ts'
import { LOCKS, withLock } from '../store/locks.ts'
import { type TallyLine } from '../presenter/contract/cart.ts'
import { isPresenterError, type Presenter } from '../presenter/index.ts'

/**
 * How many presenter calls one request keeps in flight when it works through many lines (quick
 * order, reorder): enough for 500 lines in well under 2 s, few enough not to flood the presenter
 * (docs/decisions/023-quick-order-and-reorder.md).
 */
export const LINE_CONCURRENCY = 8

export type NewCartLine = { productID: string; uom: string; quantity: number; tally?: TallyLine[] }

/**
 * Adds many lines to the cart in one step, LINE_CONCURRENCY at a time, under the cart's lock
 * once (each add then runs at once inside it). Returns how many were added and the presenter's
 * message for each one it refused; anything else (a session expiry's redirect) is rethrown.
 */
export async function addCartLines(
	presenter: Presenter,
	cartSessionId: string,
	lines: NewCartLine[],
) {
	const limit = pLimit(LINE_CONCURRENCY)
	const results = await withLock(LOCKS.cart(cartSessionId), () =>
		Promise.allSettled(
			lines.map((line) => limit(() => presenter.cart.addLine(cartSessionId, line))),
		),
	)
	/** `index`: the line's place in `lines`. */
	const failures: Array<{ index: number; productID: string; message: string }> = []
	results.forEach((result, index) => {
		if (result.status === 'fulfilled') return
		if (!isPresenterError(result.reason)) throw result.reason
		failures.push({
			index,
			productID: lines[index]!.productID,
			message: failureMessage(result.reason, 'Something went wrong.'),
		})
	})
	return { added: lines.length - failures.length, failures }
}

/** 'Added 3 lines to cart' (and what could not be added). */
export function addedMessage({
	added,
	failures,
}: {
	added: number
	failures: Array<{ productID: string; message: string }>
}) {
	const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`
	const done = `Added ${lines(added)} to cart`
	if (!failures.length) return done
	const why = failures.map((f) => `${f.productID}: ${f.message}`).join('; ')
	return `${done}. ${lines(failures.length)} could not be added (${why})`
}
