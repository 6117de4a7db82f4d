import { type Db } from '../db.ts'
import { seedCharges } from './charges.ts'
import { seedCompany } from './company.ts'
import { seedContent } from './content.ts'
import { seedLists } from './lists.ts'
import { seedMenu } from './menu.ts'
import { seedPayments } from './payments.ts'
import { seedPlaces } from './places.ts'
import { seedProducts } from './products.ts'
import { seedSettings } from './settings.ts'
import { seedTransactions } from './transactions.ts'

/** The deterministic demo data: the same rows after every reset. */
export function seed(db: Db) {
	seedCompany(db)
	seedSettings(db)
	seedContent(db)
	seedPlaces(db)
	seedMenu(db)
	seedProducts(db)
	seedCharges(db)
	seedTransactions(db)
	seedLists(db)
	seedPayments(db)
}
