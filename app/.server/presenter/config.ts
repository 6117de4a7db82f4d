import { z } from 'zod'
import * as contract from './contract/config.ts'
import { type Setting } from './contract/config.ts'
import { type PresenterContext, requireIdentity } from './context.ts'
import { oncePer } from '../request/once.ts'

const flag = z
	.string()
	.optional()
	.transform((v) => ['true', '1', 'y', 'yes'].includes((v ?? '').trim().toLowerCase()))
const text = z.string().optional().default('')

/** The customer's settings flags, typed with their defaults. */
export const SettingsSchema = z.object({
	pricebook_button_disabled: flag,
	pay_account_button_disabled: flag,
	account_admin_button_disabled: flag,
	hide_products_price: flag,
	hide_review_price: flag,
	hide_finalise_price: flag,
	shopping_cart_disabled: flag,
	products_button_disabled: flag,
	tax_inclusive: flag,
	/** The price-book-enabled check the Price Book menu entry needs. */
	pricebook_enabled: flag,
	/** The tax-mode variant: Dispatch, Tax and Zip Code wording. */
	tax_mode: flag,
	pagesize: z.coerce.number().int().min(1).max(200).catch(12),
	initial_branchID: z.coerce.number().int().optional().catch(undefined),
	locale: z.enum(['en-AU', 'en-US']).catch('en-AU'),
	currency: z.enum(['AUD', 'US', 'USD']).catch('AUD'),
	help_text: text,
	login_text: text,
	/** Configured account-status messages; the home modal shows only when one exists. */
	status_message_on_hold: text,
	status_message_suspended: text,
	payment_provider: text,
	windriver_checkout_key: text,
	GMAPS_API_KEY: text,
})
export type Settings = z.infer<typeof SettingsSchema>

export function parseSettings(list: Setting[]): Settings {
	const values = Object.fromEntries(list.map((s) => [s.name, s.value]))
	return SettingsSchema.parse(values)
}

/** The flags of each settings reply: parsed once, however many pages use the same cached reply. */
const settingsOf = oncePer((reply: { dataset: { Settings: Setting[] } }) =>
	parseSettings(reply.dataset.Settings),
)

export function configApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		async getSettings() {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getSettings, {
				companyID: config.company_id,
				customerID: customerId,
			})
			return settingsOf(reply)
		},
		/** Company settings a visitor may see (login_text); needs no session. */
		async getLoginText() {
			const reply = await client.call(contract.getLoginSettings, { companyID: config.company_id })
			return parseSettings(reply.dataset.Settings).login_text
		},
	}
}
