import { useCallback } from 'react'

/**
 * An unsent draft of a long text field (a quick-order paste), kept in this browser's storage under
 * the signed-in user's key, so a reload or a page the phone dropped does not lose it. Signing out
 * clears the browser's storage (Clear-Site-Data), drafts with it. Without JS there is no draft.
 */
export function useDraft(user: string | undefined, name: string) {
	const storageKey = user ? `draft:${user}:${name}` : null
	// A field the page fills itself (a confirmation's text, a refused check's typing) keeps that.
	const restore = useCallback(
		(field: HTMLTextAreaElement | null) => {
			const saved = storageKey && field && !field.value ? read(storageKey) : null
			if (field && saved) field.value = saved
		},
		[storageKey],
	)
	const onInput = (event: React.FormEvent<HTMLTextAreaElement>) => {
		if (storageKey) write(storageKey, event.currentTarget.value)
	}
	/** The draft went where it was going. */
	const clear = () => {
		if (storageKey) write(storageKey, '')
	}
	return { restore, onInput, clear }
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
