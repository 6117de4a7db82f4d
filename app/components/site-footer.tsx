import { NavLink } from 'react-router'

export function SiteFooter({
	links,
	company,
}: {
	links: Array<{ label: string; to: string }>
	company: { name: string; abn: string }
}) {
	return (
		<footer className="site-footer">
			{links.length ? (
				<nav aria-label="Footer">
					<ul className="site-footer__links">
						{links.map((l) => (
							<li key={l.to}>
								<NavLink to={l.to}>{l.label}</NavLink>
							</li>
						))}
					</ul>
				</nav>
			) : null}
			<p className="site-footer__company">
				{company.name}
				{company.abn ? ` · ABN ${company.abn}` : ''}
			</p>
		</footer>
	)
}
