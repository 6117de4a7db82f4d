import { type z } from 'zod'
import * as contract from '#app/.server/presenter/contract/users.ts'
import {
	type CustomerDetails,
	type MobileUser,
	type MobileUserDetail,
} from '#app/.server/presenter/contract/users.ts'
import { type Db, inTransaction } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { hashPassword } from '../passwords.ts'
import { customerBalances } from '../statements.ts'
import { sydneyTime } from '../sydney.ts'

type UserRow = {
	id_user: number
	id_cust: number
	username: string
	name_first: string
	name_last: string
	email: string
	roleID: 'admin' | 'sales'
	active: number
	mobile_access: number
	phone_mobile: string
	phone_business: string
	phone_home: string
	fax: string
}

function toMobileUser(row: UserRow): MobileUser {
	return {
		tpauserID: row.username,
		roleID: row.roleID,
		canAccessTPWeb: row.active === 1,
		canAccessTPMobile: row.mobile_access === 1,
		custContactID: row.id_user,
		tpaID: 'tportal',
		customerID: row.id_cust,
		MobileUserDetail: [
			{
				firstName: row.name_first,
				lastName: row.name_last,
				emailAddress: row.email,
				phoneMobile: row.phone_mobile,
				phoneBusiness: row.phone_business,
				phoneHome: row.phone_home,
				faxNumber: row.fax,
				customerID: row.id_cust,
			},
		],
	}
}

/** Only the customer's administrators manage its users. */
function requireAdmin(db: Db, user: SessionUser) {
	const { roleID } = db.prepare('SELECT roleID FROM users WHERE id_user = ?').get(user.id_user) as {
		roleID: string
	}
	if (roleID !== 'admin') throw new SandboxFault('Only an administrator can manage user accounts')
}

/** One of the customer's users, by its custContactID. */
function requireUser(db: Db, user: SessionUser, custContactID: number) {
	const row = db.prepare('SELECT * FROM users WHERE id_user = ?').get(custContactID) as
		UserRow | undefined
	if (!row || row.id_cust !== user.id_cust)
		throw new SandboxFault('User not found', 'custContactID')
	return row
}

/** The username is free (case-insensitively) for a new user or for `except`. */
function assertUsernameFree(db: Db, username: string, except?: number) {
	const taken = db
		.prepare('SELECT id_user FROM users WHERE username = ? AND id_user IS NOT ?')
		.get(username, except ?? null)
	if (taken) throw new SandboxFault(`The username ${username} is already taken`, 'tpauserID')
}

function detailOf(details: MobileUserDetail[], user: SessionUser) {
	const detail = details[0]!
	if (detail.customerID !== user.id_cust)
		throw new SandboxFault('Customer not available to this user', 'MobileUserDetail.customerID')
	return detail
}

/** Ends a user's presenter sessions (deactivated or deleted: signed out everywhere). */
function endSessions(db: Db, id_user: number) {
	db.prepare('DELETE FROM sessions WHERE id_user = ?').run(id_user)
}

export const users = [
	implement(contract.getUserDetails, ({ userName }, { db, user, now }) => {
		const row = db
			.prepare(
				`SELECT u.*, c.account_status
				 FROM users u JOIN customers c USING (id_cust) WHERE u.username = ? AND u.id_cust = ?`,
			)
			.get(userName, user.id_cust) as Record<string, string | number | null> | undefined
		if (!row) throw new SandboxFault('No matching records found for user ' + userName)
		const last = row.last_login_at ? sydneyTime(String(row.last_login_at)) : null
		const details: z.input<typeof contract.UserDetailsSchema> = {
			id_cust: Number(row.id_cust),
			id_user: Number(row.id_user),
			name_first: String(row.name_first),
			name_last: String(row.name_last),
			userEmailAddress: String(row.email),
			// The same ledger on the same day as getAgedBalances, so home and Pay Account agree.
			...customerBalances(db, user.id_cust, sydneyTime(now).date),
			last_login_time: last?.seconds ?? null,
			last_login_date: last?.date ?? null,
			account_status: row.account_status as contract.AccountStatus,
			roleID: row.roleID as contract.Role,
		}
		return { dataset: { UserDetails: [details] } }
	}),
	implement(contract.getCustomerDetails, ({ customerID }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		const row = db
			.prepare(
				`SELECT id_cust AS customerID, customerName, streetAddress, streetSuburb, streetState, streetPostCode,
				 customerEmail, billAddress, billSuburb, billState, billPostCode, phoneHome, faxBusiness, phoneMobile
				 FROM customers WHERE id_cust = ?`,
			)
			.get(customerID) as CustomerDetails | undefined
		if (!row) throw new SandboxFault('No matching records')
		return { dataset: { CustomerDetails: [{ ...row }] } }
	}),
	implement(contract.getMobileUsers, ({ customerID }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		requireAdmin(db, user)
		const rows = db
			.prepare('SELECT * FROM users WHERE id_cust = ? ORDER BY name_last, name_first, id_user')
			.all(customerID) as UserRow[]
		return { dataset: { MobileUsers: rows.map(toMobileUser) } }
	}),

	/** A new user with a hashed password, web and mobile access as sent ('User added'). */
	implement(contract.addMobileUser, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		requireAdmin(db, user)
		const detail = detailOf(p.MobileUserDetail, user)
		assertUsernameFree(db, p.tpauserID)
		db.prepare(
			`INSERT INTO users (id_cust, username, password_hash, name_first, name_last, email, roleID, active, mobile_access,
			 phone_mobile, phone_business, phone_home, fax) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		).run(
			user.id_cust,
			p.tpauserID,
			hashPassword(p.tpaUserPassword),
			detail.firstName,
			detail.lastName,
			detail.emailAddress,
			p.roleID,
			p.canAccessTPWeb ? 1 : 0,
			p.canAccessTPMobile ? 1 : 0,
			detail.phoneMobile,
			detail.phoneBusiness,
			detail.phoneHome,
			detail.faxNumber,
		)
		return { msg: 'User added' }
	}),

	/**
	 * Updates a user; an empty password keeps the current one. Switching web access off signs the
	 * user out everywhere. Administrators cannot lock themselves out (deactivate or demote).
	 */
	implement(contract.updateMobileUser, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		requireAdmin(db, user)
		const target = requireUser(db, user, p.custContactID)
		const detail = detailOf(p.MobileUserDetail, user)
		assertUsernameFree(db, p.tpauserID, target.id_user)
		if (target.id_user === user.id_user && (!p.canAccessTPWeb || p.roleID !== 'admin'))
			throw new SandboxFault('You cannot deactivate your own account or change your own role')
		inTransaction(db, () => {
			db.prepare(
				`UPDATE users SET username = ?, name_first = ?, name_last = ?, email = ?, roleID = ?, active = ?,
				 awaiting_approval = awaiting_approval AND NOT ?, mobile_access = ?,
				 phone_mobile = ?, phone_business = ?, phone_home = ?, fax = ? WHERE id_user = ?`,
			).run(
				p.tpauserID,
				detail.firstName,
				detail.lastName,
				detail.emailAddress,
				p.roleID,
				p.canAccessTPWeb ? 1 : 0,
				// Switching a registration on approves it; from then on off means disabled.
				p.canAccessTPWeb ? 1 : 0,
				p.canAccessTPMobile ? 1 : 0,
				detail.phoneMobile,
				detail.phoneBusiness,
				detail.phoneHome,
				detail.faxNumber,
				target.id_user,
			)
			if (p.tpaUserPassword)
				db.prepare('UPDATE users SET password_hash = ? WHERE id_user = ?').run(
					hashPassword(p.tpaUserPassword),
					target.id_user,
				)
			if (!p.canAccessTPWeb) endSessions(db, target.id_user)
		})
		return { msg: 'User updated' }
	}),

	/** Deletes a user (not oneself); their transactions stay, no longer naming them. */
	implement(contract.deleteMobileUser, ({ custContactID }, { db, user }) => {
		requireAdmin(db, user)
		const target = requireUser(db, user, custContactID)
		if (target.id_user === user.id_user)
			throw new SandboxFault('You cannot delete your own account', 'custContactID')
		inTransaction(db, () => {
			endSessions(db, target.id_user)
			db.prepare('UPDATE transactions SET id_user = NULL WHERE id_user = ?').run(target.id_user)
			db.prepare('UPDATE transactions SET accepted_by = NULL WHERE accepted_by = ?').run(
				target.id_user,
			)
			db.prepare('DELETE FROM users WHERE id_user = ?').run(target.id_user)
		})
		return { msg: 'User deleted' }
	}),
]
