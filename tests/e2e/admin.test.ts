import { type Page } from '@playwright/test'
import { expect, openMenu, test } from './fixtures.ts'

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text)
const usersTable = (page: Page) => page.getByRole('table', { name: 'User accounts' })
const save = (page: Page, name: 'Add Account' | 'Save Changes') =>
	page.getByRole('button', { name }).click()

/** The error shown next to a field (its aria-describedby). */
async function expectFieldError(page: Page, label: string | RegExp, message: string) {
	const field = page.getByLabel(label, { exact: typeof label === 'string' })
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveAccessibleDescription(new RegExp(message))
}

/** Signs out and waits for the login page: going anywhere sooner would cancel the sign-out. */
async function signOut(page: Page) {
	await (await openMenu(page, 'My Account')).getByRole('button', { name: 'Sign Out' }).click()
	await expect(page).toHaveURL('/login')
}

async function signIn(page: Page, username: string, password: string) {
	await page.goto('/login')
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
}

test.describe('account admin', () => {
	test('overview: welcome, customer details, status, balances, users with role badges', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/')
		const menu = await openMenu(page, 'My Account')
		await menu.getByRole('link', { name: 'Account Admin' }).click()
		await expect(page).toHaveURL('/admin')
		await expect(
			page.getByRole('heading', { level: 1, name: 'Welcome, Sarah Mitchell' }),
		).toBeVisible()
		const customer = page.getByRole('region', { name: 'Customer Details' })
		await expect(customer).toContainText('Harbour City Constructions Pty Ltd')
		await expect(customer).toContainText('10001')
		await expect(customer).toContainText('PO Box 512')
		const status = page.getByRole('region', { name: 'Account Status' })
		await expect(status).toContainText('Active')
		const { balances } = await sandbox.payments('demo')
		await expect(status).toContainText(
			new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(
				balances.balance_overdue,
			),
		)
		const stored = await sandbox.users('demo')
		expect(stored.length).toBeGreaterThanOrEqual(5)
		await expect(usersTable(page).getByRole('row')).toHaveCount(stored.length + 1)
		const tom = usersTable(page).getByRole('row').filter({ hasText: 'tbaker' })
		await expect(tom.getByText('sales', { exact: true })).toBeVisible()
		const rachel = usersTable(page).getByRole('row').filter({ hasText: 'rwilliams' })
		await expect(rachel.getByText('admin', { exact: true })).toBeVisible()
		await expect(
			usersTable(page).getByRole('row').filter({ hasText: 'lpatel' }).getByText('Inactive'),
		).toBeVisible()
	})

	test('adds a user: every validation message, then the user can sign in', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/admin')
		await page.getByRole('link', { name: 'Add New Account' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Add New Account' })).toBeVisible()
		// The active switch is only on update; the role defaults to sales (least privilege).
		await expect(page.getByRole('checkbox', { name: 'Active' })).toHaveCount(0)
		await expect(page.getByLabel('Role')).toHaveValue('sales')

		await save(page, 'Add Account')
		for (const label of [
			'Username',
			'First name',
			'Last name',
			'Email address',
			'Password',
			'Confirm password',
		])
			await expectFieldError(page, label, 'Required')

		await page.getByLabel('Username').fill('kfraser')
		await page.getByLabel('First name').fill('Kate')
		await page.getByLabel('Last name').fill('Fraser')
		await page.getByLabel('Email address').fill('kate.fraser@')
		await page.getByLabel('Password', { exact: true }).fill('Sup3r-secret')
		await page.getByLabel('Confirm password').fill('Sup3r-secrex')
		await save(page, 'Add Account')
		await expectFieldError(page, 'Email address', 'Invalid email address')
		await expectFieldError(page, 'Confirm password', 'Passwords must match')
		// Typed values stay (passwords are never sent back).
		await expect(page.getByLabel('Username')).toHaveValue('kfraser')

		await page.getByLabel('Email address').fill('kate.fraser@harbourcityconstructions.com.au')
		await page.getByLabel('Mobile phone').fill('0400 123 456')
		await page.getByLabel('Password', { exact: true }).fill('Sup3r-secret')
		await page.getByLabel('Confirm password').fill('Sup3r-secret')
		await save(page, 'Add Account')
		await expect(page).toHaveURL('/admin')
		await expect(toast(page, 'User added')).toBeVisible()
		const row = usersTable(page).getByRole('row').filter({ hasText: 'kfraser' })
		await expect(row).toContainText('Kate Fraser')
		await expect(row.getByText('sales', { exact: true })).toBeVisible()

		const added = (await sandbox.users('demo')).find((u) => u.username === 'kfraser')
		expect(added).toMatchObject({
			name_first: 'Kate',
			name_last: 'Fraser',
			email: 'kate.fraser@harbourcityconstructions.com.au',
			roleID: 'sales',
			active: true,
			mobile_access: true,
			password_scheme: 'scrypt',
		})
		await signOut(page)
		await signIn(page, 'kfraser', 'Sup3r-secret')
		await expect(page.getByRole('heading', { name: /^Hi Kate!/ })).toBeVisible()
	})

	test('the add form starts at the least privilege, says what each role may do and marks what is required', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/admin/account/new')
		const role = page.getByLabel('Role')
		await expect(role).toHaveValue('sales')
		await expect(role).toHaveAccessibleDescription(
			'Admin: everything Sales can, and managing user accounts (Account Admin). Sales: products, cart, orders, quotes, invoices, statements, payments and everything else, except Account Admin.',
		)
		await expect(page.getByText('Fields marked * are required')).toBeVisible()
		for (const label of [
			'Username',
			'First name',
			'Last name',
			'Email address',
			'Password',
			'Confirm password',
		])
			await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-required', 'true')
		for (const label of ['Mobile phone', 'Business phone', 'Home phone', 'Fax number'])
			await expect(page.getByLabel(label)).not.toHaveAttribute('aria-required', 'true')

		// On edit the password may stay empty, so it is not marked; the role is the user's own.
		await page.goto('/admin')
		await usersTable(page).getByRole('link', { name: 'Rachel Williams' }).click()
		await expect(page.getByLabel('Username')).toHaveAttribute('aria-required', 'true')
		await expect(page.getByLabel('Password', { exact: true })).not.toHaveAttribute(
			'aria-required',
			'true',
		)
		await expect(page.getByLabel('Role')).toHaveValue('admin')
	})

	test('a taken username is refused with the presenter’s message', async ({ page, login }) => {
		await login()
		await page.goto('/admin/account/new')
		await page.getByLabel('Username').fill('tbaker')
		await page.getByLabel('First name').fill('Tim')
		await page.getByLabel('Last name').fill('Baker')
		await page.getByLabel('Email address').fill('tim@example.com')
		await page.getByLabel('Password', { exact: true }).fill('pw')
		await page.getByLabel('Confirm password').fill('pw')
		await save(page, 'Add Account')
		await expect(
			page.getByRole('dialog', { name: 'Error' }).getByText('The username tbaker is already taken'),
		).toBeVisible()
	})

	test('refused for another field, the new user’s passwords are kept to send again', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await page.goto('/admin/account/new')
		await page.getByLabel('Username').fill('tbaker')
		await page.getByLabel('First name').fill('Tim')
		await page.getByLabel('Last name').fill('Baker')
		await page.getByLabel('Email address').fill('tim@')
		await page.getByLabel('Password', { exact: true }).fill('Sup3r-secret')
		await page.getByLabel('Confirm password').fill('Sup3r-secret')
		const kept = async () => {
			await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Sup3r-secret')
			await expect(page.getByLabel('Confirm password')).toHaveValue('Sup3r-secret')
		}
		await save(page, 'Add Account')
		await expectFieldError(page, 'Email address', 'Invalid email address')
		await kept()
		await page.getByLabel('Email address').fill('tim@example.com')
		await save(page, 'Add Account')
		const error = page.getByRole('dialog', { name: 'Error' })
		await expect(error.getByText('The username tbaker is already taken')).toBeVisible()
		// With JS the dialog is closed first; without, it is a section above the form.
		if (enhanced)
			await error
				.getByRole('button', { name: 'OK' })
				.or(error.getByRole('link', { name: 'OK' }))
				.click()
		await kept()
		await page.getByLabel('Username').fill('tbaker2')
		await save(page, 'Add Account')
		await expect(toast(page, 'User added')).toBeVisible()
		expect((await sandbox.users('demo')).some((u) => u.username === 'tbaker2')).toBe(true)
		// Refused for the passwords themselves, they are typed again.
		await page.goto('/admin/account/new')
		await page.getByLabel('Password', { exact: true }).fill('Sup3r-secret')
		await page.getByLabel('Confirm password').fill('Sup3r-secrex')
		await save(page, 'Add Account')
		await expectFieldError(page, 'Confirm password', 'Passwords must match')
		if (!enhanced) await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
	})

	test('limits are taken as people write money: $2,500.00', async ({ page, login, sandbox }) => {
		await login()
		const tom = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
		await page.goto(`/admin/account/${tom.id_user}`)
		await page.getByLabel('Order limit (inc. GST, $)').fill('$2,500.00')
		await page.getByLabel('Monthly limit (inc. GST, $)').fill('12,000')
		await save(page, 'Save Changes')
		await expect(toast(page, 'User updated')).toBeVisible()
		await page.goto(`/admin/account/${tom.id_user}`)
		await expect(page.getByLabel('Order limit (inc. GST, $)')).toHaveValue('2500')
		await expect(page.getByLabel('Monthly limit (inc. GST, $)')).toHaveValue('12000')
	})

	test('edits and deactivates a user, who then cannot sign in', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/admin')
		await usersTable(page).getByRole('link', { name: "Jess O'Connor" }).click()
		await expect(page.getByRole('heading', { level: 1, name: "Edit Jess O'Connor" })).toBeVisible()
		await expect(page.getByLabel('Username')).toHaveValue('joconnor')
		const active = page.getByRole('checkbox', { name: 'Active' })
		await expect(active).toBeChecked()

		await page.getByLabel('Last name').fill('')
		await page.getByLabel('Password', { exact: true }).fill('new-pass')
		await save(page, 'Save Changes')
		await expectFieldError(page, 'Last name', 'Required')
		await expectFieldError(page, 'Confirm password', 'Required')

		await page.getByLabel('Last name').fill('Walsh')
		await page.getByLabel('Password', { exact: true }).fill('')
		await page.getByLabel('Confirm password').fill('')
		await active.uncheck()
		await save(page, 'Save Changes')
		await expect(page).toHaveURL('/admin')
		await expect(toast(page, 'User updated')).toBeVisible()
		const row = usersTable(page).getByRole('row').filter({ hasText: 'joconnor' })
		await expect(row).toContainText('Jess Walsh')
		await expect(row).toContainText('Inactive')
		const stored = (await sandbox.users('demo')).find((u) => u.username === 'joconnor')
		expect(stored).toMatchObject({ name_last: 'Walsh', active: false })

		await signOut(page)
		await signIn(page, 'joconnor', 'demo')
		// NOTE: the login page does not show refusals yet (its reply resets the form, errors
		// included); what counts here is that no session was opened.
		await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
		await expect(page).toHaveURL(/\/login/)
		expect(await sandbox.sessions('joconnor')).toEqual([])
	})

	test('deletes a user after confirming', async ({ page, login, sandbox }) => {
		await login()
		const tom = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
		await page.goto(`/admin/account/${tom.id_user}`)
		await page.getByRole('link', { name: 'Delete User' }).click()
		const dialog = page.getByRole('dialog', { name: 'Delete User' })
		await expect(dialog).toContainText('tbaker')
		await dialog.getByRole('link', { name: 'Cancel' }).click()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		expect((await sandbox.users('demo')).some((u) => u.username === 'tbaker')).toBe(true)

		await page.getByRole('link', { name: 'Delete User' }).click()
		await page
			.getByRole('dialog', { name: 'Delete User' })
			.getByRole('button', { name: 'Delete User' })
			.click()
		await expect(page).toHaveURL('/admin')
		await expect(toast(page, 'User deleted')).toBeVisible()
		await expect(usersTable(page).getByRole('row').filter({ hasText: 'tbaker' })).toHaveCount(0)
		expect((await sandbox.users('demo')).some((u) => u.username === 'tbaker')).toBe(false)
	})

	test('a sales user gets 403 and no Account Admin link', async ({ page, login, sandbox }) => {
		await login('tbaker')
		await page.goto('/')
		const menu = await openMenu(page, 'My Account')
		await expect(menu.getByRole('link', { name: 'Account Admin' })).toHaveCount(0)
		expect((await page.goto('/admin'))?.status()).toBe(403)
		expect((await page.goto('/admin/account/new'))?.status()).toBe(403)
		const response = await page.request.post('/admin/account/new', {
			form: {
				intent: 'save',
				tpauserID: 'sneaky',
				firstName: 'S',
				lastName: 'N',
				emailAddress: 's@example.com',
				tpaUserPassword: 'x',
				confirmPassword: 'x',
			},
		})
		expect(response.status()).toBe(403)
		expect((await sandbox.users('demo')).some((u) => u.username === 'sneaky')).toBe(false)
	})

	test('a line break in a first or last name is refused beside the field, on add and update @api', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const tom = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
		const form = {
			intent: 'save',
			tpauserID: 'kfraser',
			firstName: 'Kate',
			lastName: 'Fraser\r\nBcc: someone@example.com',
			emailAddress: 'kate.fraser@harbourcityconstructions.com.au',
			roleID: 'sales',
			tpaUserPassword: 'Sup3r-secret',
			confirmPassword: 'Sup3r-secret',
		}
		for (const [path, fields] of [
			['/admin/account/new', form],
			[`/admin/account/${tom.id_user}`, { ...form, tpauserID: 'tbaker', firstName: 'Tom\nX' }],
		] as const) {
			const response = await page.request.post(path, { form: fields })
			expect(response.status(), path).toBe(400)
			// The page the browser gets without JS: the message beside each field.
			await page.goto('about:blank')
			await page.setContent(await response.text())
			await expectFieldError(page, 'Last name', 'Enter this on one line')
		}
		await expectFieldError(page, 'First name', 'Enter this on one line')
		const users = await sandbox.users('demo')
		expect(users.some((u) => u.username === 'kfraser')).toBe(false)
		expect(users.find((u) => u.username === 'tbaker')).toMatchObject({
			name_first: 'Tom',
			name_last: 'Baker',
		})
	})

	test('account_admin_button_disabled hides Account Admin and the server refuses it', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { settings: { account_admin_button_disabled: 'true' } })
		await login()
		await page.goto('/')
		const menu = await openMenu(page, 'My Account')
		await expect(menu.getByRole('link', { name: 'Account Admin' })).toHaveCount(0)
		expect((await page.goto('/admin'))?.status()).toBe(403)
		const tom = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
		const response = await page.request.post(`/admin/account/${tom.id_user}`, {
			form: { intent: 'delete-user' },
		})
		expect(response.status()).toBe(403)
		expect((await sandbox.users('demo')).some((u) => u.username === 'tbaker')).toBe(true)
	})
})
