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
		/** The customer's downloadable files. */
		async listDownloads() {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getDownloads, {
				companyID: config.company_id,
				customerID: customerId,
			})
			return reply.dataset.Downloads
		},
		/** One of those files, as the presenter streams it. */
		async download(FileName: string) {
			const { customerId } = requireIdentity(ctx)
			return client.stream(contract.streamDownload, { customerID: customerId, FileName })
		},
	}
}
