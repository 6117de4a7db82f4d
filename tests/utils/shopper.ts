import { type Shopper } from '#app/.server/orders/index.ts'
import { parseSettings, type Settings } from '#app/.server/presenter/config.ts'
import { isPresenterError, type Presenter } from '#app/.server/presenter/index.ts'

/**
 * A shopper of the order domain for unit tests: a user's presenter (the sandbox harness's
 * `portal(username)`), the cart `cartSessionId` read as the portal reads it, and settings.
 * A cart the presenter no longer lists (it became an order) reads as empty.
 */
export function shopperOf(
	portal: { presenter: Presenter; identity: Shopper['identity'] },
	cartSessionId: string,
	settings: Settings = parseSettings([]),
): Shopper {
	const { presenter } = portal
	return {
		presenter,
		identity: portal.identity,
		settings,
		cart: {
			id: async () => cartSessionId,
			lines: () =>
				presenter.cart.get(cartSessionId).catch((error: unknown) => {
					if (!isPresenterError(error, 'field')) throw error
					return []
				}),
			ordered: () => {},
			adding: (add) => add(cartSessionId),
		},
	}
}

/** The despatch methods the sandbox has, as the checkout reads them. */
export const METHODS = [
	{ methodName: 'DEL', methodDesc: 'Delivery', delivery: true },
	{ methodName: 'PICKUP', methodDesc: 'Pickup from branch', delivery: false },
]
