import { type Implementation } from '../implement.ts'
import { auth } from './auth.ts'
import { cart } from './cart.ts'
import { catalogue } from './catalogue.ts'
import { checkout } from './checkout.ts'
import { config } from './config.ts'
import { content } from './content.ts'
import { copyToCart } from './copy-to-cart.ts'
import { downloads } from './downloads.ts'
import { invoices } from './invoices.ts'
import { lists } from './lists.ts'
import { pricebook } from './pricebook.ts'
import { statements } from './statements.ts'
import { payments } from './payments.ts'
import { support } from './support.ts'
import { transactionEmails } from './transaction-emails.ts'
import { transactions } from './transactions.ts'
import { users } from './users.ts'

/** Every operation the sandbox implements, keyed by presenter function name. */
export const implementations: ReadonlyMap<string, Implementation> = new Map(
	[
		...auth,
		...users,
		...config,
		...content,
		...downloads,
		...catalogue,
		...cart,
		...checkout,
		...transactions,
		...transactionEmails,
		...copyToCart,
		...invoices,
		...statements,
		...lists,
		...pricebook,
		...payments,
		...support,
	].map((i) => [i.op.fn, i]),
)
