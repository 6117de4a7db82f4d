import { expect, test } from './fixtures.ts'

test.describe('Support and contact', () => {
	for (const [path, heading, footerLink] of [
		['/support', 'Support', 'Support'],
		['/contact-a-representative', 'Contact a Representative', 'Contact a Representative'],
	] as const) {
		test(`${heading}: the message reaches the support address`, async ({
			page,
			login,
			sandbox,
		}) => {
			await login()
			await page.goto('/')
			await page.getByRole('contentinfo').getByRole('link', { name: footerLink }).click()
			await expect(page).toHaveURL(path)
			await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
			await expect(page.getByText('weekdays and 7:00am–12:00pm Saturdays')).toBeVisible()
			for (const label of ['Subject', 'Message'])
				await expect(page.getByLabel(label)).toHaveAttribute('aria-required', 'true')
			await expect(page.getByText('Fields marked * are required')).toBeVisible()

			await page.getByRole('button', { name: 'Submit' }).click()
			await expect(page.getByText('Please enter subject')).toBeVisible()
			await expect(page.getByText('Please enter message')).toBeVisible()
			expect(await sandbox.outbox()).toEqual([])

			await page.getByLabel('Subject').fill('Delivery window for Friday')
			await page.getByLabel('Message').fill('Can the truss delivery come before 7am?')
			await page.getByRole('button', { name: 'Submit' }).click()
			await expect(page.getByText('Email sent successfully')).toBeVisible()
			// A fresh, empty form: nothing invites sending the same message twice.
			await expect(page.getByLabel('Subject')).toHaveValue('')
			await expect(page.getByLabel('Message')).toHaveValue('')
			await expect(page.getByText('Please enter subject')).toHaveCount(0)
			await expect(page.getByText('Please enter message')).toHaveCount(0)
			const [email, ...rest] = await sandbox.outbox()
			expect(rest).toEqual([])
			expect(email).toMatchObject({
				to_address: 'trade.support@southerncrossbuilding.com.au',
				// The supplier's own address sends; the user's is where replies go.
				from_address: 'trade@southerncrossbuilding.com.au',
				reply_to: 'sarah.mitchell@harbourcityconstructions.com.au',
				subject: 'Delivery window for Friday',
			})
			expect(String(email!.body)).toContain('Can the truss delivery come before 7am?')
		})
	}
})

test.describe('Our Stores and Helpful Links', () => {
	test('stores list branches with tap-to-call and a map', async ({ page, login, sandbox }) => {
		await sandbox.configure('demo', { settings: { GMAPS_API_KEY: 'test-key' } })
		await login()
		await page.goto('/')
		await page.getByRole('contentinfo').getByRole('link', { name: 'Our Stores' }).click()
		await expect(page.getByRole('heading', { name: 'Our Stores' })).toBeVisible()
		const card = page.getByRole('listitem').filter({ hasText: 'Parramatta' })
		await expect(card.getByText('45 Church Street')).toBeVisible()
		await expect(card.getByRole('link', { name: '(02) 9891 4400' })).toHaveAttribute(
			'href',
			'tel:0298914400',
		)
		await card.getByRole('link', { name: /View Map/ }).click()
		const dialog = page.getByRole('dialog', { name: 'Parramatta' })
		const src = await dialog.locator('iframe').getAttribute('src')
		expect(src).toContain('https://www.google.com/maps/embed/v1/place?key=test-key')
		expect(src).toContain('q=-33.8151%2C151.0011&zoom=16')
		await expect(dialog.getByRole('link', { name: /Open in Google Maps/ })).toHaveAttribute(
			'href',
			'https://www.google.com/maps/search/?api=1&query=-33.8151,151.0011',
		)
	})

	test('without a map key View Map shows the address and a plain map link', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/stores')
		const card = page
			.getByRole('list', { name: 'Stores' })
			.getByRole('listitem')
			.filter({
				has: page.getByRole('heading', { name: 'Parramatta' }),
			})
		await card.getByRole('link', { name: /View Map/ }).click()
		const dialog = page.getByRole('dialog', { name: 'Parramatta' })
		await expect(dialog.locator('iframe')).toHaveCount(0)
		await expect(dialog.getByText('45 Church Street')).toBeVisible()
		await expect(dialog.getByText('Parramatta NSW 2150')).toBeVisible()
		await expect(dialog.getByRole('link', { name: /Open in OpenStreetMap/ })).toHaveAttribute(
			'href',
			'https://www.openstreetmap.org/?mlat=-33.8151&mlon=151.0011#map=16/-33.8151/151.0011',
		)
		await expect(dialog.getByRole('link', { name: /Open in Google Maps/ })).toBeVisible()
		await dialog.getByRole('link', { name: 'Close' }).click()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(page).toHaveURL('/stores')
	})

	test('Nearest to a suburb or a postcode sorts the stores by distance and says how far', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/stores')
		const stores = page.getByRole('list', { name: 'Stores' }).getByRole('listitem')
		const store = (name: string) =>
			stores.filter({ has: page.getByRole('heading', { name, exact: true }) })
		const near = page.getByRole('textbox', { name: 'Nearest to' })
		await expect(stores.getByRole('heading')).toHaveText([
			'Alexandria',
			'Brookvale',
			'Mayfield',
			'Parramatta',
			'Penrith',
			'Unanderra',
		])
		await expect(page.getByText(/km away/)).toHaveCount(0)

		await near.fill('penrith')
		await page.getByRole('button', { name: 'Sort by distance' }).click()
		await expect(page).toHaveURL('/stores?near=penrith')
		await expect(stores.getByRole('heading')).toHaveText([
			'Penrith',
			'Parramatta',
			'Alexandria',
			'Brookvale',
			'Unanderra',
			'Mayfield',
		])
		await expect(store('Penrith').getByText('0.0 km away')).toBeVisible()
		await expect(store('Parramatta').getByText('29 km away')).toBeVisible()
		await expect(store('Mayfield').getByText('136 km away')).toBeVisible()
		await expect(near).toHaveValue('penrith')

		// The map keeps the order: closing it comes back to the same list.
		await store('Parramatta')
			.getByRole('link', { name: /View Map/ })
			.click()
		const dialog = page.getByRole('dialog', { name: 'Parramatta' })
		await expect(dialog.getByText('29 km away')).toBeVisible()
		await dialog.getByRole('link', { name: 'Close' }).click()
		await expect(page).toHaveURL('/stores?near=penrith')
		await expect(stores.first().getByRole('heading')).toHaveText('Penrith')

		await near.fill('2015')
		await page.getByRole('button', { name: 'Sort by distance' }).click()
		await expect(stores.getByRole('heading')).toHaveText([
			'Alexandria',
			'Brookvale',
			'Parramatta',
			'Penrith',
			'Unanderra',
			'Mayfield',
		])
		await expect(store('Brookvale').getByText('17 km away')).toBeVisible()
	})

	test('a place the geocoder does not know is named next to the field; the list stays', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/stores')
		const near = page.getByRole('textbox', { name: 'Nearest to' })
		await near.fill('Atlantis')
		await page.getByRole('button', { name: 'Sort by distance' }).click()
		await expect(page).toHaveURL('/stores?near=Atlantis')
		await expect(page.getByText('We could not find that suburb or postcode')).toBeVisible()
		await expect(near).toHaveValue('Atlantis')
		await expect(near).toHaveAttribute('aria-invalid', 'true')
		const stores = page.getByRole('list', { name: 'Stores' }).getByRole('listitem')
		await expect(stores).toHaveCount(6)
		await expect(stores.first().getByRole('heading')).toHaveText('Alexandria')
		await expect(page.getByText(/km away/)).toHaveCount(0)
	})

	test('links show enabled entries with an address, in a new tab', async ({ page, login }) => {
		await login()
		await page.goto('/')
		await page.getByRole('contentinfo').getByRole('link', { name: 'Handy Links' }).click()
		await expect(page.getByRole('heading', { name: 'Helpful Links' })).toBeVisible()
		const open = (name: string) =>
			page
				.getByRole('listitem')
				.filter({ hasText: name })
				.getByRole('link', { name: /Open Link/ })
		await expect(open('Safe Work Australia')).toHaveAttribute(
			'href',
			'https://www.safeworkaustralia.gov.au',
		)
		await expect(open('Australian Building Codes Board')).toHaveAttribute(
			'href',
			'//www.abcb.gov.au',
		)
		await expect(open('Bureau of Meteorology')).toHaveAttribute('target', '_blank')
		await expect(page.getByText('NSW Fair Trading')).toHaveCount(0)
	})
})

test('no link in the shell, home or account menu answers 404', async ({ page, login }) => {
	await login()
	await page.goto('/')
	const hrefs = await page
		.locator('a[href^="/"]')
		.evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))])
	expect(hrefs).toEqual(
		expect.arrayContaining([
			'/pay-account',
			'/links',
			'/support',
			'/stores',
			'/contact-a-representative',
			'/orders',
			'/invoices',
			'/statements',
			'/custom-lists',
			'/admin',
			'/downloads',
			'/pricebook',
			'/quick-order',
		]),
	)
	const broken: string[] = []
	for (const href of hrefs) {
		const status = (await page.request.get(href)).status()
		if (status >= 400) broken.push(`${href} ${status}`)
	}
	expect(broken).toEqual([])
})
