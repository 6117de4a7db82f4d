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
})
