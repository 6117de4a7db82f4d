// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { MAX_QUANTITY } from '#app/utils/product.ts'
import { QuantityStepper } from './quantity-stepper.tsx'

afterEach(cleanup)

function setup(defaultValue?: number) {
	render(<QuantityStepper id="qty" label="Quantity" defaultValue={defaultValue} />)
	return {
		input: screen.getByLabelText('Quantity') as HTMLInputElement,
		plus: screen.getByRole('button', { name: 'Increase quantity' }),
		minus: screen.getByRole('button', { name: 'Decrease quantity' }),
	}
}

describe('QuantityStepper', () => {
	test('keeps a quantity typed before it hydrated (uncontrolled input)', () => {
		const { input, plus } = setup()
		// As if typed before React attached its handlers: no change event.
		input.value = '6'
		fireEvent.blur(input)
		expect(input.value).toBe('6')
		fireEvent.click(plus)
		expect(input.value).toBe('7')
	})

	test('starts at 1 and steps up and down, never below 1', () => {
		const { input, plus, minus } = setup()
		expect(input.value).toBe('1')
		fireEvent.click(minus)
		expect(input.value).toBe('1')
		fireEvent.click(plus)
		fireEvent.click(plus)
		expect(input.value).toBe('3')
		fireEvent.click(minus)
		fireEvent.click(minus)
		fireEvent.click(minus)
		expect(input.value).toBe('1')
	})

	test('stops below the maximum safe integer', () => {
		const { input, plus } = setup(MAX_QUANTITY)
		fireEvent.click(plus)
		expect(input.value).toBe(String(MAX_QUANTITY))
	})

	test('typed input is accepted only as a positive integer', () => {
		const { input, plus } = setup()
		fireEvent.change(input, { target: { value: '7' } })
		expect(input.value).toBe('7')
		fireEvent.change(input, { target: { value: '0' } })
		fireEvent.blur(input)
		expect(input.value).toBe('7')
		fireEvent.change(input, { target: { value: '-4' } })
		fireEvent.blur(input)
		expect(input.value).toBe('7')
		fireEvent.click(plus)
		expect(input.value).toBe('8')
	})

	test('is a named number input, so the form posts it without JS', () => {
		const { input } = setup()
		expect(input.name).toBe('quantity')
		expect(input.type).toBe('number')
		expect(input.min).toBe('1')
	})

	test('says the quantity a button made, in a status region', () => {
		const { plus, minus } = setup(4)
		expect(screen.getByRole('status').textContent).toBe('')
		fireEvent.click(plus)
		expect(screen.getByRole('status').textContent).toBe('Quantity 5')
		fireEvent.click(minus)
		fireEvent.click(minus)
		expect(screen.getByRole('status').textContent).toBe('Quantity 3')
	})
})
