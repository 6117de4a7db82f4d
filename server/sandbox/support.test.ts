import { describe, expect, test } from 'vitest'
import * as auth from '#app/.server/presenter/contract/auth.ts'
import * as support from '#app/.server/presenter/contract/support.ts'
import * as users from '#app/.server/presenter/contract/users.ts'
import { TPA } from '#app/.server/presenter/contract/define.ts'
import { type PayloadOf } from '#app/.server/presenter/contract/define.ts'
import { send } from '#app/.server/presenter/transport.ts'
import { AWAITING_APPROVAL } from './operations/auth.ts'
import { queueEmail } from './outbox.ts'
import { COMPANY_ID } from './seed/company.ts'
import { statementDates, statementReference } from './statements-calendar.ts'
import { CUSTOMER, fails, useSandbox } from './test-harness.ts'

const sandbox = useSandbox()
const { call, all } = sandbox

const signIn = (userid: string, password: string) =>
	send(
		auth.login,
		{ userid, password, domain: COMPANY_ID, extra: '' },
		{ host: sandbox.host, timeoutMs: 5000 },
	)

/** Registers for the demo customer's latest statement; `details` changes the person or the proof. */
const register = (details: Partial<PayloadOf<typeof support.registerForAccess>> = {}) => {
	const latest = statementDates(new Date())[0]!
	return call(
		support.registerForAccess,
		{
			customerID: CUSTOMER.demo,
			statementDate: latest,
			statementReference: statementReference(sandbox.db, CUSTOMER.demo, latest),
			userName: 'kwalsh',
			nameFirst: 'Kate',
			nameLast: 'Walsh',
			emailAddress: 'kate.walsh@harbourcityconstructions.com.au',
			password: 'Timber-42-frames',
			tpa: TPA,
			companyID: COMPANY_ID,
			...details,
		},
		null,
	)
}

describe('registration awaiting approval', () => {
	test('sign-in says the registration waits for approval until it is switched on; off later is disabled', async () => {
		await register()
		expect(await signIn('kwalsh', 'Timber-42-frames')).toEqual({
			sessionID: '',
			msg: AWAITING_APPROVAL,
		})
		// Only the right password learns it.
		expect((await signIn('kwalsh', 'wrong')).msg).toBe('Invalid username or password')
		// A user an administrator switched off is told the account is disabled, as before.
		expect((await signIn('lpatel', 'demo')).msg).toBe('This user account has been disabled')

		const user = (
			await call(users.getMobileUsers, { customerID: CUSTOMER.demo })
		).dataset.MobileUsers.find((u) => u.tpauserID === 'kwalsh')!
		const update = (canAccessTPWeb: boolean) =>
			call(users.updateMobileUser, {
				...user,
				tpaUserPassword: '',
				canAccessTPWeb,
				tpaID: TPA,
				customerID: CUSTOMER.demo,
			})
		// Saved while still off (say a phone number added): still waiting.
		await update(false)
		expect((await signIn('kwalsh', 'Timber-42-frames')).msg).toBe(AWAITING_APPROVAL)
		await update(true)
		expect((await signIn('kwalsh', 'Timber-42-frames')).sessionID).not.toBe('')
		await update(false)
		expect((await signIn('kwalsh', 'Timber-42-frames')).msg).toBe(
			'This user account has been disabled',
		)
	})
})

describe('registration proof', () => {
	test("a reference made from the month and account number is no proof: only the statement's own", async () => {
		const latest = statementDates(new Date())[0]!
		const guess = (statementReference: string) =>
			register({
				statementReference,
				userName: 'sguess',
				nameFirst: 'Sam',
				nameLast: 'Guess',
				emailAddress: 'sam@example.com',
				password: 'Guess-42-frames',
			})
		const guessed = `ST${latest.slice(0, 4)}${latest.slice(5, 7)}-${CUSTOMER.demo}`
		const refused = await fails(guess(guessed), 'field')
		expect(refused.message).toBe(
			'The account number, statement date and reference do not match a recent statement for this account.',
		)
		const printed = statementReference(sandbox.db, CUSTOMER.demo, latest)
		expect(await guess(printed.toLowerCase())).toEqual({
			msg: 'Account registration has been sent successfully',
		})
	})
})

describe('registration of a taken username', () => {
	test('is answered as a free one would be; the person is told by email', async () => {
		const users = () => all('SELECT username FROM users').length
		const before = { users: users(), emails: all('SELECT id FROM outbox').length }
		// tbaker is another user's name; kwalsh2 is free.
		const taken = await register({ userName: 'TBaker' })
		expect(users()).toBe(before.users)
		const free = await register({ userName: 'kwalsh2' })
		expect(users()).toBe(before.users + 1)
		expect(taken).toEqual(free)
		expect(taken).toEqual({ msg: 'Account registration has been sent successfully' })

		const [toldTaken, toldFree] = all('SELECT * FROM outbox ORDER BY id').slice(before.emails)
		expect(toldTaken).toMatchObject({
			to_address: 'kate.walsh@harbourcityconstructions.com.au',
			from_address: 'trade@southerncrossbuilding.com.au',
		})
		expect(String(toldTaken!.body)).toContain('the username TBaker is already taken')
		expect(String(toldFree!.body)).toContain('We received your registration')
	})
})

describe('trade account request', () => {
	const request = {
		businessName: 'Bondi Decks & Pergolas',
		contactName: 'Mia Chen',
		emailAddress: 'mia@bondidecks.com.au',
		phone: '0412 555 019',
		message: 'We build about 40 decks a year.',
		tpa: TPA,
		companyID: COMPANY_ID,
	}

	test('without a session, mails the supplier from the visitor with their details', async () => {
		const before = all('SELECT id FROM outbox').length
		expect((await call(support.requestTradeAccount, request, null)).msg).toBe(
			'Your request has been sent. We will be in touch by email.',
		)
		const sent = all('SELECT * FROM outbox ORDER BY id')
		expect(sent).toHaveLength(before + 1)
		const email = sent.at(-1)!
		expect(email).toMatchObject({
			to_address: 'trade@southerncrossbuilding.com.au',
			from_address: 'trade@southerncrossbuilding.com.au',
			reply_to: 'mia@bondidecks.com.au',
			subject: 'Trade account request: Bondi Decks & Pergolas',
		})
		expect(String(email.body)).toContain('We build about 40 decks a year.')
		expect(String(email.body)).toContain('Contact: Mia Chen, mia@bondidecks.com.au')
		expect(String(email.body)).toContain('Phone: 0412 555 019')
	})

	test('refuses another application or company, sending nothing', async () => {
		const before = all('SELECT id FROM outbox').length
		await fails(
			call(support.requestTradeAccount, { ...request, tpa: 'other' }, null),
			'field',
			'tpa',
		)
		await fails(
			call(support.requestTradeAccount, { ...request, companyID: '999' }, null),
			'field',
			'companyID',
		)
		expect(all('SELECT id FROM outbox')).toHaveLength(before)
	})

	test('refuses a line break in a name, which would add a header of the visitor’s own', async () => {
		const before = all('SELECT id FROM outbox').length
		const bcc = 'Bondi\r\nBcc: everyone@example.com'
		// The contract refuses it: the client before sending, the sandbox on receipt.
		await expect(
			call(support.requestTradeAccount, { ...request, businessName: bcc }, null),
		).rejects.toThrow('Enter this on one line')
		await expect(
			call(support.requestTradeAccount, { ...request, contactName: bcc }, null),
		).rejects.toThrow('Enter this on one line')
		expect(all('SELECT id FROM outbox')).toHaveLength(before)
	})
})

describe('the outbox', () => {
	test('keeps every header on one line, whoever wrote the email', () => {
		const before = all('SELECT id FROM outbox').length
		queueEmail(sandbox.db, new Date(), {
			to: 'a@example.com\r\nBcc: everyone@example.com',
			from: 'trade@southerncrossbuilding.com.au',
			replyTo: 'b@example.com\nCc: more@example.com',
			subject: 'Hello\r\nBcc: everyone@example.com',
			body: 'Line one\nline two',
		})
		const [email] = all('SELECT * FROM outbox ORDER BY id').slice(before)
		expect(email).toMatchObject({
			to_address: 'a@example.com Bcc: everyone@example.com',
			reply_to: 'b@example.com Cc: more@example.com',
			subject: 'Hello Bcc: everyone@example.com',
			body: 'Line one\nline two',
		})
	})
})
