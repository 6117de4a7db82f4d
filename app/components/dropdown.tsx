import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Dropdown menus close this long after a mouse pointer leaves them. */
export const DROPDOWN_CLOSE_DELAY_MS = 2000

/**
 * Whether the open panel is in use: focus is in it, or something is typed in one of its fields.
 * Such a panel never closes by itself.
 */
function inUse(panel: Element | null | undefined) {
	if (!panel) return false
	if (panel.contains(document.activeElement)) return true
	return [...panel.querySelectorAll('input:not([type="hidden"]), textarea')].some(
		(field) => (field as HTMLInputElement).value !== '',
	)
}

/**
 * A menu that is a plain <details> (works without JS). JS adds: close 2 s after a mouse pointer
 * leaves (not while the panel has focus or typed text), on a click or tap elsewhere and after
 * navigating; and its keyboard (menu-keys.ts: Escape, the focus leaving it, the menu keys), once
 * the page has hydrated. A touch screen fires pointerleave as the finger lifts, so there the menu
 * stays open until it is closed, tapped outside or left. Its summary's ▾ is not part of its name.
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

	useEffect(() => {
		ref.current?.removeAttribute('open')
	}, [location.key])

	useEffect(() => {
		const onPointerDown = (event: PointerEvent) => {
			if (ref.current && !ref.current.contains(event.target as Node))
				ref.current.removeAttribute('open')
		}
		document.addEventListener('pointerdown', onPointerDown)
		return () => {
			document.removeEventListener('pointerdown', onPointerDown)
			clearTimeout(timer.current)
		}
	}, [])

	return (
		<details
			ref={ref}
			className={`dropdown ${className}`}
			onPointerEnter={() => clearTimeout(timer.current)}
			onPointerLeave={(event) => {
				clearTimeout(timer.current)
				if (event.pointerType !== 'mouse') return
				timer.current = setTimeout(() => {
					if (inUse(ref.current?.querySelector('.dropdown__panel'))) return
					ref.current?.removeAttribute('open')
				}, DROPDOWN_CLOSE_DELAY_MS)
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
