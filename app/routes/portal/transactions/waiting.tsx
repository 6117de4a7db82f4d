import { Link } from 'react-router'
import { WAITING_INTENTS } from './intents.ts'
import { type KeptOrderView } from '#app/.server/orders/queued.ts'
import { RowAction } from './row-action.tsx'

/**
 * Orders the user sent while the ordering system was down, newest first, with what became of
 * each: waiting to be sent, placed (a link to the order), sent for approval, or not placed — one
 * whose total changed can be placed at the new total, or cancelled.
 */
export function KeptOrders({ orders }: { orders: KeptOrderView[] }) {
	if (!orders.length) return <p className="empty-state">No orders waiting to be sent.</p>
	return (
		<ul className="approvals__mine" aria-label="Orders sent while the system was down">
			{orders.map((o) => (
				<li key={o.id} className="approval">
					<h2>
						Sent {o.sent}
						{o.total ? ` · ${o.total}` : ''}
					</h2>
					<p>
						<strong>{o.statusLabel}</strong>
						{o.status === 'placed' && o.orderNumber ? (
							<>
								{': '}
								<Link to={`/orders/${o.orderNumber}-0`}>order {o.orderNumber}</Link>
							</>
						) : null}
						{o.status === 'approval' ? (
							<>
								{': '}
								<Link to="/orders?type=approval">see Awaiting approval</Link>
							</>
						) : null}
						{o.message && o.status !== 'approval' ? ` ${o.message}` : ''}
					</p>
					<p className="approval__summary">
						{o.lines.map((l) => `${l.quantity} ${l.productID} ${l.description}`).join(', ')}
					</p>
					{o.status === 'total-changed' && o.newTotal ? (
						<RowAction
							action="/orders?type=waiting"
							id={o.id}
							intent={WAITING_INTENTS.confirm}
							label={`Place it at ${o.newTotal.shown}`}
						>
							<input type="hidden" name="seen" value={o.newTotal.cents} />
						</RowAction>
					) : null}
					{o.status === 'waiting' || o.status === 'total-changed' ? (
						<RowAction
							action="/orders?type=waiting"
							id={o.id}
							intent={WAITING_INTENTS.cancel}
							label="Cancel it"
						/>
					) : null}
				</li>
			))}
		</ul>
	)
}
