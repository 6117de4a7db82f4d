/** The columns of spec part 1 §2 Orders & Quotes, in order; all visible by default. */
export const ORDER_COLUMNS = [
	['transactionNumber', 'Order No'],
	['transactionType', 'Type'],
	['deliveryDate', 'Delivery Date'],
	['branchID', 'Branch'],
	['customerOrderNumber', 'Order Ref'],
	['shipAddress1', 'Delivery Address'],
	['jobName', 'Job Name'],
	['transactionAmount', 'Amount'],
] as const
export type OrderColumn = (typeof ORDER_COLUMNS)[number][0]
