import { data, Link } from 'react-router'
import { type Route } from './+types/index'
import { usersListFailure } from './admin.server.ts'
import { requireArea } from '#app/.server/guard/access.ts'
import { getCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { DataTable } from '#app/components/list-table.tsx'

/**
 * Account Admin: welcome, customer details, account status, balances and the
 * customer's user accounts. One parallel round; without user details the page says so ('Could
 * not load user details') and, not knowing the user's role, shows no user accounts.
 */
export async function loader({ context }: Route.LoaderArgs) {
	const { presenter, settings } = await getCustomer(context)
	const [, user, customer, users] = await Promise.allSettled([
		requireArea(context, 'accountAdmin'),
		presenter.users.getDetails(),
		presenter.users.getCustomer(),
		presenter.users.listMobileUsers(),
	]).then((results) => {
		// Access is decided first: a refused page shows nothing else.
		if (results[0].status === 'rejected') throw results[0].reason
		return results
	})
	if (user.status === 'fulfilled' && user.value.roleID !== 'admin')
		throw data('Only an administrator can manage user accounts', { status: 403 })
	if (customer.status === 'rejected') toRouteError(customer.reason)
	const { money } = displayFormat(settings)
	const details = user.status === 'fulfilled' ? user.value : null
	if (details && users.status === 'rejected') usersListFailure(users.reason)
	return {
		user: details && {
			name: `${details.name_first} ${details.name_last}`,
			status: details.account_status,
			balances: [
				['Current balance', money(details.current_balance)],
				['30 days', money(details.balance_30_day)],
				['Overdue balance', money(details.balance_overdue)],
			] as const,
		},
		customer: customer.value,
		users:
			details && users.status === 'fulfilled'
				? users.value.map((u) => {
						const d = u.MobileUserDetail[0]!
						return {
							id: String(u.custContactID),
							href: `/admin/account/${u.custContactID}`,
							role: u.roleID,
							cells: {
								name: `${d.firstName} ${d.lastName}`,
								tpauserID: u.tpauserID,
								emailAddress: d.emailAddress,
								roleID: u.roleID,
								status: u.canAccessTPWeb ? 'Active' : 'Inactive',
							},
						}
					})
				: null,
	}
}

const USER_COLUMNS = [
	{ key: 'name', label: 'Name' },
	{ key: 'tpauserID', label: 'Username' },
	{ key: 'emailAddress', label: 'Email' },
	{ key: 'roleID', label: 'Role' },
	{ key: 'status', label: 'Status' },
] as const

export default function AdminRoute({ loaderData }: Route.ComponentProps) {
	const { user, customer, users } = loaderData
	const address = [
		customer.billAddress,
		[customer.billSuburb, customer.billState, customer.billPostCode].filter(Boolean).join(' '),
	].filter(Boolean)
	const phones = [
		['Phone', customer.phoneHome],
		['Fax', customer.faxBusiness],
		['Mobile', customer.phoneMobile],
	].filter(([, value]) => value)
	return (
		<div className="account-area admin">
			{user ? <h1>Welcome, {user.name}</h1> : <h1>Account Admin</h1>}
			{user ? null : <p className="form-error">Could not load user details</p>}
			<div className="admin__cards">
				<section className="admin__card" aria-labelledby="customer-heading">
					<h2 id="customer-heading">Customer Details</h2>
					<dl className="details">
						<div>
							<dt>Customer</dt>
							<dd>{customer.customerName}</dd>
						</div>
						<div>
							<dt>Account number</dt>
							<dd>{customer.customerID}</dd>
						</div>
						<div>
							<dt>Billing address</dt>
							<dd>
								{address.map((line) => (
									<span key={line} className="details__line">
										{line}
									</span>
								))}
							</dd>
						</div>
						{phones.map(([label, value]) => (
							<div key={label}>
								<dt>{label}</dt>
								<dd>{value}</dd>
							</div>
						))}
					</dl>
				</section>
				{user ? (
					<section className="admin__card" aria-labelledby="status-heading">
						<h2 id="status-heading">Account Status</h2>
						<p
							className={`account-status account-status--${user.status === 'Active' ? 'ok' : 'alert'}`}
						>
							{user.status}
						</p>
						<h3>Balances</h3>
						<dl className="details">
							{user.balances.map(([label, value]) => (
								<div key={label}>
									<dt>{label}</dt>
									<dd>{value}</dd>
								</div>
							))}
						</dl>
					</section>
				) : null}
			</div>
			{users ? (
				<section aria-labelledby="users-heading">
					<div className="admin__users-header">
						<h2 id="users-heading">User Accounts</h2>
						<Link className="button button--primary" to="/admin/account/new">
							Add New Account
						</Link>
					</div>
					{users.length === 0 ? (
						<p className="empty-state">No users found</p>
					) : (
						<DataTable
							caption="User accounts"
							columns={USER_COLUMNS}
							rows={users}
							cell={(key, row) =>
								key === 'roleID' ? (
									<span className={`badge badge--${row.role}`}>{row.role}</span>
								) : undefined
							}
						/>
					)}
				</section>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Account Admin | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
