import * as contract from '#app/.server/presenter/contract/statements.ts'
import { companyOf, display } from '../documents.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { queueEmail } from '../outbox.ts'
import { statementDates, statementReference } from '../statements-calendar.ts'
import { customerStatement, statementFileName, statementPdf } from '../statements.ts'
import { type Db } from '../db.ts'
import { assertOwnCompany } from './checkout.ts'

function ownCustomer(db: Db, user: SessionUser, p: { companyID: string; customerID: number }) {
	assertOwnCustomer(user, p.customerID)
	assertOwnCompany(db, user, p.companyID)
}

export const statements = [
	/** The customer's statements (one per month-end of the calendar up to today), newest first. */
	implement(contract.getStatementList, (p, { db, user, now }) => {
		ownCustomer(db, user, p)
		return {
			dataset: {
				StatementList: statementDates(now).map(
					(date) => customerStatement(db, p.customerID, date, now).statement,
				),
			},
		}
	}),

	/** One statement and its lines: invoices still open, and the month's invoices and payments. */
	implement(contract.getStatementDetail, (p, { db, user, now }) => {
		ownCustomer(db, user, p)
		const { statement, lines } = customerStatement(db, p.customerID, p.statementDate, now)
		return { dataset: { Statement: [statement], StatementDetail: lines } }
	}),

	/** Emails the statement's PDF to `emailAddress`. */
	implement(contract.emailStatement, async (p, { db, user, now }) => {
		assertOwnCustomer(user, p.customerID)
		const found = customerStatement(db, p.customerID, p.statementDate, now)
		const company = companyOf(db, p.customerID)
		const date = display(p.statementDate)
		queueEmail(db, now, {
			to: p.emailAddress,
			from: company.email,
			subject: `Statement ${date} from ${company.name}`,
			body: [
				'Hello,',
				'',
				`Please find attached your statement of ${date} (${statementFileName(p.statementDate)}), reference ${statementReference(db, p.customerID, p.statementDate)}.`,
				`Balance due: $${found.statement.dueBalance.toFixed(2)}`,
				'',
				company.name,
				company.email,
				'',
			].join('\n'),
			attachments: [
				{
					filename: statementFileName(p.statementDate),
					contentType: 'application/pdf',
					content: await statementPdf(db, found),
				},
			],
		})
		return { msg: 'Statement sent successfully' }
	}),

	/** The statement's PDF, saved as statement-{date}.pdf. */
	implement(contract.streamCustomerStatement, async (p, { db, user, now }) => {
		if (p.idCust !== user.id_cust)
			throw new SandboxFault('Customer not available to this user', 'idCust')
		assertOwnCompany(db, user, p.idCompany)
		const pdf = await statementPdf(db, customerStatement(db, p.idCust, p.statementDate, now))
		return new Response(new Uint8Array(pdf), {
			headers: {
				'Content-Type': 'application/pdf',
				'Content-Disposition': `attachment; filename="${statementFileName(p.statementDate)}"`,
				'Content-Length': String(pdf.length),
				'Cache-Control': 'private, no-store',
			},
		})
	}),
]
