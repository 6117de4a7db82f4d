import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadShown } from './components/lazy.tsx'

// Announces JS to the server, which then streams deferred data to this browser instead of
// waiting for it (app/.server/request/deferred.ts).
document.cookie = 'portal_js=1; path=/; max-age=31536000; SameSite=Lax'

// A form the server rendered from a lazily loaded component hydrates with its code at hand.
await loadShown()

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})
