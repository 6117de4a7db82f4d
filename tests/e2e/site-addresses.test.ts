import { addToCart, expect, fillCheckout, test } from './fixtures.ts'

type Shipped = {
	transactionNumber: number
	transactionType: string
	shipAddress1: string
	shipAddress2: string
	shipAddress3: string
}

test('checkout offers previous site addresses, newest first, once each; one fills the address', async ({
	page,
	login,
	sandbox,
	enhanced,
}) => {
	const history = (await sandbox.transactions('demo')) as unknown as Shipped[]
	const delivered = history
		.filter((t) => t.transactionType === 'Order' && /^[A-Z]{2,3} \d{4}$/.test(t.shipAddress3))
		.sort((a, b) => b.transactionNumber - a.transactionNumber)
	const label = (t: Shipped) => `${t.shipAddress1}, ${t.shipAddress2} ${t.shipAddress3}`
	const expected = [...new Set(delivered.map(label))].slice(0, 10)

	await login()
	await addToCart(page, 'HNAI001', 2)
	await page.goto('/checkout')
	await fillCheckout(page, enhanced, { despatch: 'DEL', vehicle: 'Tray Truck' })
	const picker = page.getByLabel('Previous delivery site')
	await expect(picker.getByRole('option')).toHaveText(expected)

	const chosen = delivered.find((t) => label(t) === expected[1])!
	const [state, postcode] = chosen.shipAddress3.split(' ')
	await picker.selectOption({ label: expected[1]! })
	await page.getByRole('button', { name: 'Use address' }).click()
	await expect(page.getByLabel('Address', { exact: true })).toHaveValue(chosen.shipAddress1)
	await expect(page.getByLabel('Suburb')).toHaveValue(chosen.shipAddress2)
	await expect(page.getByLabel('State')).toHaveValue(state!)
	await expect(page.getByLabel('Postcode')).toHaveValue(postcode!)
	// What was typed before stays.
	await expect(page.getByLabel('Reference')).toHaveValue('Job 4471')

	// The charge is seen in the total before confirming.
	await page.getByRole('button', { name: 'Calculate delivery' }).click()
	await expect(page.getByRole('region', { name: 'Delivery charge' })).toBeVisible()
	await page.getByRole('button', { name: 'Confirm Order' }).click()
	await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
	const [order] = (await sandbox.transactions('demo')) as unknown as Shipped[]
	expect([order!.shipAddress1, order!.shipAddress2, order!.shipAddress3]).toEqual([
		chosen.shipAddress1,
		chosen.shipAddress2,
		chosen.shipAddress3,
	])
})
