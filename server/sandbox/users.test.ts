import { describe, expect, test } from 'vitest'
import * as auth from '#app/.server/presenter/contract/auth.ts'
import { type PayloadOf } from '#app/.server/presenter/contract/define.ts'
import * as users from '#app/.server/presenter/contract/users.ts'
import { send } from '#app/.server/presenter/transport.ts'
import { verifyPassword } from './passwords.ts'
import { COMPANY_ID } from './seed/company.ts'
import { CUSTOMER, fails, useSandbox } from './test-harness.ts'

const sandbox = useSandbox()
const { call, one, all } = sandbox

const list = () =>
	call(users.getMobileUsers, { customerID: CUSTOMER.demo }).then((r) => r.dataset.MobileUsers)
const signIn = (userid: string, password = 'demo') =>
	send(
		auth.login,
		{ userid, password, domain: COMPANY_ID, extra: '' },
		{ host: sandbox.host, timeoutMs: 5000 },
	)

const newUser = (
	overrides: Partial<PayloadOf<typeof users.addMobileUser>> = {},
): PayloadOf<typeof users.addMobileUser> => ({
	tpauserID: 'kfraser',
	tpaUserPassword: 'Sup3r-secret',
	roleID: 'sales',
	canAccessTPWeb: true,
	canAccessTPMobile: true,
	customerID: CUSTOMER.demo,
	tpaID: 'tportal',
	MobileUserDetail: [
		{
			firstName: 'Kate',
			lastName: 'Fraser',
			emailAddress: 'kate.fraser@harbourcityconstructions.com.au',
			customerID: CUSTOMER.demo,
		},
	],
	...overrides,
})

describe('mobile users', () => {
	test('the demo customer has its administrator and at least 4 sub-users, passwords hashed', async () => {
		const found = await list()
		expect(found.map((u) => u.tpauserID).sort()).toEqual(
			['demo', 'joconnor', 'lpatel', 'rwilliams', 'tbaker'].sort(),
		)
		expect(found.find((u) => u.tpauserID === 'lpatel')!.canAccessTPWeb).toBe(false)
		expect(found.find((u) => u.tpauserID === 'tbaker')!.roleID).toBe('sales')
		for (const row of all('SELECT password_hash FROM users'))
			expect(String(row.password_hash)).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/)
		// A deactivated user cannot sign in.
		expect((await signIn('lpatel')).sessionID).toBe('')
	})

	test('adds a user who can then sign in; usernames are unique', async () => {
		expect((await call(users.addMobileUser, newUser())).msg).toBe('User added')
		const added = (await list()).find((u) => u.tpauserID === 'kfraser')!
		expect(added).toMatchObject({
			roleID: 'sales',
			canAccessTPWeb: true,
			canAccessTPMobile: true,
			MobileUserDetail: [{ firstName: 'Kate', lastName: 'Fraser' }],
		})
		const stored = one('SELECT password_hash FROM users WHERE username = ?', 'kfraser')
		expect(stored.password_hash).not.toContain('Sup3r-secret')
		expect(verifyPassword('Sup3r-secret', String(stored.password_hash))).toBe(true)
		expect((await signIn('kfraser', 'Sup3r-secret')).sessionID).not.toBe('')
		await fails(call(users.addMobileUser, newUser({ tpauserID: 'TBAKER' })), 'field', 'tpauserID')
	})

	test('deactivating signs the user out and stops sign-in; an empty password is kept', async () => {
		const session = (await signIn('joconnor')).sessionID
		const user = (await list()).find((u) => u.tpauserID === 'joconnor')!
		const update = {
			...newUser({ tpauserID: 'joconnor', roleID: 'sales', canAccessTPWeb: false }),
			custContactID: user.custContactID,
			tpaUserPassword: '',
			MobileUserDetail: [{ ...user.MobileUserDetail[0]!, lastName: 'O’Connor-Smith' }],
		}
		expect((await call(users.updateMobileUser, update)).msg).toBe('User updated')
		expect(all('SELECT * FROM sessions WHERE session_id = ?', session)).toEqual([])
		expect((await signIn('joconnor')).sessionID).toBe('')
		const after = (await list()).find((u) => u.tpauserID === 'joconnor')!
		expect(after.MobileUserDetail[0]!.lastName).toBe('O’Connor-Smith')

		await call(users.updateMobileUser, { ...update, canAccessTPWeb: true })
		expect((await signIn('joconnor')).sessionID).not.toBe('')
		await call(users.updateMobileUser, {
			...update,
			canAccessTPWeb: true,
			tpaUserPassword: 'n3w-pass',
		})
		expect((await signIn('joconnor', 'n3w-pass')).sessionID).not.toBe('')
	})

	test('deletes a user, keeping their transactions; not oneself', async () => {
		const user = (await list()).find((u) => u.tpauserID === 'tbaker')!
		const transactions = all('SELECT id FROM transactions WHERE id_user = ?', user.custContactID)
		expect((await call(users.deleteMobileUser, { custContactID: user.custContactID })).msg).toBe(
			'User deleted',
		)
		expect((await list()).some((u) => u.tpauserID === 'tbaker')).toBe(false)
		for (const t of transactions)
			expect(one('SELECT id_user FROM transactions WHERE id = ?', Number(t.id)).id_user).toBeNull()
		const me = (await list()).find((u) => u.tpauserID === 'demo')!
		await fails(call(users.deleteMobileUser, { custContactID: me.custContactID }), 'field')
	})

	test("only administrators manage users, and only their own customer's", async () => {
		const onhold = all('SELECT id_user FROM users WHERE id_cust = ?', CUSTOMER.onhold)[0]!
		await fails(call(users.deleteMobileUser, { custContactID: Number(onhold.id_user) }), 'field')
		await fails(call(users.getMobileUsers, { customerID: CUSTOMER.onhold }), 'field', 'customerID')
		// joconnor is a sales user.
		const sales = await signIn('joconnor', 'n3w-pass')
		await fails(
			send(
				users.getMobileUsers,
				{ customerID: CUSTOMER.demo },
				{ host: sandbox.host, contextId: sales.sessionID, timeoutMs: 5000 },
			),
			'field',
		)
	})
})
