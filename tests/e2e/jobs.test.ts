import { type Page } from '@playwright/test'
import { addJobThroughForm, addToCart, expect, openMenu, someoneElse, test } from './fixtures.ts'

/**
 * My Account → Jobs (docs/decisions/067-jobs.md): administrators add, edit, close and reopen the
 * customer's jobs; a customer setting lets sales users add them; no customer sees another's.
 * `demo` is an administrator of the demo customer, `tbaker` a sales user of it, `onhold` the
 * administrator of another customer.
 */

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text)
const jobsTable = (page: Page) => page.getByRole('table', { name: 'Jobs' })

type JobInput = {
	name?: string
	number?: string
	street?: string
	suburb?: string
	state?: string
	postcode?: string
	contactName?: string
	contactPhone?: string
	budget?: string
}

/** Fills the job form (blank fields are left as they are). */
async function fillJob(page: Page, job: JobInput) {
	const text: Array<[string, string | undefined]> = [
		['Job name', job.name],
		['Job or PO number', job.number],
		['Budget (inc. GST)', job.budget],
		['Street address', job.street],
		['Suburb', job.suburb],
		['Postcode', job.postcode],
		['Contact name', job.contactName],
		['Contact phone', job.contactPhone],
	]
	for (const [label, value] of text)
		if (value !== undefined) await page.getByLabel(label, { exact: true }).fill(value)
	if (job.state) await page.getByLabel('State', { exact: true }).selectOption(job.state)
}

const SMITH = {
	name: 'Smith St renovation',
	number: 'PO-1400',
	street: '14 Smith St',
	suburb: 'Marrickville',
	state: 'NSW',
	postcode: '2204',
	contactName: 'Ann Lee',
	contactPhone: '0400 111 222',
	budget: '$250,000',
}

/** Adds a job through the Add Job page, as the signed-in user. */
async function addJob(page: Page, job: JobInput) {
	await page.goto('/jobs/new')
	await fillJob(page, job)
	await page.getByRole('button', { name: 'Add Job' }).click()
	await expect(page).toHaveURL('/jobs')
	await expect(toast(page, 'Job added')).toBeVisible()
}

/** The error beside a field (its aria-describedby). */
async function expectFieldError(page: Page, label: string, message: string) {
	const field = page.getByLabel(label, { exact: true })
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveAccessibleDescription(new RegExp(message))
}

test.describe('jobs', () => {
	test('@core an administrator adds a job from My Account, edits it, closes and reopens it', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/')
		await (await openMenu(page, 'My Account')).getByRole('link', { name: 'Jobs' }).click()
		await expect(page).toHaveURL('/jobs')
		await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible()
		await expect(page.getByText('No jobs yet.')).toBeVisible()

		await page.getByRole('link', { name: 'Add Job' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
		await fillJob(page, SMITH)
		await page.getByRole('button', { name: 'Add Job' }).click()
		await expect(page).toHaveURL('/jobs')
		await expect(toast(page, 'Job added')).toBeVisible()
		const row = jobsTable(page).getByRole('row').filter({ hasText: 'Smith St renovation' })
		await expect(row).toContainText('PO-1400')
		await expect(row).toContainText('14 Smith St, Marrickville NSW 2204')
		await expect(row).toContainText('Ann Lee, 0400 111 222')
		await expect(row).toContainText('$250,000.00')
		await expect(row).toContainText('Open')

		// The job's page, then its edit page.
		await row.getByRole('link', { name: 'Smith St renovation' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Smith St renovation' })).toBeVisible()
		await page.getByRole('link', { name: 'Edit job' }).click()
		await expect(
			page.getByRole('heading', { level: 1, name: 'Edit Smith St renovation' }),
		).toBeVisible()
		await expect(page.getByLabel('Budget (inc. GST)')).toHaveValue('250000.00')
		await fillJob(page, { name: 'Smith St reno', budget: '180000.50', number: '' })
		await page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(page).toHaveURL('/jobs')
		await expect(toast(page, 'Job updated')).toBeVisible()
		const edited = jobsTable(page).getByRole('row').filter({ hasText: 'Smith St reno' })
		await expect(edited).toContainText('$180,000.50')
		await expect(edited).not.toContainText('PO-1400')

		await edited.getByRole('link', { name: 'Smith St reno' }).click()
		await page.getByRole('link', { name: 'Edit job' }).click()
		await page.getByRole('button', { name: 'Close Job' }).click()
		await expect(toast(page, 'Job closed')).toBeVisible()
		await expect(
			jobsTable(page).getByRole('row').filter({ hasText: 'Smith St reno' }),
		).toContainText('Closed')
		await jobsTable(page).getByRole('link', { name: 'Smith St reno' }).click()
		await page.getByRole('link', { name: 'Edit job' }).click()
		await page.getByRole('button', { name: 'Reopen Job' }).click()
		await expect(toast(page, 'Job reopened')).toBeVisible()
		await expect(
			jobsTable(page).getByRole('row').filter({ hasText: 'Smith St reno' }),
		).toContainText('Open')
	})

	test('bad input gets a message beside each field and keeps what was typed; a second job of one name is refused', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/jobs/new')
		await page.getByRole('button', { name: 'Add Job' }).click()
		await expectFieldError(page, 'Job name', 'Enter a job name')
		await expectFieldError(page, 'Street address', 'Enter the street address')
		await expectFieldError(page, 'Suburb', 'Enter the suburb')
		await expectFieldError(page, 'State', 'Select a state')
		await expectFieldError(page, 'Postcode', 'Enter the postcode')

		await fillJob(page, { ...SMITH, postcode: '22', budget: '12.345', contactPhone: 'call Ann' })
		await page.getByRole('button', { name: 'Add Job' }).click()
		await expectFieldError(page, 'Postcode', 'Enter a 4-digit postcode')
		await expectFieldError(page, 'Budget (inc. GST)', 'Use at most two decimal places')
		await expectFieldError(page, 'Contact phone', 'Use digits, spaces and \\+ \\( \\) - only')
		await expect(page.getByLabel('Job name')).toHaveValue('Smith St renovation')
		await expect(page.getByLabel('Suburb')).toHaveValue('Marrickville')

		await fillJob(page, { postcode: '2204', budget: '', contactPhone: '' })
		await page.getByRole('button', { name: 'Add Job' }).click()
		await expect(toast(page, 'Job added')).toBeVisible()

		// The same name again, in other case and spacing: transactions could not tell them apart.
		await page.goto('/jobs/new')
		await fillJob(page, { ...SMITH, name: 'smith st  RENOVATION', number: 'po 1400' })
		await page.getByRole('button', { name: 'Add Job' }).click()
		await expectFieldError(page, 'Job name', 'Another job has this name')
		await expect(page.getByLabel('Street address')).toHaveValue('14 Smith St')
	})

	test('the server answers bad input with 400 and the message, and adds nothing', async ({
		page,
		login,
	}) => {
		await login()
		const response = await page.request.post('/jobs/new', {
			form: { intent: 'save-job', name: 'Lot 212', street: '', state: 'XX', postcode: '2' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(400)
		const body = await response.text()
		for (const message of [
			'Enter the street address',
			'Select a state',
			'Enter a 4-digit postcode',
		])
			expect(body).toContain(message)
		await page.goto('/jobs')
		await expect(page.getByText('No jobs yet.')).toBeVisible()
	})

	test('a job is added exactly once: the same form sent twice at once adds one job', async ({
		page,
		login,
	}) => {
		await login()
		const html = await (await page.request.get('/jobs/new')).text()
		const submissionKey = /name="submissionKey" value="([^"]+)"/.exec(html)?.[1]
		expect(submissionKey).toBeDefined()
		const form = {
			submissionKey: submissionKey!,
			intent: 'save-job',
			...SMITH,
		}
		const answers = await Promise.all(
			[1, 2].map(() => page.request.post('/jobs/new', { form, maxRedirects: 0 })),
		)
		expect(answers.map((a) => [a.status(), a.headers().location])).toEqual([
			[302, '/jobs'],
			[302, '/jobs'],
		])
		await page.goto('/jobs')
		await expect(jobsTable(page).getByRole('row')).toHaveCount(2)
	})

	test('a sales user has no Jobs until an administrator lets sales users add jobs; then adds, but cannot edit or close', async ({
		page,
		login,
		browser,
		baseURL,
	}) => {
		await login('tbaker')
		await page.goto('/')
		const menu = await openMenu(page, 'My Account')
		await expect(menu.getByRole('link', { name: 'Account Admin' })).toHaveCount(0)
		await expect(menu.getByRole('link', { name: 'Jobs' })).toHaveCount(0)
		expect((await page.goto('/jobs'))?.status()).toBe(403)
		expect((await page.goto('/jobs/new'))?.status()).toBe(403)

		const admin = await someoneElse(browser, baseURL!, 'demo')
		let id: string | undefined
		try {
			await addJob(admin.page, SMITH)
			;[id] = await jobsIds(admin.page)
			await expect(
				admin.page.getByRole('checkbox', { name: 'Sales users may add jobs' }),
			).not.toBeChecked()
			await admin.page.getByRole('checkbox', { name: 'Sales users may add jobs' }).check()
			await admin.page.getByRole('button', { name: 'Save Settings' }).click()
			await expect(toast(admin.page, 'Job settings saved')).toBeVisible()
			await expect(
				admin.page.getByRole('checkbox', { name: 'Sales users may add jobs' }),
			).toBeChecked()
		} finally {
			await admin.close()
		}

		await page.goto('/')
		await (await openMenu(page, 'My Account')).getByRole('link', { name: 'Jobs' }).click()
		await expect(page).toHaveURL('/jobs')
		await expect(page.getByRole('checkbox', { name: 'Sales users may add jobs' })).toHaveCount(0)
		// Listed and linked to the job's page, which offers no edit.
		const smith = jobsTable(page).getByRole('row').filter({ hasText: 'Smith St renovation' })
		await smith.getByRole('link', { name: 'Smith St renovation' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Smith St renovation' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Edit job' })).toHaveCount(0)
		await page.goto('/jobs')
		await addJob(page, { ...SMITH, name: 'Duplex Lot 212', number: 'L212', budget: '' })
		await expect(
			jobsTable(page).getByRole('row').filter({ hasText: 'Duplex Lot 212' }),
		).toBeVisible()

		expect((await page.goto(`/jobs/${id}/edit`))?.status()).toBe(403)
		for (const form of [{ intent: 'close-job' }, { intent: 'save-job', ...SMITH }])
			expect(
				(await page.request.post(`/jobs/${id}/edit`, { form, maxRedirects: 0 })).status(),
			).toBe(403)
		expect(
			(
				await page.request.post('/jobs', {
					form: { intent: 'job-settings' },
					maxRedirects: 0,
				})
			).status(),
		).toBe(403)
	})

	test('a customer never sees or changes another customer’s jobs', async ({
		page,
		login,
		browser,
		baseURL,
	}) => {
		await login()
		await addJob(page, SMITH)
		const [id] = await jobsIds(page)
		const other = await someoneElse(browser, baseURL!, 'onhold')
		try {
			await other.page.goto('/jobs')
			await expect(other.page.getByText('No jobs yet.')).toBeVisible()
			expect((await other.page.goto(`/jobs/${id}/edit`))?.status()).toBe(404)
			for (const form of [{ intent: 'close-job' }, { intent: 'save-job', ...SMITH, name: 'Taken' }])
				expect(
					(await other.page.request.post(`/jobs/${id}/edit`, { form, maxRedirects: 0 })).status(),
				).toBe(404)
		} finally {
			await other.close()
		}
		await page.goto('/jobs')
		await expect(
			jobsTable(page).getByRole('row').filter({ hasText: 'Smith St renovation' }),
		).toContainText('Open')
	})
})

/** The ids of the jobs an administrator's Jobs page lists, from their edit links. */
async function jobsIds(page: Page) {
	const hrefs = await jobsTable(page)
		.getByRole('link')
		.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
	return hrefs.map((href) => href.split('/')[2]!)
}

/** A reference as transactions are matched to jobs: lower case, without spaces. */
const key = (text: string) => text.toLowerCase().replace(/\s+/g, '')

test.describe('the job filter on Orders & Quotes and Invoices', () => {
	test('@core orders and quotes of a job: the filter, its CSV and a new sort keep it', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const orders = (await sandbox.transactions('demo')).filter(
			(t) => t.transactionType !== 'Invoice',
		)
		// A reference some orders carry, written in another case: the job's number.
		const ref = orders.find((o) => o.customerOrderNumber.trim())!.customerOrderNumber
		const ofJob = orders.filter(
			(o) => key(o.customerOrderNumber) === key(ref) || key(o.jobName) === key(ref),
		)
		expect(ofJob.length).toBeLessThan(orders.length)
		await addJobThroughForm(page.request, { ...SMITH, number: ref.toLowerCase() })
		await addJobThroughForm(page.request, { ...SMITH, name: 'Nothing bought yet', number: 'N-1' })

		await page.goto('/orders')
		await expect(page.getByText(`${orders.length} orders and quotes`)).toBeVisible()
		const filter = page.getByRole('form', { name: 'Job' })
		await filter
			.getByLabel('Job')
			.selectOption({ label: `Smith St renovation (${ref.toLowerCase()})` })
		if (!enhanced) await filter.getByRole('button', { name: 'Show' }).click()
		await expect(page).toHaveURL(/[?&]job=[0-9a-f-]{36}/)
		const count = `${ofJob.length} orders and quotes`
		await expect(page.getByText(count)).toBeVisible()
		const table = page.getByRole('table', { name: /Orders and quotes/ })
		for (const o of ofJob.slice(0, 5))
			await expect(
				table.getByRole('link', {
					name: o.transactionSuffix
						? `${o.transactionNumber}-${o.transactionSuffix}`
						: String(o.transactionNumber),
					exact: true,
				}),
			).toBeVisible()

		// The CSV is the filtered list.
		const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
		expect(csvHref).toMatch(/job=/)
		const csv = await (await page.request.get(csvHref!)).text()
		expect(csv.trim().split('\n')).toHaveLength(ofJob.length + 1)

		// A sort (a saved view) keeps the job.
		await page.getByLabel('Sort by').selectOption('Amount')
		if (!enhanced) await page.getByRole('button', { name: 'Apply' }).click()
		await expect(page).toHaveURL(/sort=transactionAmount/)
		await expect(page).toHaveURL(/job=/)
		await expect(page.getByText(count)).toBeVisible()

		// A job nothing was bought for lists nothing; 'All jobs' lists everything again.
		await filter.getByLabel('Job').selectOption({ label: 'Nothing bought yet (N-1)' })
		if (!enhanced) await filter.getByRole('button', { name: 'Show' }).click()
		await expect(page.getByText('No Results Found')).toBeVisible()
		await filter.getByLabel('Job').selectOption({ label: 'All jobs' })
		if (!enhanced) await filter.getByRole('button', { name: 'Show' }).click()
		await expect(page.getByText(`${orders.length} orders and quotes`)).toBeVisible()
		await expect(page).not.toHaveURL(/job=[0-9a-f]/)
	})

	test('invoices of a job, by its name in their Job Name or Order Ref, and their CSV', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const invoices = (await sandbox.transactions('demo')).filter(
			(t) => t.transactionType === 'Invoice',
		)
		const named =
			invoices.find((i) => i.jobName.trim()) ?? invoices.find((i) => i.customerOrderNumber.trim())!
		const name = named.jobName.trim() || named.customerOrderNumber
		const ofJob = invoices.filter(
			(i) => key(i.customerOrderNumber) === key(name) || key(i.jobName) === key(name),
		)
		expect(ofJob.length).toBeGreaterThan(0)
		expect(ofJob.length).toBeLessThan(invoices.length)
		await addJobThroughForm(page.request, { ...SMITH, name: name.toUpperCase(), number: '' })

		// Every date: from left empty.
		await page.goto('/invoices?from=')
		const filter = page.getByRole('form', { name: 'Job' })
		await filter.getByLabel('Job').selectOption({ label: name.toUpperCase() })
		if (!enhanced) await filter.getByRole('button', { name: 'Show' }).click()
		await expect(page).toHaveURL(/job=/)
		await expect(page).toHaveURL(/from=(&|$)/)
		await expect(page.getByText(`${ofJob.length} invoices`)).toBeVisible()
		const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
		const csv = await (await page.request.get(csvHref!)).text()
		expect(csv.trim().split('\n')).toHaveLength(ofJob.length + 1)
	})

	test('another customer’s job id filters nothing: the list is the customer’s own, whole', async ({
		page,
		login,
		browser,
		baseURL,
		sandbox,
	}) => {
		await login()
		const id = await addJobThroughForm(page.request, SMITH)
		const other = await someoneElse(browser, baseURL!, 'onhold')
		try {
			const theirs = (await sandbox.transactions('onhold')).filter(
				(t) => t.transactionType !== 'Invoice',
			)
			await other.page.goto(`/orders?job=${id}`)
			await expect(other.page.getByRole('form', { name: 'Job' })).toHaveCount(0)
			await expect(other.page.getByText(`${theirs.length} orders and quotes`)).toBeVisible()
			const csv = await (await other.page.request.get(`/orders/export?job=${id}`)).text()
			expect(csv.trim().split('\n')).toHaveLength(theirs.length + 1)
		} finally {
			await other.close()
		}
	})
})

test.describe('jobs from history', () => {
	test('an administrator without jobs is offered those the last 12 months name, and adds the chosen ones', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		// The newest transaction of the window that names a job and was delivered: its job is
		// offered first (the demo customer has no jobs yet).
		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format()
		const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`
		const dated = (await sandbox.transactions('demo'))
			.map((t) => ({ ...t, date: t.invoiceDate || t.deliveryDate }))
			.filter(
				(t) =>
					t.date >= yearAgo &&
					t.date <= today &&
					t.shipAddress1.trim() &&
					(t.jobName || t.customerOrderNumber),
			)
			.sort((a, b) => b.date.localeCompare(a.date) || b.transactionNumber - a.transactionNumber)
		const newest = (dated[0]!.jobName || dated[0]!.customerOrderNumber).trim()

		await page.goto('/jobs')
		const offer = page.getByRole('region', { name: 'Jobs from your orders' })
		const choices = offer.getByRole('group', { name: 'Jobs to add' }).getByRole('checkbox')
		await expect(choices.first()).toBeVisible()
		const count = await choices.count()
		expect(count).toBeGreaterThan(2)
		await expect(offer.locator('label').first()).toContainText(newest)

		// Nothing chosen: refused beside the choices.
		for (let i = 0; i < count; i++) await choices.nth(i).uncheck()
		await offer.getByRole('button', { name: 'Add Selected Jobs' }).click()
		await expect(offer.getByText('Choose the jobs to add')).toBeVisible()

		// The first two, as offered: name and site.
		const first = (await offer.locator('label strong').nth(0).textContent())!
		const second = (await offer.locator('label strong').nth(1).textContent())!
		await choices.nth(0).check()
		await choices.nth(1).check()
		await offer.getByRole('button', { name: 'Add Selected Jobs' }).click()
		await expect(toast(page, '2 jobs added')).toBeVisible()
		const rows = jobsTable(page).getByRole('row')
		await expect(rows).toHaveCount(3)
		await expect(jobsTable(page)).toContainText(first)
		await expect(jobsTable(page)).toContainText(second)
		await expect(jobsTable(page)).toContainText(/\d{4}/)
		// The customer has jobs now: no offer.
		await expect(page.getByRole('region', { name: 'Jobs from your orders' })).toHaveCount(0)
	})

	test('a job without a known site opens Add Job with its name and number', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/jobs/new?name=Lot%209%20Oran%20Park&number=HCC-9999')
		await expect(page.getByLabel('Job name', { exact: true })).toHaveValue('Lot 9 Oran Park')
		await expect(page.getByLabel('Job or PO number', { exact: true })).toHaveValue('HCC-9999')
		await expect(page.getByLabel('Street address', { exact: true })).toHaveValue('')
	})
})

test.describe('a job’s page', () => {
	const money = (cents: number) =>
		new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100)
	const key = (text: string) => text.toLowerCase().replace(/\s+/g, '')

	test('@core what a job has cost, to the cent, its transactions, and Order for this job', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		// A job named as the most used Job Name of the demo customer's history.
		const all = await sandbox.transactions('demo')
		const counts = new Map<string, number>()
		for (const t of all)
			if (t.jobName) counts.set(key(t.jobName), (counts.get(key(t.jobName)) ?? 0) + 1)
		const top = [...counts].sort((a, b) => b[1] - a[1])[0]![0]
		const name = all.find((t) => key(t.jobName) === top)!.jobName.trim()
		const ofJob = all.filter((t) => key(t.jobName) === top || key(t.customerOrderNumber) === top)
		const invoicedCents = ofJob
			.filter((t) => t.transactionType === 'Invoice')
			.reduce((sum, t) => sum + Math.round(t.transactionAmount * 100), 0)
		const id = await addJobThroughForm(page.request, {
			name,
			street: '14 Smith St',
			suburb: 'Marrickville',
			state: 'NSW',
			postcode: '2204',
			contactName: 'Ann Lee',
			contactPhone: '0400 111 222',
			budget: '1000000',
		})

		await page.goto('/jobs')
		await jobsTable(page).getByRole('link', { name }).click()
		await expect(page).toHaveURL(`/jobs/${id}`)
		await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
		const cost = page.getByRole('region', { name: 'What it has cost (inc. GST)' })
		const figure = (label: string) =>
			cost
				.locator('div')
				.filter({ has: page.getByText(label, { exact: true }) })
				.locator('dd')
		await expect(figure('Invoiced to date')).toHaveText(money(invoicedCents))
		await expect(figure('Budget')).toHaveText('$1,000,000.00')
		await expect(figure('Left')).toHaveText(money(100_000_000 - invoicedCents))
		const table = page.getByRole('table', { name: `Transactions of ${name}` })
		await expect(table.getByRole('row')).toHaveCount(ofJob.length + 1)
		const csv = await (
			await page.request.get(
				(await page.getByRole('link', { name: 'Export invoices (CSV)' }).getAttribute('href'))!,
			)
		).text()
		expect(csv.trim().split('\n')).toHaveLength(
			ofJob.filter((t) => t.transactionType === 'Invoice').length + 1,
		)

		// Order for this job: the checkout opens with the job chosen and its details filled in.
		await addToCart(page, 'HNAI001', 1)
		await page.getByRole('link', { name: 'Order for this job' }).click()
		await expect(page).toHaveURL(`/checkout?job=${id}`)
		await expect(page.getByLabel('Job', { exact: true })).toHaveValue(id)
		await expect(page.getByLabel('Address', { exact: true })).toHaveValue('14 Smith St')
		await expect(page.getByLabel('Reference', { exact: true })).toHaveValue(name)
	})

	test('another customer’s job is not found; a sales user the customer has not let sees no job', async ({
		page,
		login,
		browser,
		baseURL,
	}) => {
		await login()
		const id = await addJobThroughForm(page.request, SMITH)
		const other = await someoneElse(browser, baseURL!, 'onhold')
		try {
			expect((await other.page.goto(`/jobs/${id}`))?.status()).toBe(404)
		} finally {
			await other.close()
		}
		const sales = await someoneElse(browser, baseURL!, 'tbaker')
		try {
			expect((await sales.page.goto(`/jobs/${id}`))?.status()).toBe(403)
		} finally {
			await sales.close()
		}
	})
})
