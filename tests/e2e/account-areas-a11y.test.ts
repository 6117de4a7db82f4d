import AxeBuilder from '@axe-core/playwright'
import { addJobThroughForm, expect, LONG_JOB, test } from './fixtures.ts'

/** Custom lists, account admin, jobs, downloads and price book, dialogs included (page content). */
const PAGES = [
	'/custom-lists',
	'/custom-lists/:list',
	'/custom-lists/:list?dialog=delete',
	'/admin',
	'/admin/account/new',
	'/admin/account/:user',
	'/admin/account/:user?dialog=delete',
	'/jobs',
	'/jobs/new',
	'/jobs/:job/edit',
	'/downloads',
	'/pricebook',
	'/pricebook?dialog=request-changes',
]

test.describe('the account areas have no accessibility violations', () => {
	for (const path of PAGES) {
		test(`${path} @js-only`, async ({ page, login, sandbox }) => {
			await login()
			const list = (await sandbox.carts('demo')).find((c) => c.sessionType === 'Custom')!
			const user = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
			const job = path.includes(':job') ? await addJobThroughForm(page.request, LONG_JOB) : ''
			await page.goto(
				path
					.replace(':list', list.cartSessionId)
					.replace(':user', String(user.id_user))
					.replace(':job', job),
			)
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			const { violations } = await new AxeBuilder({ page }).include('main').analyze()
			expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
		})
	}
})
