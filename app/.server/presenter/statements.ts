import * as contract from './contract/statements.ts'
import { type PresenterContext, requireIdentity } from './context.ts'

/** Monthly statements: list, detail, email and PDF. */
export function statementsApi(ctx: PresenterContext) {
	const { client, config } = ctx
	const customer = () => ({
		companyID: config.company_id,
		customerID: requireIdentity(ctx).customerId,
	})
	return {
		/** The customer's statements, newest first. */
		async list() {
			return (await client.call(contract.getStatementList, customer())).dataset.StatementList
		},
		/** One statement (by its date, yyyy-mm-dd) with its lines. */
		async get(statementDate: string) {
			const { dataset } = await client.call(contract.getStatementDetail, {
				...customer(),
				statementDate,
			})
			return { statement: dataset.Statement[0]!, lines: dataset.StatementDetail }
		},
		async email(statementDate: string, emailAddress: string) {
			const { customerID } = customer()
			return (
				await client.call(contract.emailStatement, { customerID, emailAddress, statementDate })
			).msg
		},
		/** The statement's PDF, as the presenter streams it. */
		async document(statementDate: string) {
			const { customerID, companyID } = customer()
			return client.stream(contract.streamCustomerStatement, {
				idCust: customerID,
				idCompany: companyID,
				statementDate,
			})
		},
	}
}
