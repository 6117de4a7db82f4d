import * as contract from '#app/.server/presenter/contract/content.ts'
import { assertOwnCustomer, implement } from '../implement.ts'

type Row = {
	label_object: string
	type_object: string
	object_value: string
	object_value_2: string
	is_enabled: number
	desc_object: string
}

export const content = [
	implement(contract.getObjectSet, ({ customerID, objectSet }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		// A customer's own row replaces the company row with the same label.
		const rows = db
			.prepare(
				`SELECT label_object, type_object, object_value, object_value_2, is_enabled, desc_object
				 FROM widgets w WHERE object_set = ? AND (id_cust = ? OR (id_cust IS NULL AND NOT EXISTS (
				   SELECT 1 FROM widgets o WHERE o.object_set = w.object_set AND o.id_cust = ?
				   AND lower(o.label_object) = lower(w.label_object))))
				 ORDER BY sort`,
			)
			.all(objectSet, customerID, customerID) as Row[]
		return { dataset: { ObjectSet: rows.map((r) => ({ ...r, is_enabled: r.is_enabled === 1 })) } }
	}),
]
