import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

/** A thin bar shown when a navigation takes longer than 400 ms. */
export function ProgressBar() {
	const busy = useNavigation().state !== 'idle'
	const [show, setShow] = useState(false)
	useEffect(() => {
		if (!busy) return
		const timer = setTimeout(() => setShow(true), 400)
		return () => {
			clearTimeout(timer)
			setShow(false)
		}
	}, [busy])
	return (
		<div
			className={show ? 'progress-bar progress-bar--active' : 'progress-bar'}
			aria-hidden="true"
		/>
	)
}
