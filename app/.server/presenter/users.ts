import * as contract from './contract/users.ts'
import { type MobileUserDetail, type Role } from './contract/users.ts'
import { type PresenterContext, requireIdentity, TPA } from './context.ts'

/** A user as the admin form sends it (spec part 2 §3: the sub-user fields, without ids). */
export type UserForm = {
	tpauserID: string
	roleID: Role
	password: string
	detail: Omit<MobileUserDetail, 'customerID'>
}

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
		/** The customer's users (sub-users). */
		async listMobileUsers() {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getMobileUsers, { customerID: customerId })
			return reply.dataset.MobileUsers
		},
		/** Adds a user; new users get web and mobile access (spec part 2 §6). */
		async addMobileUser(user: UserForm) {
			const { customerId } = requireIdentity(ctx)
			return (
				await client.call(contract.addMobileUser, {
					tpauserID: user.tpauserID,
					tpaUserPassword: user.password,
					roleID: user.roleID,
					canAccessTPWeb: true,
					canAccessTPMobile: true,
					customerID: customerId,
					tpaID: TPA,
					MobileUserDetail: [{ ...user.detail, customerID: customerId }],
				})
			).msg
		},
		/**
		 * Updates a user: web access from the active switch, the portal's fixed tpa; an empty
		 * password keeps the current one. Mobile access is kept as it was.
		 */
		async updateMobileUser(current: contract.MobileUser, user: UserForm & { active: boolean }) {
			const { customerId } = requireIdentity(ctx)
			return (
				await client.call(contract.updateMobileUser, {
					custContactID: current.custContactID,
					tpauserID: user.tpauserID,
					tpaUserPassword: user.password,
					roleID: user.roleID,
					canAccessTPWeb: user.active,
					canAccessTPMobile: current.canAccessTPMobile,
					customerID: customerId,
					tpaID: TPA,
					MobileUserDetail: [{ ...user.detail, customerID: customerId }],
				})
			).msg
		},
		async deleteMobileUser(custContactID: number) {
			return (await client.call(contract.deleteMobileUser, { custContactID })).msg
		},
	}
}
