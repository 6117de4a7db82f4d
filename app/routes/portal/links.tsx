import { type Route } from './+types/links'
import { startCustomer } from '#app/.server/request/context.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/** An address without http(s) gets '//' so it is not taken as a path on the portal. */
const linkHref = (url: string) => (/^https?:\/\//i.test(url) ? url : `//${url.replace(/^\/+/, '')}`)

export async function loader({ context }: Route.LoaderArgs) {
	const { presenter } = startCustomer(context)
	const links = await presenter.content.getObjectSet('Links').catch(toRouteError)
	return {
		links: links
			.filter((l) => l.is_enabled && l.object_value.trim())
			.map((l) => ({
				label: l.label_object,
				description: l.desc_object,
				href: linkHref(l.object_value.trim()),
			})),
	}
}

export default function LinksRoute({ loaderData }: Route.ComponentProps) {
	return (
		<div>
			<h1>Helpful Links</h1>
			{loaderData.links.length ? (
				<ul className="cards link-cards">
					{loaderData.links.map((link) => (
						<li key={link.href + link.label} className="card">
							<h2 className="card__title">{link.label}</h2>
							{link.description ? <p className="card__detail">{link.description}</p> : null}
							<a className="button" href={link.href} target="_blank" rel="noopener noreferrer">
								Open Link<span className="visually-hidden"> {link.label} (opens a new tab)</span>
							</a>
						</li>
					))}
				</ul>
			) : (
				<p className="empty-state">No Results Found</p>
			)}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Helpful Links | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
