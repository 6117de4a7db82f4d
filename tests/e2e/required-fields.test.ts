import { addToCart, expect, test } from './fixtures.ts'

/**
 * Required fields are marked before anything is sent: `aria-required` on the field (the label's
 * marker is drawn by CSS) and a line saying what the marker means, in every dialog that has them.
 */
test('the dialogs mark their required fields before submitting', async ({
	page,
	login,
	sandbox,
}) => {
	await login()
	await addToCart(page, 'HNAI001', 1)
	const all = await sandbox.transactions('demo')
	const ref = (type: string) => {
		const t = all.find((x) => x.transactionType === type)!
		return `${t.transactionNumber}-${t.transactionSuffix}`
	}
	const dialogs: Array<{ path: string; name: string; required: string[]; optional?: string[] }> = [
		{
			path: `/orders/${ref('Order')}?dialog=email`,
			name: 'Email Order',
			required: ['Email address'],
		},
		{
			path: `/invoices?dialog=email&sel=${ref('Invoice')}`,
			name: 'Email Invoices',
			required: ['Email address'],
		},
		{
			path: `/orders/${ref('Order')}?dialog=request-change`,
			name: 'Request Changes',
			required: ['Email address', 'Message'],
		},
		{
			path: `/quotes/${ref('Quote')}?dialog=accept`,
			name: 'Accept Quote',
			required: ['Delivery date', 'Comment'],
		},
		{
			path: '/pricebook?dialog=request-changes',
			name: 'Request Changes',
			required: ['Sent to'],
			optional: ['Message'],
		},
		{ path: '/cart?dialog=save-list', name: 'Save Custom List', required: ['Name'] },
	]
	for (const { path, name, required, optional = [] } of dialogs) {
		await page.goto(path)
		const dialog = page.getByRole('dialog', { name })
		await expect(dialog.getByText('Fields marked * are required'), path).toBeVisible()
		for (const label of required)
			await expect(dialog.getByLabel(label), `${path} ${label}`).toHaveAttribute(
				'aria-required',
				'true',
			)
		for (const label of optional)
			await expect(dialog.getByLabel(label), `${path} ${label}`).not.toHaveAttribute(
				'aria-required',
				'true',
			)
	}
})
