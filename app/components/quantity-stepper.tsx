import { useState } from 'react'
import {
	decrementQuantity,
	DEFAULT_QUANTITY,
	incrementQuantity,
	MAX_QUANTITY,
	typedQuantity,
} from '#app/utils/product.ts'

/**
 * A quantity input with − and + buttons (spec part 1 §4): starts at 1, never below 1, below the
 * maximum safe integer; typed input only as a positive integer, anything else ignored. Without JS
 * it is a plain number input (the buttons are an enhancement) and the server validates it.
 */
export function QuantityStepper({
	id,
	name = 'quantity',
	label,
	defaultValue = DEFAULT_QUANTITY,
	errorId,
	invalid,
}: {
	id: string
	name?: string
	label: string
	defaultValue?: number
	errorId?: string
	invalid?: boolean
}) {
	const [quantity, setQuantity] = useState(defaultValue)
	const [text, setText] = useState(String(defaultValue))
	const set = (n: number) => {
		setQuantity(n)
		setText(String(n))
	}
	return (
		<div className="stepper">
			<label className="visually-hidden" htmlFor={id}>
				{label}
			</label>
			<button
				type="button"
				className="stepper__button"
				aria-label={`Decrease ${label.toLowerCase()}`}
				onClick={() => set(decrementQuantity(quantity))}
				disabled={quantity <= 1}
			>
				−
			</button>
			<input
				id={id}
				name={name}
				type="number"
				inputMode="numeric"
				min={1}
				max={MAX_QUANTITY}
				step={1}
				value={text}
				aria-invalid={invalid || undefined}
				aria-describedby={errorId}
				onChange={(event) => {
					const next = typedQuantity(event.currentTarget.value, quantity)
					setQuantity(next)
					setText(event.currentTarget.value === '' ? '' : String(next))
				}}
				onBlur={() => setText(String(quantity))}
			/>
			<button
				type="button"
				className="stepper__button"
				aria-label={`Increase ${label.toLowerCase()}`}
				onClick={() => set(incrementQuantity(quantity))}
			>
				+
			</button>
		</div>
	)
}
