/**
 * The rows of the sandbox tables (the schema is in schema.ts), one type per table. A query that
 * selects some of the columns reads a Pick or Omit of its table's row.
 */
import { type TransactionType } from '#app/.server/presenter/contract/transactions.ts'

/** products.stockStatus (a CHECK constraint). */
export type StockStatus = 'InStock' | 'LowStock' | 'SpecialOrder'

/**
 * A catalogue product of `products`. Charge products (delivery charges) have NULL category, type
 * and class; queries that read them either select them apart or turn NULL into ''.
 */
export type ProductRow = {
	productID: string
	productShortDesc: string
	productLongDesc: string
	prodCategory: string
	prodType: string
	prodClass: string
	productImage: string
	productFiles: string
	fileTypes: string
	productGallery: string
	stockStatus: StockStatus
	/** Ex GST, dollars. All three 0 = price on application. */
	RRP: number
	TradePrice: number
	BestPrice: number
	uoms: string
	isTally: 0 | 1
	searchText: string
}

/** An order, quote or invoice of `transactions`. Amounts are dollars. */
export type TransactionRow = {
	id: number
	transactionNumber: number
	transactionSuffix: number
	transactionType: TransactionType
	id_cust: number
	id_user: number | null
	deliveryDate: string
	invoiceDate: string
	branchID: number
	customerOrderNumber: string
	nameCharge: string
	nameShip: string
	jobName: string
	shipAddress1: string
	shipAddress2: string
	shipAddress3: string
	comment_tportal: string
	transactionTotalAmountExcGST: number
	transactionTotalGST: number
	transactionTotalAmountIncGST: number
	transactionAmount: number
	despatchMethod: string
	dateRequired: string
	buildersContact: string
	contactPhone: string
	contactMobile: string
	contactEmail: string
	contactOnSite: number
	vehicleType: number
	latitude: number
	longitude: number
	distanceKm: number
	cartSessionId: string | null
	created_at: string
	idempotency_key: string | null
	accepted_at: string | null
	accepted_by: number | null
	accepted_delivery_date: string | null
	accepted_comment: string | null
}

/** A line of `transaction_lines`. Prices are dollars. */
export type TransactionLineRow = {
	transaction_id: number
	lineNum: number
	productCode: string
	productDesc: string
	quantity: number
	unitOfMeasure: string
	unitPrice: number
	linePrice: number
}
