import { useEffect, useState } from 'react'

declare global {
	interface Window {
		__reactRouterManifest?: { version: string }
	}
}

/** How often an open page asks whether a new version has been deployed. */
const CHECK_EVERY_MS = 5 * 60_000

/**
 * 'Refresh to Update': when the server runs a newer build than the one this page
 * loaded, a bar offers to reload. Checked every few minutes and whenever the tab comes back into
 * view. Without JavaScript every page is loaded fresh, so there is nothing to offer.
 */
export function UpdateBar() {
	const [waiting, setWaiting] = useState(false)
	useEffect(() => {
		const loaded = window.__reactRouterManifest?.version
		if (!loaded) return
		const check = () => {
			if (document.visibilityState !== 'visible') return
			fetch('/version', { cache: 'no-store' })
				.then((r) => (r.ok ? (r.json() as Promise<{ version?: string }>) : null))
				.then((reply) => {
					if (reply?.version && reply.version !== loaded) setWaiting(true)
				})
				// Offline or the server restarting: ask again next time.
				.catch(() => {})
		}
		const timer = setInterval(check, CHECK_EVERY_MS)
		document.addEventListener('visibilitychange', check)
		return () => {
			clearInterval(timer)
			document.removeEventListener('visibilitychange', check)
		}
	}, [])
	if (!waiting) return null
	return (
		<div className="update-bar" role="status">
			<span>A new version of the portal is available.</span>
			<button type="button" className="button button--primary" onClick={() => location.reload()}>
				Refresh to Update
			</button>
		</div>
	)
}
