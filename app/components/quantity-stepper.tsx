import { useRef, useState } from 'react'
import {
	decrementQuantity,
	DEFAULT_QUANTITY,
	incrementQuantity,
	MAX_QUANTITY,
	typedQuantity,
} from '#app/utils/product.ts'

/**
 * A quantity input with − and + buttons: starts at 1, never below 1, below the
 * maximum safe integer; typed input only as a positive integer, anything else ignored. Without JS
 * it is a plain number input (the buttons are an enhancement) and the server validates it.
 *
 * NOTE: the input is uncontrolled, so a quantity typed before the page has hydrated (slow phones)
 * is kept rather than reset to the initial value.
 */
export function QuantityStepper({
	id,
	name = 'quantity',
	label,
	defaultValue = DEFAULT_QUANTITY,
	errorId,
	invalid,
	form,
	onQuantity,
}: {
	id: string
	name?: string
	label: string
	defaultValue?: number
	errorId?: string
	invalid?: boolean
	/** The form the input belongs to, when it is not inside it (the cart's one 'Update cart'). */
	form?: string
	/** Called with each quantity the stepper accepts (typed or stepped), with JS. */
	onQuantity?: (quantity: number) => void
}) {
	const input = useRef<HTMLInputElement>(null)
	// The quantity − or + made, said (the focus stays on the button, which does not say it).
	const [stepped, setStepped] = useState('')
	// The last accepted quantity: what non-numbers and out-of-range input fall back to.
	const accepted = useRef(defaultValue)
	const accept = (quantity: number, show: boolean) => {
		accepted.current = quantity
		if (show && input.current) input.current.value = String(quantity)
		onQuantity?.(quantity)
	}
	const step = (quantity: number) => {
		accept(quantity, true)
		setStepped(`${label} ${quantity}`)
	}
	// Always from what the input shows: it may have been typed before the page hydrated.
	const current = () => typedQuantity(input.current?.value ?? '', accepted.current)
	return (
		<div className="stepper">
			<label className="visually-hidden" htmlFor={id}>
				{label}
			</label>
			<button
				type="button"
				className="stepper__button"
				aria-label={`Decrease ${label.toLowerCase()}`}
				onClick={() => step(decrementQuantity(current()))}
			>
				−
			</button>
			<input
				ref={input}
				id={id}
				name={name}
				form={form}
				type="number"
				inputMode="numeric"
				min={1}
				max={MAX_QUANTITY}
				step={1}
				defaultValue={defaultValue}
				aria-invalid={invalid || undefined}
				aria-describedby={errorId}
				onChange={() => accept(current(), false)}
				onBlur={() => accept(current(), true)}
			/>
			<button
				type="button"
				className="stepper__button"
				aria-label={`Increase ${label.toLowerCase()}`}
				onClick={() => step(incrementQuantity(current()))}
			>
				+
			</button>
			<span className="visually-hidden" role="status">
				{stepped}
			</span>
		</div>
	)
}
