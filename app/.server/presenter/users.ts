import * as contract from './contract/users.ts'
import { type MobileUserDetail, type Role } from './contract/users.ts'
import { scopeOwner } from './cache.ts'
import { type CallOptions } from './client.ts'
import { type PresenterContext, requireIdentity } from './context.ts'
import { TPA } from './contract/define.ts'
import { isPresenterError } from './errors.ts'

/** The presenter said no (as opposed to being down or answering nonsense). */
export const isRefusal = (error: unknown) =>
	isPresenterError(error, 'field') || isPresenterError(error, 'api')

/** A user as the admin form sends it (the sub-user fields, without ids). */
export type UserForm = {
	tpauserID: string
	roleID: Role
	password: string
	detail: Omit<MobileUserDetail, 'customerID'>
}

/** The signed-in user and their customer account. */
export function usersApi(ctx: PresenterContext) {
	const { client, config } = ctx
	/**
	 * A user's role or access may have changed (or the change's outcome is unknown): every session
	 * of theirs reads its rights, and whether it still lives, afresh on its next request.
	 */
	const endCachedRights = (user: contract.MobileUser) =>
		client.dropOwner(scopeOwner(requireIdentity(ctx).customerId, user.tpauserID))
	return {
		/** The signed-in user (`fresh`: as the presenter has them now, e.g. their role). */
		async getDetails(how?: CallOptions) {
			const { username } = requireIdentity(ctx)
			const reply = await client.call(
				contract.getUserDetails,
				{
					userName: username,
					companyID: config.company_id,
					tpa: TPA,
					limit: 25,
					page: 1,
					start: 0,
				},
				how,
			)
			return reply.dataset.UserDetails[0]!
		},
		async getCustomer() {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getCustomerDetails, { customerID: customerId })
			return reply.dataset.CustomerDetails[0]!
		},
		/** The customer's users (sub-users). */
		async listMobileUsers() {
			const { customerId, username } = requireIdentity(ctx)
			try {
				const reply = await client.call(contract.getMobileUsers, { customerID: customerId })
				return reply.dataset.MobileUsers
			} catch (error) {
				// Refused: the user is no longer an administrator, whatever the cached details say.
				if (isRefusal(error)) client.dropOwner(scopeOwner(customerId, username))
				throw error
			}
		},
		/** Adds a user; new users get web and mobile access. */
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
			try {
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
			} finally {
				endCachedRights(current)
			}
		},
		async deleteMobileUser(current: contract.MobileUser) {
			try {
				return (
					await client.call(contract.deleteMobileUser, { custContactID: current.custContactID })
				).msg
			} finally {
				endCachedRights(current)
			}
		},
	}
}
