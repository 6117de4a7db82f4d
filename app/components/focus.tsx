import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigation } from 'react-router'

/**
 * Where the keyboard focus goes when what had it goes away: a dialog closing, a page changing in
 * place (docs/decisions/060-focus-and-announcements.md). Without JavaScript every such change is a
 * new page, which starts at its top, its fragment or its `autofocus`.
 */

/** The elements Tab stops at (less those hidden or disabled, which `tabbable` checks). */
const TABBABLE =
	'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]'

/** Whether the keyboard reaches `element` with Tab. */
function tabbable(element: Element): element is HTMLElement {
	return (
		element instanceof HTMLElement &&
		element.tabIndex >= 0 &&
		!element.matches(':disabled') &&
		element.checkVisibility()
	)
}

/** `element` itself or the first element inside it that Tab reaches. */
function firstTabbable(element: Element | null) {
	if (!element) return null
	if (tabbable(element)) return element
	return [...element.querySelectorAll(TABBABLE)].find(tabbable) ?? null
}

/**
 * Focuses `element`, first making it focusable by script (tabindex -1) if it is not (a heading,
 * a message). `preventScroll` keeps the page where it is (a restored scroll position).
 */
function focusOn(element: HTMLElement, options?: FocusOptions) {
	if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.tabIndex = -1
	element.focus(options)
}

/** The page's own heading (the first h1 of its main content), or its main content. */
function pageStart() {
	return (
		document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main')
	)
}

/** What had the focus before a dialog opened, and how to find it again if it is drawn anew. */
type Opener = { element: HTMLElement; selector: string | null }

/** An element's address in the page that holds when React draws it again: its id or its link. */
function selectorOf(element: HTMLElement) {
	if (element.id) return `#${CSS.escape(element.id)}`
	const href = element.getAttribute('href')
	return element instanceof HTMLAnchorElement && href ? `a[href="${CSS.escape(href)}"]` : null
}

let lastFocused: Opener | null = null

/**
 * Remembers the control the keyboard (or a click) last focused outside any dialog: the one that
 * opened a dialog, even when the page drew it again as the dialog opened (the dialog's own URL).
 */
export function useFocusMemory() {
	useEffect(() => {
		const remember = (event: FocusEvent) => {
			const target = event.target
			if (target instanceof HTMLElement && !target.closest('dialog') && tabbable(target))
				lastFocused = { element: target, selector: selectorOf(target) }
		}
		document.addEventListener('focusin', remember)
		return () => document.removeEventListener('focusin', remember)
	}, [])
}

/** The control that has the focus now, outside any dialog; null when nothing (the page) has it. */
function focusedControl(): Opener | null {
	const active = document.activeElement
	if (!(active instanceof HTMLElement) || active === document.body || active.closest('dialog'))
		return null
	return tabbable(active) ? { element: active, selector: selectorOf(active) } : null
}

/** The control that had the focus as a dialog opens: it gets the focus back when the dialog closes. */
export function currentOpener(): Opener | null {
	const active = document.activeElement
	return active && active !== document.body && !active.closest('dialog')
		? focusedControl()
		: lastFocused
}

/** The control itself if it is still in the page, or the same control drawn again. */
function again(control: Opener | null) {
	if (!control) return undefined
	if (control.element.isConnected && tabbable(control.element)) return control.element
	return control.selector
		? [...document.querySelectorAll(control.selector)].find(tabbable)
		: undefined
}

/** Whether nothing has the focus (the page itself has it). */
function lost() {
	const active = document.activeElement
	return !active || active === document.body
}

/**
 * After a dialog closed, while nothing has the focus: back to the control that opened it, or the
 * same control drawn again; if it is gone, the first control of `place` (the id of the list row
 * the dialog was about), or the page's heading.
 */
export function returnFocus(opener: Opener | null, place?: string) {
	if (!lost()) return
	const target =
		again(opener) ?? firstTabbable(place ? document.getElementById(place) : null) ?? pageStart()
	if (target) focusOn(target)
}

let next: string | null = null

/**
 * Names (by id) the control that takes the focus once this post's answer is shown, when the post
 * removes the focused one: the next line of a list after a line is removed.
 */
export function focusAfterPost(id: string | null) {
	next = id
}

/**
 * Focus is never lost: when a navigation (a post, a list control) ends with nothing focused
 * because the control that had the focus was removed or drawn anew, the focus goes to the control
 * focusAfterPost named, the same control drawn again, the page's message, or its heading.
 */
function useFocusKeeper() {
	const { state } = useNavigation()
	const held = useRef<Opener | null>(null)
	useEffect(() => {
		if (state !== 'idle') {
			held.current ??= focusedControl()
			return
		}
		const had = held.current
		const named = next
		held.current = next = null
		if (!had || !lost()) return
		const target =
			(named ? document.getElementById(named) : null) ??
			again(had) ??
			document.querySelector<HTMLElement>('main .notice') ??
			pageStart()
		if (target) focusOn(target)
	}, [state])
}

/**
 * After a client navigation to another page, the focus moves where a page load would start a
 * reader: to the page's message (a post's outcome) or its heading; and a status region says the
 * new page's title. A page that put the focus somewhere itself (an open dialog) keeps it. The
 * scroll is left to React Router's ScrollRestoration: the focus never scrolls.
 */
export function RouteFocus() {
	const { pathname } = useLocation()
	useFocusKeeper()
	const shown = useRef(pathname)
	// Counted, so that a page with the same title as the last is said too (new text, not the same).
	const [said, setSaid] = useState({ title: '', count: 0 })
	useEffect(() => {
		if (shown.current === pathname) return
		shown.current = pathname
		if (!document.activeElement?.closest('dialog[open]')) {
			const target = document.querySelector<HTMLElement>('main .notice') ?? pageStart()
			if (target) focusOn(target, { preventScroll: true })
		}
		// The title is the new page's once it is drawn, so it is read here.
		setSaid((last) => ({ title: document.title, count: last.count + 1 }))
	}, [pathname])
	// A div: a <p> first in <body> would be taken for the offline copy's note (public/sw.js), a <p>
	// that React leaves alone only because it renders none there.
	return (
		<div className="visually-hidden" role="status" aria-atomic="true">
			<span key={said.count}>{said.title}</span>
		</div>
	)
}
