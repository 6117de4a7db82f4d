import { Link } from 'react-router'
import { type Route } from './+types/index'
import { loadLists } from './lists.server.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/** Custom Lists: the supplier's Generic lists and the customer's own. */
export async function loader({ context }: Route.LoaderArgs) {
	const lists = (await loadLists(context)).map((l) => ({
		id: l.cartSessionId,
		name: l.name,
		type: l.type,
		lines: l.contents.length,
	}))
	return {
		generic: lists.filter((l) => l.type === 'Generic'),
		custom: lists.filter((l) => l.type === 'Custom'),
	}
}

function ListGroup({
	id,
	title,
	lists,
	empty,
}: {
	id: string
	title: string
	lists: Route.ComponentProps['loaderData']['custom']
	empty?: string
}) {
	return (
		<section className="list-group" aria-labelledby={id}>
			<h2 id={id}>{title}</h2>
			{lists.length === 0 ? (
				empty ? (
					<p className="empty-state">{empty}</p>
				) : null
			) : (
				<ul className="list-group__items">
					{lists.map((l) => (
						<li key={l.id}>
							<Link to={`/custom-lists/${l.id}`}>{l.name}</Link>
							<span className="list-group__count">
								{l.lines === 1 ? '1 item' : `${l.lines} items`}
							</span>
						</li>
					))}
				</ul>
			)}
		</section>
	)
}

export default function CustomListsRoute({ loaderData }: Route.ComponentProps) {
	const { generic, custom } = loaderData
	return (
		<div className="account-area custom-lists">
			<h1>Custom Lists</h1>
			{generic.length ? (
				<ListGroup id="generic-lists" title="Generic Lists" lists={generic} />
			) : null}
			<ListGroup
				id="my-custom-lists"
				title="My Custom Lists"
				lists={custom}
				empty="No custom lists saved yet."
			/>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Custom Lists | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
