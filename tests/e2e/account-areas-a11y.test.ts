import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'

/** Custom lists, account admin, downloads and price book, dialogs included (page content). */
test('the account areas have no accessibility violations @js-only', async ({
	page,
	login,
	sandbox,
}) => {
	// Ten pages, each analysed whole by axe.
	test.setTimeout(120_000)
	await login()
	const list = (await sandbox.carts('demo')).find((c) => c.sessionType === 'Custom')!
	const user = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
	for (const path of [
		'/custom-lists',
		`/custom-lists/${list.cartSessionId}`,
		`/custom-lists/${list.cartSessionId}?dialog=delete`,
		'/admin',
		'/admin/account/new',
		`/admin/account/${user.id_user}`,
		`/admin/account/${user.id_user}?dialog=delete`,
		'/downloads',
		'/pricebook',
		'/pricebook?dialog=request-changes',
	]) {
		await page.goto(path)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		const { violations } = await new AxeBuilder({ page }).include('main').analyze()
		expect(
			violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`),
		).toEqual([])
	}
})
