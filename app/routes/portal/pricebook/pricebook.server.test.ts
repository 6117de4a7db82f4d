import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { PriceBookIntentSchema } from './pricebook.server.ts'

function parse(entries: Array<[string, string]>) {
	const form = new FormData()
	for (const [name, value] of entries) form.append(name, value)
	return parseWithZod(form, { schema: PriceBookIntentSchema })
}

test('resend takes one or many history ids, or none', () => {
	const one = parse([
		['intent', 'resend'],
		['historyID', '7'],
	])
	expect(one.status === 'success' && one.value).toEqual({ intent: 'resend', historyID: [7] })
	const many = parse([
		['intent', 'resend'],
		['historyID', '7'],
		['historyID', '12'],
	])
	expect(many.status === 'success' && many.value).toEqual({ intent: 'resend', historyID: [7, 12] })
	const none = parse([['intent', 'resend']])
	expect(none.status === 'success' && none.value).toEqual({ intent: 'resend', historyID: [] })
})

test('a change request needs only a valid recipient; checkboxes default to off', () => {
	const base: Array<[string, string]> = [
		['intent', 'request-changes'],
		['type', 'F'],
		['deliveryFormat', '2'],
		['frequency', 'M'],
	]
	const missing = parse(base)
	expect(missing.status === 'error' && missing.error).toEqual({ recipient: ['Required'] })
	const invalid = parse([...base, ['recipient', 'pricing@']])
	expect(invalid.status === 'error' && invalid.error).toEqual({
		recipient: ['Invalid email address'],
	})
	const ok = parse([...base, ['recipient', 'pricing@example.com'], ['isPricebookZipped', 'on']])
	expect(ok.status === 'success' && ok.value).toEqual({
		intent: 'request-changes',
		type: 'F',
		deliveryFormat: '2',
		frequency: 'M',
		recipient: 'pricing@example.com',
		showNewProductCodes: false,
		showCoreProductsOnly: false,
		isRequiredQuarterly: false,
		isPricebookZipped: true,
		emailText: '',
	})
})
