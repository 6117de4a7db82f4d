import { type ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * A 409 says that what the page showed is out of date: a total, a price, whether an order needs
 * approval, a request settled meanwhile. Its loaders run again, the header's cart among them, as
 * they do for the page a no-JS post renders. React Router runs no loader after a 4xx by default.
 */
export function afterConflict({
	actionStatus,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	return actionStatus === 409 || defaultShouldRevalidate
}
