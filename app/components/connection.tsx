import { useEffect, useState } from 'react'
import { type DataStrategyResult, type MiddlewareFunction } from 'react-router'
import type * as Lazy from './connection-ui.tsx'

/**
 * What the first load carries of the offline handling (docs/decisions/057-offline.md): the rest
 * (app/components/connection-ui.tsx) is loaded after the page has loaded, and is then in the
 * browser's module map, so it answers offline too.
 */
let ui: typeof Lazy | null = null
const loading =
	typeof document === 'undefined'
		? null
		: new Promise((loaded) =>
				document.readyState === 'complete'
					? loaded(null)
					: addEventListener('load', loaded, { once: true }),
			)
				.then(() => import('./connection-ui.tsx'))
				.then((loaded) => (ui = loaded))
				.catch(() => null) // then the router's own error screen, as before

/** A post the network lost keeps the page (connection-ui.tsx), once that is loaded. */
export const offlineMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>> = (
	args,
	next,
) => (ui ? ui.offlineMiddleware(args, next) : next())

/** The offline banner, a post's 'Not sent' and the service worker, once loaded. */
export function Connection() {
	const [Ui, setUi] = useState(ui)
	useEffect(() => void loading?.then(setUi), [])
	return Ui && <Ui.Banner />
}
