/**
 * The service worker (sw/sw.ts, built into /sw.js; docs/decisions/057-offline.md), loaded after
 * the page: it is registered, and document links go through it. It learns who is signed in from
 * each response it passes on, not from the page. The development server has no worker (it is
 * built with the app): there a worker an earlier build left on this address is removed.
 */
export function start() {
	if (!('serviceWorker' in navigator)) return
	if (import.meta.env.DEV) {
		void navigator.serviceWorker
			.getRegistrations()
			.then((all) => all.forEach((registration) => void registration.unregister()))
		return
	}
	document.removeEventListener('click', openThroughWorker)
	document.addEventListener('click', openThroughWorker)
	navigator.serviceWorker.register('/sw.js').catch(() => {}) // the portal works without it
}

/**
 * A document link (`download`) is fetched through the service worker, which keeps the document to
 * read offline, and saved from what it answers: the browser's own download of such a link would
 * bypass the worker. Whatever fails is left to the browser: the link is followed.
 */
function openThroughWorker(event: MouseEvent) {
	const link = event.target instanceof Element ? event.target.closest('a[download]') : null
	if (!(link instanceof HTMLAnchorElement) || !navigator.serviceWorker?.controller) return
	if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return
	if (link.origin !== location.origin) return
	event.preventDefault()
	fetch(link.href)
		.then(async (response) => {
			if (!response.ok) throw new Error(response.statusText)
			const disposition = response.headers.get('Content-Disposition') ?? ''
			const named = /filename="?([^";]+)"?/.exec(disposition)?.[1]
			const file = document.createElement('a')
			file.href = URL.createObjectURL(await response.blob())
			file.download = named ?? (link.getAttribute('download') || 'document')
			file.click()
			setTimeout(() => URL.revokeObjectURL(file.href), 60_000)
		})
		.catch(() => location.assign(link.href))
}
