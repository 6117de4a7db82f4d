import * as contract from './contract/content.ts'
import { type ObjectSetName } from './contract/content.ts'
import { type PresenterContext, requireIdentity } from './context.ts'

/** Widget configuration (objectSet): homepage content, top button bar, links, bottom link bar. */
export function contentApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		async getObjectSet(objectSet: ObjectSetName) {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getObjectSet, {
				companyID: config.company_id,
				customerID: customerId,
				objectSet,
				page: objectSet === 'homepage' ? 'homepage' : '',
			})
			return reply.dataset.ObjectSet
		},
	}
}
