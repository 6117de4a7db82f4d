import { data, Form, Link } from 'react-router'
import { type Route } from './+types/detail'
import { LIST_INTENTS } from './intents.ts'
import { ListIntentSchema } from './detail.forms.ts'
import { extendedPrice, loadList, tallyText } from './lists.server.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'
import { copiedNotice, copyAndCompare } from '#app/.server/cart/copy-to-cart.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { type Cents } from '#app/utils/money.ts'
import { invalid, presenterFailure, parseForm } from '#app/.server/request/forms.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { ConfirmDialog, TrashIcon } from '#app/components/confirm-dialog.tsx'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { DataTable } from '#app/components/list-table.tsx'

/**
 * A list: its lines, Copy List to Cart, Download List (CSV) and, for Custom lists,
 * a per-line remove and Delete list (confirmed in `?dialog=delete`). shopping_cart_disabled hides
 * copy and download.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { settings } = await getCustomer(context)
	const list = await loadList(context, params.id)
	const here = `/custom-lists/${list.cartSessionId}`
	const money = (n: Cents) => (n > 0 ? displayFormat(settings).money(n) : '')
	const editable = list.type === 'Custom'
	return {
		here,
		name: list.name,
		editable,
		cart: !settings.shopping_cart_disabled,
		confirmDelete: editable && pageUrl(request).searchParams.get('dialog') === 'delete',
		lines: list.contents.map((line) => ({
			id: String(line.lineID),
			lineID: line.lineID,
			productID: line.productID,
			tally: tallyText(line),
			cells: {
				prodDesc: line.prodDesc,
				productID: line.productID,
				prodQty: String(line.prodQty),
				UOM: line.UOM,
				unitPrice: money(line.unitPrice),
				extended: money(extendedPrice(line)),
				remove: '',
			},
		})),
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const { presenter, settings, cart } = await getCustomer(context)
	const submission = await parseForm(request, ListIntentSchema)
	if (submission.status !== 'success') return invalid(submission)
	const list = await loadList(context, params.id)
	const here = `/custom-lists/${list.cartSessionId}`
	const value = submission.value
	const done = (message: string, to = here) => redirectWithFlash(getSession(context), to, message)
	if (value.intent === LIST_INTENTS.copyToCart && settings.shopping_cart_disabled)
		throw data('The cart is not available', { status: 403 })
	if (value.intent !== LIST_INTENTS.copyToCart && list.type !== 'Custom')
		throw data('Generic lists cannot be changed', { status: 403 })
	try {
		switch (value.intent) {
			case LIST_INTENTS.copyToCart: {
				const cartId = await cart.id()
				const originals = list.contents.map((l) => ({
					productID: l.productID,
					productDesc: l.prodDesc,
					unitPrice: l.unitPrice,
				}))
				// The presenter's reply also names products it could not copy.
				const copied = await copyAndCompare(
					presenter,
					cartId,
					originals,
					async () =>
						(await presenter.lists.copyToCart(list.cartSessionId, cartId)) || 'Custom list copied',
					// A list's prices are on the cart's basis.
					{ exGst: false, taxInclusive: settings.tax_inclusive },
				)
				return redirectWithFlash(getSession(context), here, copiedNotice(copied, settings))
			}
			case LIST_INTENTS.removeLine:
				await presenter.lists.removeLine(list.cartSessionId, value)
				return done('product removed')
			case LIST_INTENTS.delete:
				await presenter.lists.delete(list.cartSessionId)
				return done('Custom list deleted', '/custom-lists')
		}
	} catch (error) {
		return presenterFailure(submission, error, 'Something went wrong.')
	}
}

const COLUMNS = [
	{ key: 'prodDesc', label: 'Description' },
	{ key: 'productID', label: 'SKU' },
	{ key: 'prodQty', label: 'Qty', numeric: true },
	{ key: 'UOM', label: 'UOM' },
	{ key: 'unitPrice', label: 'Unit Price', numeric: true },
	{ key: 'extended', label: 'Extended Price', numeric: true },
] as const

export default function CustomListRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { here, name, editable, cart, confirmDelete, lines } = loaderData
	const columns = editable ? [...COLUMNS, { key: 'remove', label: 'Remove' } as const] : COLUMNS
	return (
		<div className="account-area custom-list">
			<Breadcrumbs
				crumbs={[
					{ label: 'Custom Lists', to: '/custom-lists' },
					{ label: name, to: here },
				]}
			/>
			<h1>{name}</h1>
			{editable ? null : (
				<p className="account-area__note">A generic list from us: it cannot be changed.</p>
			)}
			<FormErrorDialog result={actionData} errors={actionData?.error?.['']} closeTo={here} />
			<div className="account-area__actions">
				{cart && lines.length ? (
					<>
						<Form method="post" action={here} className="inline-form">
							<SubmissionKey />
							<StatusButton
								className="button button--primary"
								name="intent"
								value={LIST_INTENTS.copyToCart}
							>
								Copy List to Cart
							</StatusButton>
						</Form>
						<a className="button" href={`${here}/download`} download>
							Download List
						</a>
					</>
				) : null}
				{editable ? (
					<Link className="button" to={`${here}?dialog=delete`} preventScrollReset>
						Delete list
					</Link>
				) : null}
			</div>
			{lines.length === 0 ? (
				<p className="empty-state">No items in this list yet.</p>
			) : (
				<DataTable
					caption={`Items of ${name}`}
					columns={columns}
					rows={lines}
					cell={(key, line) => {
						if (key === 'prodDesc' && line.tally)
							return (
								<span>
									{line.cells.prodDesc}
									<span className="custom-list__tally">{line.tally}</span>
								</span>
							)
						if (key === 'remove')
							return (
								<Form method="post" action={here} preventScrollReset>
									<SubmissionKey />
									<input type="hidden" name="lineID" value={line.lineID} />
									<input type="hidden" name="productID" value={line.productID} />
									<StatusButton
										className="icon-button"
										name="intent"
										value={LIST_INTENTS.removeLine}
										match={{ lineID: String(line.lineID) }}
										aria-label={`Remove ${line.cells.prodDesc}`}
									>
										<TrashIcon />
									</StatusButton>
								</Form>
							)
						return undefined
					}}
				/>
			)}
			{confirmDelete ? (
				<ConfirmDialog
					title="Delete list"
					here={here}
					intent={LIST_INTENTS.delete}
					confirm="Delete list"
				>
					<p>Delete the list ‘{name}’? This cannot be undone.</p>
				</ConfirmDialog>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.name ?? 'Custom List'} | Trade Portal` },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
