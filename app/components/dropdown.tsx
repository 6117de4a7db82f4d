import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Spec part 1 §9: dropdown menus close 2 s after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 2000

/**
 * A menu that is a plain <details> (works without JS). JS adds: close 2 s after the pointer
 * leaves, on a click elsewhere and after navigating; and its keyboard (menu-keys.ts: Escape, the
 * focus leaving it, the menu keys), once the page has hydrated. Its summary's ▾ is not part of
 * its name.
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
			onPointerLeave={() => {
				clearTimeout(timer.current)
				timer.current = setTimeout(
					() => ref.current?.removeAttribute('open'),
					DROPDOWN_CLOSE_DELAY_MS,
				)
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
