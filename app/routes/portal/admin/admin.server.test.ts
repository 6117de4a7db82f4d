import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { accountSchema } from './account.forms.ts'

const VALID = {
	intent: 'save',
	tpauserID: 'kfraser',
	firstName: 'Kate',
	lastName: 'Fraser',
	emailAddress: 'kate@example.com',
	tpaUserPassword: 'pw 1',
	confirmPassword: 'pw 1',
}

function parse(mode: 'add' | 'update', fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	return parseWithZod(form, { schema: accountSchema(mode) })
}

function errors(mode: 'add' | 'update', fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	const submission = parseWithZod(form, { schema: accountSchema(mode) })
	return submission.status === 'success' ? null : submission.error
}

describe('the account form', () => {
	test('adding: every required field says Required', () => {
		expect(errors('add', { intent: 'save' })).toEqual({
			tpauserID: ['Required'],
			firstName: ['Required'],
			lastName: ['Required'],
			emailAddress: ['Required'],
			tpaUserPassword: ['Required'],
			confirmPassword: ['Required'],
		})
	})

	test('an invalid email and a different confirmation show together', () => {
		expect(
			errors('add', { ...VALID, emailAddress: 'kate@', confirmPassword: 'pw 2', firstName: ' ' }),
		).toEqual({
			firstName: ['Required'],
			emailAddress: ['Invalid email address'],
			confirmPassword: ['Passwords must match'],
		})
	})

	test('the role defaults to sales (least privilege); active is read from the switch', () => {
		const form = new FormData()
		for (const [name, value] of Object.entries({ ...VALID, active: 'on' })) form.append(name, value)
		const submission = parseWithZod(form, { schema: accountSchema('update') })
		expect(submission.status === 'success' && submission.value).toMatchObject({
			roleID: 'sales',
			active: true,
			phoneMobile: '',
		})
	})

	test('updating: both passwords may stay empty; one alone is not enough', () => {
		const { tpaUserPassword: _p, confirmPassword: _c, ...rest } = VALID
		expect(errors('update', rest)).toBeNull()
		expect(errors('update', { ...rest, tpaUserPassword: 'x' })).toEqual({
			confirmPassword: ['Required'],
		})
		expect(errors('update', { ...rest, confirmPassword: 'x' })).toEqual({
			tpaUserPassword: ['Required'],
		})
		expect(errors('update', { ...rest, tpaUserPassword: 'x', confirmPassword: 'y' })).toEqual({
			confirmPassword: ['Passwords must match'],
		})
	})

	test('usernames are limited to sign-in characters', () => {
		expect(errors('add', { ...VALID, tpauserID: 'kate fraser' })).toEqual({
			tpauserID: ['Use letters, numbers and . _ @ - only'],
		})
	})

	test('limits take money as people type it', () => {
		const limits = (orderLimit: string) => {
			const submission = parse('update', { ...VALID, mayOrder: 'yes', orderLimit })
			return submission.status === 'success'
				? submission.value.orderLimit
				: submission.error?.orderLimit
		}
		expect(limits('2500')).toBe(2500)
		expect(limits('2,500')).toBe(2500)
		expect(limits('$2,500.00')).toBe(2500)
		expect(limits(' $ 1,234.5 ')).toBe(1234.5)
		expect(limits('')).toBeUndefined()
		expect(limits('two thousand')).toEqual(['Enter an amount in dollars, e.g. 2000'])
		expect(limits('$2,500.125')).toEqual(['Use at most two decimal places'])
		expect(limits('-5')).toEqual(['Enter an amount above $0'])
	})

	test('names are one line each', () => {
		expect(
			errors('add', { ...VALID, firstName: 'Kate\nBcc: x@example.com', lastName: 'F\rX' }),
		).toEqual({ firstName: ['Enter this on one line'], lastName: ['Enter this on one line'] })
	})
})
