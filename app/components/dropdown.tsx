import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Spec part 1 §9: dropdown menus close 2 s after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 2000

/**
 * A menu that is a plain <details> (works without JS). JS adds: close 2 s after the pointer
 * leaves, on Escape, on a click elsewhere and after navigating.
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
			onKeyDown={(event) => {
				if (event.key !== 'Escape' || !ref.current?.open) return
				ref.current.removeAttribute('open')
				ref.current.querySelector('summary')?.focus()
			}}
		>
			<summary aria-label={label}>{summary}</summary>
			<div className="dropdown__panel">{children}</div>
		</details>
	)
}
