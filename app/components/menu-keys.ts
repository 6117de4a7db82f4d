/**
 * The keyboard of the Dropdown menus (docs/decisions/063-focus-and-announcements.md), listened to
 * on the document by focus.tsx once the page has hydrated: Escape closes an open menu wherever the
 * focus is (from inside, the focus goes to its summary); the focus leaving a menu closes it,
 * unless something typed in it waits; and the menu keys of the WAI menu patterns, on top of Tab:
 * Down on a summary opens its menu at the first entry, Down, Up, Home and End move between the
 * panel's entries, letters typed move to the next entry that starts with them. Not in a field
 * (the search box keeps its keys).
 */

/** Letters typed this long after the last one are a new search (type-ahead). */
const TYPE_AHEAD_MS = 500

let typed = { text: '', at: 0 }

/** The menu's entries a key moves between: the links, summaries and buttons shown in the panel. */
function entries(menu: Element) {
	const panel = menu.querySelector(':scope > .dropdown__panel')
	return [...(panel?.querySelectorAll<HTMLElement>('a[href], summary, button') ?? [])].filter(
		(entry) => entry.checkVisibility(),
	)
}

/** Closes `menu`; the focus, if it was inside, goes to its summary. */
function close(menu: HTMLDetailsElement) {
	const inside = menu.contains(document.activeElement)
	menu.removeAttribute('open')
	if (inside) menu.querySelector('summary')?.focus()
}

/** A key pressed anywhere in the page. */
export function onMenuKey(event: KeyboardEvent) {
	const { key, target } = event
	if (key === 'Escape')
		return document.querySelectorAll<HTMLDetailsElement>('details.dropdown[open]').forEach(close)
	if (!(target instanceof HTMLElement) || event.altKey || event.ctrlKey || event.metaKey) return
	const menu = target.closest<HTMLDetailsElement>('details.dropdown')
	if (!menu || target.matches('input, select, textarea')) return
	const move = (entry: HTMLElement | undefined) => {
		event.preventDefault()
		entry?.focus()
	}
	if (target.parentElement === menu) {
		if (key !== 'ArrowDown') return
		menu.open = true
		return move(entries(menu)[0])
	}
	const items = entries(menu)
	const at = items.indexOf(target)
	if (at < 0) return
	const moves: Record<string, HTMLElement | undefined> = {
		ArrowDown: items[(at + 1) % items.length],
		ArrowUp: items[(at - 1 + items.length) % items.length],
		Home: items[0],
		End: items.at(-1),
	}
	if (key in moves) return move(moves[key])
	if (key.length !== 1 || key === ' ') return
	// The letters typed together, or this one alone when they start no entry.
	const letter = key.toLowerCase()
	const startsWith = (prefix: string, from: number) =>
		[...items.slice(from), ...items.slice(0, from)].find((e) =>
			e.textContent?.trim().toLowerCase().startsWith(prefix),
		)
	let text = event.timeStamp - typed.at < TYPE_AHEAD_MS ? typed.text + letter : letter
	let found = startsWith(text, text.length > 1 ? at : at + 1)
	if (!found && text.length > 1) found = startsWith((text = letter), at + 1)
	typed = { text, at: event.timeStamp }
	move(found)
}

/**
 * The focus left a control: an open menu it left for another control outside (Tab, Shift+Tab)
 * closes. Focus lost to nothing (a click) is the Dropdown's own pointerdown's.
 */
export function onMenuFocusOut(event: FocusEvent) {
	const { target, relatedTarget: next } = event
	const menu = target instanceof Element ? target.closest('details.dropdown') : null
	if (!(menu instanceof HTMLDetailsElement) || !menu.open) return
	if (!(next instanceof Node) || menu.contains(next)) return
	const fields = menu.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])')
	if (![...fields].some((field) => field.value)) menu.removeAttribute('open')
}
