import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigation } from 'react-router'
import { onMenuFocusOut, onMenuKey } from './menu-keys.ts'

/**
 * Where the keyboard focus goes when what had it goes away, and what is said as the page changes
 * (docs/decisions/063-focus-and-announcements.md). Rendered by the root and loaded once the page
 * has hydrated, off the first load. Without JavaScript every such change is a new page, which
 * starts at its top, its fragment or its `autofocus`.
 */

/** The elements Tab stops at (less those hidden or disabled, which `tabbable` checks). */
const TABBABLE =
	'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]'

/** Whether the keyboard reaches `element` with Tab. */
function tabbable(element: Element | null): element is HTMLElement {
	return (
		element instanceof HTMLElement &&
		element.tabIndex >= 0 &&
		!element.matches(':disabled') &&
		element.checkVisibility()
	)
}

/** `element` itself or the first element inside it that Tab reaches. */
function firstTabbable(element: Element | null) {
	if (!element || tabbable(element)) return element
	return [...element.querySelectorAll(TABBABLE)].find(tabbable) ?? null
}

/** Focuses `element`, first making it focusable by script (a heading, a message) if it is not. */
function focusOn(element: Element, options?: FocusOptions) {
	if (!(element instanceof HTMLElement)) return
	if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.tabIndex = -1
	element.focus(options)
}

/** The page's own heading (the first h1 of its main content), or its main content. */
const pageStart = () => document.querySelector('main h1') ?? document.querySelector('main')

/** Whether nothing has the focus (the page itself has it). */
function lost() {
	const active = document.activeElement
	return !active || active === document.body
}

/**
 * A control that had the focus, and how to find it, or its like, once the page is drawn again:
 * its id or its link (the same control drawn anew), and the list rows around its own (the next
 * row's control of the same kind, once its row is gone).
 */
type Control = {
	element: HTMLElement
	same: string | null
	kind: string
	rows: Array<Element | null>
}

/** What has the focus now, as a Control; null when nothing does, or it is in a dialog. */
function focused(): Control | null {
	const element = document.activeElement
	if (!(element instanceof HTMLElement) || element.closest('dialog') || !tabbable(element))
		return null
	const href = element.getAttribute('href')
	const row = element.closest('li, tr')
	return {
		element,
		same: element.id ? `#${CSS.escape(element.id)}` : href ? `a[href="${CSS.escape(href)}"]` : null,
		kind: [element.localName, ...element.classList].map((name) => CSS.escape(name)).join('.'),
		rows: [row?.nextElementSibling ?? null, row?.previousElementSibling ?? null],
	}
}

/** The control again: itself, drawn anew, or (its row gone) the like of it in the next row. */
function again(control: Control | null) {
	if (!control) return undefined
	const { element, same, kind, rows } = control
	if (element.isConnected && tabbable(element)) return element
	const drawn = same ? [...document.querySelectorAll(same)].find(tabbable) : undefined
	return (
		drawn ?? rows.map((row) => (row?.isConnected ? row.querySelector(kind) : null)).find(tabbable)
	)
}

/** The control the last navigation started from (the link that opened a dialog). */
let navigatedFrom: Control | null = null

/**
 * Focus is never lost: when a navigation (a post, a list control) ends with nothing focused
 * because the control that had the focus was removed or drawn anew, the focus goes to the same
 * control drawn again, the like of it in the next row (a cart line removed), the page's message,
 * or its heading.
 */
function useFocusKeeper() {
	const { state } = useNavigation()
	const held = useRef<Control | null>(null)
	useEffect(() => {
		if (state !== 'idle') {
			held.current ??= focused()
			return
		}
		const had = held.current
		held.current = null
		if (!had) return
		navigatedFrom = had
		if (!lost()) return
		const target = again(had) ?? document.querySelector('main .notice') ?? pageStart()
		if (target) focusOn(target)
	}, [state])
}

/**
 * A dialog closed ('dialog-closed', from Modal as it goes): the browser gave the focus back to
 * what had it when the dialog opened. If that was nothing (the control that opened it was drawn
 * anew with the dialog's own address, or nothing opened it), once the page is drawn the focus
 * goes to that control drawn again, the first control of the list row the dialog was about
 * (`data-place`), or the page's heading.
 */
function onDialogClose(event: Event) {
	const dialog = event.target
	if (!(dialog instanceof HTMLElement)) return
	const id = dialog.dataset.place
	queueMicrotask(() => {
		if (!lost()) return
		const place = id ? document.getElementById(id) : null
		const target = again(navigatedFrom) ?? firstTabbable(place) ?? pageStart()
		if (target) focusOn(target)
	})
}

/**
 * After a client navigation to another page, the focus moves where a page load would start a
 * reader: to the page's message (a post's outcome) or its heading; and a status region says the
 * new page's title. A page that put the focus somewhere itself (an open dialog) keeps it. The
 * scroll is left to React Router's ScrollRestoration: the focus never scrolls. Also the dialogs'
 * fallbacks and the menus' keys (menu-keys.ts).
 */
export function RouteFocus() {
	const { pathname } = useLocation()
	useFocusKeeper()
	useEffect(() => {
		document.addEventListener('dialog-closed', onDialogClose)
		document.addEventListener('keydown', onMenuKey)
		document.addEventListener('focusout', onMenuFocusOut)
		return () => {
			document.removeEventListener('dialog-closed', onDialogClose)
			document.removeEventListener('keydown', onMenuKey)
			document.removeEventListener('focusout', onMenuFocusOut)
		}
	}, [])
	const shown = useRef(pathname)
	// Counted, so that a page with the same title as the last is said too (new text, not the same).
	const [said, setSaid] = useState({ title: '', count: 0 })
	useEffect(() => {
		if (shown.current === pathname) return
		shown.current = pathname
		if (!document.activeElement?.closest('dialog[open]')) {
			const target = document.querySelector('main .notice') ?? pageStart()
			if (target) focusOn(target, { preventScroll: true })
		}
		// The title is the new page's once it is drawn, so it is read here.
		setSaid((last) => ({ title: document.title, count: last.count + 1 }))
	}, [pathname])
	// A div: a <p> first in <body> would be taken for the offline copy's note (sw/sw.ts), a <p>
	// that React leaves alone only because it renders none there.
	return (
		<div className="visually-hidden" role="status" aria-atomic="true">
			<span key={said.count}>{said.title}</span>
		</div>
	)
}
