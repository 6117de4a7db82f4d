import { signIn, someoneElse } from '../e2e/fixtures.ts'
import { approveAgainstWithdraw, lineAddedDuringConfirm } from '../e2e/races.ts'
import { expect, test } from './fixtures.ts'

/**
 * The order rules between requests across instances (issue 41, docs/decisions/060): through
 * nginx, round robin, the two posts of each race reach either instance, and the locks that
 * serialise them are the shared PostgreSQL store's.
 */

test('a line added from another tab while Confirm Order is in flight, across two instances: never ordered, never lost, 60 trials @api', async ({
	page,
	sandbox,
}) => {
	test.setTimeout(180_000)
	await signIn(page.request, 'tbaker')
	const race = await lineAddedDuringConfirm(page, sandbox, 'tbaker', 60)
	expect(race.broken).toEqual([])
	expect(race.placed).toBeGreaterThan(0)
	expect(race.refused).toBeGreaterThan(0)
})

test('approve and withdraw at the same moment on two instances settle the request once, 12 trials @api', async ({
	page,
	sandbox,
	browser,
	baseURL,
}) => {
	test.setTimeout(180_000)
	// tbaker's order limit, set by an administrator as on any portal.
	const boss = await someoneElse(browser, baseURL!, 'demo', false)
	try {
		const tom = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
		await boss.page.goto(`/admin/account/${tom.id_user}`)
		await boss.page.getByLabel('Order limit (inc. GST, $)').fill('1500')
		await boss.page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(boss.page.getByText('User updated')).toBeVisible()
		await signIn(page.request, 'tbaker')
		expect(
			await approveAgainstWithdraw(page.request, boss.page.request, sandbox, 'tbaker', 12),
		).toEqual([])
	} finally {
		await boss.close()
	}
})
