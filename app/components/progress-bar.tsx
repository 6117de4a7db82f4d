import { useNavigation } from 'react-router'
import { useSpinDelay } from 'spin-delay'

/** A thin bar shown when a navigation takes longer than 400 ms. */
export function ProgressBar() {
	const busy = useNavigation().state !== 'idle'
	// minDuration 0: the bar goes as soon as the page is there, as it always has.
	const show = useSpinDelay(busy, { delay: 400, minDuration: 0 })
	return (
		<div
			className={show ? 'progress-bar progress-bar--active' : 'progress-bar'}
			aria-hidden="true"
		/>
	)
}
