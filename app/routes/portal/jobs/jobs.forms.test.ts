import { describe, expect, test } from 'vitest'
import { jobSchema } from './jobs.forms.ts'

const schema = jobSchema(['NSW', 'VIC'])
const job = {
	intent: 'save-job',
	name: ' Smith St renovation ',
	street: '14 Smith St',
	suburb: 'Marrickville',
	state: 'NSW',
	postcode: '2204',
}
const budgetOf = (budget: string | undefined) => {
	const parsed = schema.safeParse({ ...job, budget })
	return parsed.success ? parsed.data.budget : parsed.error.issues[0]!.message
}

describe('the job form', () => {
	test('reads a budget as people type money, in whole cents; blank is none', () => {
		expect(budgetOf('250000')).toBe(25_000_000)
		expect(budgetOf('$250,000.07')).toBe(25_000_007)
		expect(budgetOf('0.07')).toBe(7)
		expect(budgetOf('')).toBeNull()
		expect(budgetOf(undefined)).toBeNull()
	})

	test('refuses a budget that is not money, negative, nothing, past cents or too large', () => {
		expect(budgetOf('lots')).toBe('Enter the budget in dollars, e.g. 250000')
		expect(budgetOf('-5')).toBe('Enter an amount above $0')
		expect(budgetOf('0')).toBe('Enter an amount above $0')
		expect(budgetOf('12.345')).toBe('Use at most two decimal places')
		expect(budgetOf('100000000')).toBe('Enter an amount below $100,000,000')
	})

	test('trims text, keeps blank optional fields as none, and needs a state of the list', () => {
		const parsed = schema.parse(job)
		expect(parsed).toMatchObject({ name: 'Smith St renovation', number: null, contactName: null })
		expect(schema.safeParse({ ...job, state: 'QLD' }).error?.issues[0]?.message).toBe(
			'Select a state',
		)
		expect(schema.safeParse({ ...job, postcode: '220' }).error?.issues[0]?.message).toBe(
			'Enter a 4-digit postcode',
		)
	})
})
