import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Spec part 1 §9: dropdown menus close 2 s after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 2000

/** Letters typed this long after the last one are a new search (type-ahead). */
const TYPE_AHEAD_MS = 500

/** The menu's entries a key moves between: the links, summaries and buttons shown in the panel. */
function entries(details: HTMLDetailsElement) {
	const panel = details.querySelector(':scope > .dropdown__panel')
	return [...(panel?.querySelectorAll<HTMLElement>('a[href], summary, button') ?? [])].filter(
		(entry) => entry.checkVisibility(),
	)
}

/**
 * The keys of a menu (the WAI menu patterns, on top of Tab): Down on the summary opens it at its
 * first entry; Down, Up, Home and End move between the panel's entries; letters typed move to the
 * next entry that starts with them. Not in a field (the search box keeps its keys).
 */
function useMenuKeys(ref: React.RefObject<HTMLDetailsElement | null>) {
	const typed = useRef({ text: '', at: 0 })
	return (event: React.KeyboardEvent) => {
		const details = ref.current
		const target = event.target as HTMLElement
		if (!details || event.altKey || event.ctrlKey || event.metaKey) return
		if (target.matches('input, select, textarea')) return
		const items = entries(details)
		const move = (entry: HTMLElement | undefined) => {
			if (!entry) return
			event.preventDefault()
			entry.focus()
		}
		if (target.parentElement === details && target.matches('summary')) {
			if (event.key !== 'ArrowDown') return
			details.open = true
			return move(entries(details)[0])
		}
		const at = items.indexOf(target)
		if (at < 0) return
		if (event.key === 'ArrowDown') return move(items[(at + 1) % items.length])
		if (event.key === 'ArrowUp') return move(items[(at - 1 + items.length) % items.length])
		if (event.key === 'Home') return move(items[0])
		if (event.key === 'End') return move(items.at(-1))
		if (event.key.length !== 1 || event.key === ' ') return
		// The letters typed together, or this one alone when they start no entry.
		const key = event.key.toLowerCase()
		const startsWith = (prefix: string, from: number) =>
			[...items.slice(from), ...items.slice(0, from)].find((e) =>
				e.textContent?.trim().toLowerCase().startsWith(prefix),
			)
		const together = event.timeStamp - typed.current.at < TYPE_AHEAD_MS
		let text = together ? typed.current.text + key : key
		let found = startsWith(text, text.length > 1 ? at : at + 1)
		if (!found && text.length > 1) found = startsWith((text = key), at + 1)
		typed.current = { text, at: event.timeStamp }
		move(found)
	}
}

/**
 * A menu that is a plain <details> (works without JS). JS adds: close 2 s after the pointer
 * leaves, on Escape (wherever the focus is), on a click elsewhere, when the focus leaves it and
 * after navigating; and the menu keys (useMenuKeys). Its summary's ▾ is not part of its name.
 */
export function Dropdown({
	summary,
	label,
	className = '',
	children,
}: {
	summary: React.ReactNode
	label?: string
	className?: string
	children: React.ReactNode
}) {
	const ref = useRef<HTMLDetailsElement>(null)
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	const location = useLocation()
	const onMenuKey = useMenuKeys(ref)

	useEffect(() => {
		ref.current?.removeAttribute('open')
	}, [location.key])

	useEffect(() => {
		const onPointerDown = (event: PointerEvent) => {
			if (ref.current && !ref.current.contains(event.target as Node))
				ref.current.removeAttribute('open')
		}
		// Escape closes an open menu wherever the focus is; from inside, the focus goes to its summary.
		const onKeyDown = (event: KeyboardEvent) => {
			const details = ref.current
			if (event.key !== 'Escape' || !details?.open) return
			details.removeAttribute('open')
			if (details.contains(document.activeElement)) details.querySelector('summary')?.focus()
		}
		document.addEventListener('pointerdown', onPointerDown)
		document.addEventListener('keydown', onKeyDown)
		return () => {
			document.removeEventListener('pointerdown', onPointerDown)
			document.removeEventListener('keydown', onKeyDown)
			clearTimeout(timer.current)
		}
	}, [])

	return (
		// <details> is interactive (its summary toggles it); the rule does not know that.
		// eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
		<details
			ref={ref}
			className={`dropdown ${className}`}
			onPointerEnter={() => clearTimeout(timer.current)}
			onPointerLeave={() => {
				clearTimeout(timer.current)
				timer.current = setTimeout(
					() => ref.current?.removeAttribute('open'),
					DROPDOWN_CLOSE_DELAY_MS,
				)
			}}
			onKeyDown={onMenuKey}
			onBlur={(event) => {
				// The focus went to another control outside (Tab, Shift+Tab): closed, unless something
				// typed in the panel is waiting there. Focus lost to nothing (a click) is pointerdown's.
				const details = ref.current
				const next = event.relatedTarget
				if (!details?.open || !next || details.contains(next)) return
				const fields = details.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])')
				const typed = [...fields].some((field) => field.value)
				if (!typed) details.removeAttribute('open')
			}}
		>
			<summary aria-label={label}>
				{summary}
				<span className="dropdown__marker" aria-hidden="true" />
			</summary>
			<div className="dropdown__panel">{children}</div>
		</details>
	)
}
