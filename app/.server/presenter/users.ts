import * as contract from './contract/users.ts'
import { type PresenterContext, requireIdentity, TPA } from './context.ts'

/** The signed-in user and their customer account. */
export function usersApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		async getDetails() {
			const { username } = requireIdentity(ctx)
			const reply = await client.call(contract.getUserDetails, {
				userName: username,
				companyID: config.company_id,
				tpa: TPA,
				limit: 25,
				page: 1,
				start: 0,
			})
			return reply.dataset.UserDetails[0]!
		},
		async getCustomer() {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getCustomerDetails, { customerID: customerId })
			return reply.dataset.CustomerDetails[0]!
		},
	}
}
