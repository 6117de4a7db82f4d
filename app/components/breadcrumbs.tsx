import { Link } from 'react-router'

export type Crumb = { label: string; to: string }

/** Products > category > type > class; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
	return (
		<nav aria-label="Breadcrumb" className="breadcrumbs">
			<ol>
				{crumbs.map((crumb, i) => (
					<li key={crumb.to}>
						{i === crumbs.length - 1 ? (
							<span aria-current="page">{crumb.label}</span>
						) : (
							<Link to={crumb.to}>{crumb.label}</Link>
						)}
					</li>
				))}
			</ol>
		</nav>
	)
}
