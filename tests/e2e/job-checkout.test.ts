import { type Page } from '@playwright/test'
import {
	addJobThroughForm,
	addToCart,
	expect,
	fillCheckout,
	someoneElse,
	test,
	type SandboxControl,
} from './fixtures.ts'

/**
 * Checkout starts from the job (docs/decisions/069-job-checkout.md): a Job choice fills the site
 * address, contact and Reference; the user's last job is offered first; administrators may
 * require a job and allow only listed jobs. `demo` is the demo customer's administrator,
 * `onhold` another customer's.
 */

type Shipped = { shipAddress1: string; shipAddress2: string; shipAddress3: string }

/** A job at a site the sandbox delivers to (one of demo's previous delivery addresses). */
async function deliverableJob(sandbox: SandboxControl) {
	const history = (await sandbox.transactions('demo')) as unknown as Array<
		Shipped & { transactionType: string }
	>
	const site = history.find(
		(t) => t.transactionType === 'Order' && /^[A-Z]{2,3} \d{4}$/.test(t.shipAddress3),
	)!
	const [state, postcode] = site.shipAddress3.split(' ') as [string, string]
	return {
		name: 'Smith St renovation',
		number: 'PO-7781',
		street: site.shipAddress1,
		suburb: site.shipAddress2,
		state,
		postcode,
		contactName: 'Ann Lee',
		contactPhone: '0400 111 222',
		budget: '',
	}
}

const LOT = {
	name: 'Duplex Lot 212',
	number: '',
	street: '212 Lot Rd',
	suburb: 'Box Hill',
	state: 'NSW',
	postcode: '2765',
	contactName: '',
	contactPhone: '',
	budget: '',
}

const jobField = (page: Page) => page.getByLabel('Job', { exact: true })

/** The error beside a field (its aria-describedby). */
async function expectFieldError(page: Page, label: string, message: string) {
	const field = page.getByLabel(label, { exact: true })
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')))
}

/** Turns the customer's checkout rules on, as an administrator on My Account → Jobs. */
async function setRules(page: Page, rules: { required?: boolean; onlyListed?: boolean }) {
	await page.goto('/jobs')
	if (rules.required)
		await page.getByRole('checkbox', { name: 'A job is required on every order and quote' }).check()
	if (rules.onlyListed) await page.getByRole('checkbox', { name: /^Only listed jobs/ }).check()
	await page.getByRole('button', { name: 'Save Settings' }).click()
	await expect(page.getByRole('status').getByText('Job settings saved')).toBeVisible()
}

test.describe('checkout starts from the job', () => {
	test('@core a job picked at checkout fills the delivery details; the order carries its reference and is listed under the job', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const job = await deliverableJob(sandbox)
		const id = await addJobThroughForm(page.request, job)
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, { despatch: 'DEL', vehicle: 'Tray Truck' })
		await expect(jobField(page)).toHaveAccessibleDescription(
			'Choose a job to fill in the delivery details',
		)
		await jobField(page).selectOption({ label: 'Smith St renovation (PO-7781)' })
		await page.getByRole('button', { name: 'Use job' }).click()
		await expect(page.getByLabel('Address', { exact: true })).toHaveValue(job.street)
		await expect(page.getByLabel('Suburb')).toHaveValue(job.suburb)
		await expect(page.getByLabel('State')).toHaveValue(job.state)
		await expect(page.getByLabel('Postcode')).toHaveValue(job.postcode)
		await expect(page.getByLabel('Contact name')).toHaveValue('Ann Lee')
		await expect(page.getByLabel('Contact phone')).toHaveValue('0400 111 222')
		await expect(page.getByLabel('Reference')).toHaveValue('PO-7781')
		// What was typed before stays, and every field stays editable.
		await expect(page.getByLabel('Delivery To')).toHaveValue('Site office')
		await expect(page.getByLabel('Vehicle type')).toHaveValue(/\S/)
		await page.getByLabel('Contact name').fill('Bo Chen')

		await page.getByRole('button', { name: 'Calculate delivery' }).click()
		await expect(page.getByRole('region', { name: 'Delivery charge' })).toBeVisible()
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		const [order] = await sandbox.transactions('demo')
		const shipped = order as unknown as Shipped
		expect(order!.transactionType).toBe('Order')
		expect(order!.customerOrderNumber).toBe('PO-7781')
		expect(shipped.shipAddress1).toBe(job.street)

		await page.goto(`/orders?job=${id}`)
		const number = order!.transactionSuffix
			? `${order!.transactionNumber}-${order!.transactionSuffix}`
			: String(order!.transactionNumber)
		const table = page.getByRole('table', { name: /Orders and quotes/ })
		await expect(table.getByRole('link', { name: number, exact: true })).toBeVisible()
		await expect(table.getByRole('row')).toHaveCount(2)
	})

	test('the last job is offered first and chosen at the next checkout; a job chosen with no Reference gives its own', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addJobThroughForm(page.request, await deliverableJob(sandbox))
		const lot = await addJobThroughForm(page.request, LOT)
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/checkout')
		await expect(jobField(page)).toHaveValue('')
		await expect(jobField(page).getByRole('option')).toHaveText([
			'No job',
			'Duplex Lot 212',
			'Smith St renovation (PO-7781)',
		])
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
		await page.getByLabel('Reference').fill('')
		await jobField(page).selectOption({ label: 'Duplex Lot 212' })
		await page.getByRole('button', { name: 'Create Quote' }).click()
		await expect(page.getByRole('dialog', { name: 'Quote Created' })).toBeVisible()
		const [quote] = await sandbox.transactions('demo')
		expect(quote!.transactionType).toBe('Quote')
		expect(quote!.customerOrderNumber).toBe('Duplex Lot 212')

		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		await expect(jobField(page)).toHaveValue(lot)
		await expect(jobField(page).getByRole('option')).toHaveText([
			'No job',
			'Duplex Lot 212',
			'Smith St renovation (PO-7781)',
		])
		// 'Use job' fills in the last job's details; it has no contact, so the user's stays.
		await fillCheckout(page, enhanced, { despatch: 'DEL', vehicle: 'Tray Truck' })
		await page.getByRole('button', { name: 'Use job' }).click()
		await expect(page.getByLabel('Address', { exact: true })).toHaveValue('212 Lot Rd')
		await expect(page.getByLabel('Reference')).toHaveValue('Duplex Lot 212')
		await expect(page.getByLabel('Contact name')).not.toHaveValue('')
	})

	test('a required job and only listed jobs: an order without a job, or with a free-text Reference, is refused beside the field, what was typed kept', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addJobThroughForm(page.request, await deliverableJob(sandbox))
		await setRules(page, { required: true, onlyListed: true })
		const before = (await sandbox.transactions('demo')).length
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/checkout')
		await expect(jobField(page)).toHaveAttribute('aria-required', 'true')
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expectFieldError(page, 'Job', 'Choose a job for this order.')
		await expectFieldError(
			page,
			'Reference',
			'Enter one of your jobs: ask your administrator to add a new one.',
		)
		await expect(page.getByLabel('Reference')).toHaveValue('Job 4471')
		await expect(page.getByLabel('Delivery To')).toHaveValue('Site office')
		expect(await sandbox.transactions('demo')).toHaveLength(before)

		await jobField(page).selectOption({ label: 'Smith St renovation (PO-7781)' })
		await page.getByLabel('Reference').fill('po-7781')
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		expect((await sandbox.transactions('demo'))[0]!.customerOrderNumber).toBe('po-7781')
	})

	test('the server refuses what the form would not send: no job, a free-text Reference, another customer’s job (400, nothing placed)', async ({
		page,
		login,
		sandbox,
		browser,
		baseURL,
	}) => {
		await login()
		await addJobThroughForm(page.request, await deliverableJob(sandbox))
		await setRules(page, { required: true, onlyListed: true })
		const other = await someoneElse(browser, baseURL!, 'onhold')
		const theirs = await addJobThroughForm(other.page.request, LOT).finally(() => other.close())
		await addToCart(page, 'HNAI001', 2)
		const html = await (await page.request.get('/checkout')).text()
		const attempt = /name="attempt" value="([^"]+)"/.exec(html)![1]!
		const before = (await sandbox.transactions('demo')).length
		const form = {
			attempt,
			transactionType: 'Order',
			'shipping.despatchType': 'PICKUP',
			'shipping.deliveryTo': 'Site office',
			'delivery.branch': '1',
			'delivery.contactName': 'Sam Lee',
			'delivery.contactPhone': '0412 000 111',
			'delivery.requiredDate': '2026-12-24',
			'delivery.requiredTime': '7:30',
		}
		for (const [sent, message] of [
			[{ 'shipping.reference': 'PO-7781' }, 'Choose a job for this order.'],
			[{ job: theirs, 'shipping.reference': 'PO-7781' }, 'Choose one of your open jobs.'],
			[{ job: 'not-a-job', 'shipping.reference': 'PO-7781' }, 'Choose one of your open jobs.'],
		] as const) {
			const response = await page.request.post('/checkout', {
				form: { ...form, ...sent },
				maxRedirects: 0,
			})
			expect(response.status()).toBe(400)
			expect(await response.text()).toContain(message)
		}
		const response = await page.request.post('/checkout', {
			form: { ...form, 'shipping.reference': 'Job 4471' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(400)
		expect(await response.text()).toContain('Enter one of your jobs')
		expect(await sandbox.transactions('demo')).toHaveLength(before)
	})
})
