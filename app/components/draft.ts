import { useCallback, useMemo } from 'react'
import { useRouteLoaderData } from 'react-router'

/**
 * An unsent draft (a quick-order paste, a tally's rows), kept in this browser's storage under the
 * signed-in user's key (the portal layout's), so a reload or a page the phone dropped does not
 * lose it, and another user signing in here does not see it. Signing out clears the browser's
 * storage (Clear-Site-Data), drafts with it. Without JS there is no draft.
 */
export function useDraft(name: string | undefined) {
	// The portal layout's (app/routes/portal/layout.tsx): none when signed out.
	const portal = useRouteLoaderData('routes/portal/layout') as { user: { key: string } } | undefined
	const storageKey = portal && name ? `draft:${portal.user.key}:${name}` : null
	return useMemo(
		() => ({
			saved: () => (storageKey ? read(storageKey) : null),
			/** An empty value is no draft. */
			save: (value: string) => {
				if (storageKey) write(storageKey, value)
			},
			/** The draft went where it was going. */
			clear: () => {
				if (storageKey) write(storageKey, '')
			},
		}),
		[storageKey],
	)
}

/** A text field's draft: restored into the field when it is empty, kept as it is typed. */
export function useTextDraft(name: string) {
	const draft = useDraft(name)
	// A field the page fills itself (a confirmation's text, a refused check's typing) keeps that.
	const restore = useCallback(
		(field: HTMLTextAreaElement | null) => {
			const saved = field && !field.value ? draft.saved() : null
			if (field && saved) field.value = saved
		},
		[draft],
	)
	const onInput = (event: React.FormEvent<HTMLTextAreaElement>) =>
		draft.save(event.currentTarget.value)
	return { restore, onInput, clear: draft.clear }
}

// Storage may be refused (a private window, a full quota): the field works without a draft.
function read(key: string) {
	try {
		return localStorage.getItem(key)
	} catch {
		return null
	}
}
function write(key: string, value: string) {
	try {
		if (value) localStorage.setItem(key, value)
		else localStorage.removeItem(key)
	} catch {
		// no draft, then
	}
}
