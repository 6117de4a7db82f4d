import * as contract from '#app/.server/presenter/contract/support.ts'
import { TPA } from '#app/.server/presenter/contract/define.ts'
import { implement, implementPublic, SandboxFault } from '../implement.ts'
import { companyOf } from '../documents.ts'
import { queueEmail } from '../outbox.ts'
import { hashPassword } from '../passwords.ts'
import { statementDates, statementReference } from '../statements-calendar.ts'
import { assertOwnCompany } from './checkout.ts'

/** How many of the latest statements registration accepts: the details must be recent. */
const RECENT_STATEMENTS = 3
const NO_MATCH =
	'The account number, statement date and reference do not match a recent statement for this account.'

export const support = [
	/**
	 * Registration proves the account with a recent statement's date and reference and creates the
	 * user pending (inactive, awaiting approval): the supplier enables it after checking.
	 */
	implementPublic(contract.registerForAccess, (p, { db, now }) => {
		if (p.tpa !== TPA) throw new SandboxFault('Unknown application', 'tpa')
		const customer = db
			.prepare('SELECT id_cust FROM customers WHERE id_cust = ? AND company_id = ?')
			.get(p.customerID, p.companyID.trim())
		const recent = statementDates(now).slice(0, RECENT_STATEMENTS)
		const proven =
			customer &&
			recent.includes(p.statementDate) &&
			statementReference(db, p.customerID, p.statementDate).toLowerCase() ===
				p.statementReference.trim().toLowerCase()
		if (!proven) throw new SandboxFault(NO_MATCH)
		// A taken username is answered like a free one: the answer must not tell a visitor which
		// usernames exist. The person is told by email, at the address they gave, either way.
		const userName = p.userName.trim()
		const passwordHash = hashPassword(p.password)
		const taken = db.prepare('SELECT 1 FROM users WHERE username = ?').get(userName)
		if (!taken) {
			db.prepare(
				`INSERT INTO users (id_cust, username, password_hash, name_first, name_last, email, roleID, active, awaiting_approval)
				 VALUES (?, ?, ?, ?, ?, ?, 'sales', 0, 1)`,
			).run(
				p.customerID,
				userName,
				passwordHash,
				p.nameFirst.trim(),
				p.nameLast.trim(),
				p.emailAddress,
			)
		}
		const company = companyOf(db, p.customerID)
		queueEmail(db, now, {
			to: p.emailAddress,
			from: company.email,
			subject: `Your registration with ${company.name}`,
			body: [
				`Hello ${p.nameFirst.trim()},`,
				'',
				taken
					? `We could not register you for the trade portal: the username ${userName} is already taken. Please register again with another username.`
					: `We received your registration for the trade portal as ${userName}. We will check it and tell you when you can sign in.`,
				'',
				company.name,
				company.email,
				'',
			].join('\n'),
		})
		return { msg: 'Account registration has been sent successfully' }
	}),
	/**
	 * A business without an account asks for one: the request goes to the supplier's trade
	 * address, from the visitor's, with their details under the message.
	 */
	implementPublic(contract.requestTradeAccount, (p, { db, now }) => {
		if (p.tpa !== TPA) throw new SandboxFault('Unknown application', 'tpa')
		const company = db.prepare('SELECT email FROM company WHERE id = ?').get(p.companyID.trim()) as
			{ email: string } | undefined
		if (!company) throw new SandboxFault('Unknown company', 'companyID')
		const details = [
			`Business: ${p.businessName}`,
			`Contact: ${p.contactName}, ${p.emailAddress}`,
			p.phone ? `Phone: ${p.phone}` : '',
		].filter(Boolean)
		queueEmail(db, now, {
			to: company.email,
			from: company.email,
			replyTo: p.emailAddress,
			subject: `Trade account request: ${p.businessName}`,
			body: `${p.message || 'Please contact us about opening a trade account.'}\n\n-- \n${details.join('\n')}\nSent from the trade portal's registration page.\n`,
		})
		return { msg: 'Your request has been sent. We will be in touch by email.' }
	}),
	implement(contract.getStoreList, ({ companyID }, { db, user }) => {
		assertOwnCompany(db, user, companyID)
		const stores = db
			.prepare(
				`SELECT branchID, branchName, address1, address2, address3, phone, latitude, longitude
				 FROM branches WHERE web = 1 ORDER BY branchName`,
			)
			.all() as contract.Store[]
		return { dataset: { StoreList: stores } }
	}),
]
