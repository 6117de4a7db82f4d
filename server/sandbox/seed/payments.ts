import { type Db } from '../db.ts'

/** Each customer's overdue balance aged into 60, 90 and 120+ days (summing to balance_overdue). */
const AGING: Array<[id_cust: number, day60: number, day90: number, day120: number]> = [
	[10001, 1842.95, 1020.0, 412.5],
	[10002, 2900.0, 1890.1, 2100.0],
	[10003, 8260.0, 8260.0, 8260.0],
]

export function seedPayments(db: Db) {
	const insert = db.prepare('INSERT INTO account_aging VALUES (?, ?, ?, ?)')
	for (const row of AGING) insert.run(...row)
}
