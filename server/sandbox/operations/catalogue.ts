import * as contract from '../../../app/.server/presenter/contract/catalogue.ts'
import { type MenuEntry } from '../../../app/.server/presenter/contract/catalogue.ts'
import { implement } from '../implement.ts'

export const catalogue = [
	implement(contract.getProductMenu, (_payload, { db }) => ({
		dataset: {
			ProductMenu: db
				.prepare(
					'SELECT prodCategory, prodType, prodClass, menuDesc, menuFiles FROM menu ORDER BY sort',
				)
				.all() as MenuEntry[],
		},
	})),
]
