import { useRef } from 'react'
import { useDelegatedAnchors } from './delegated-anchors.ts'

export function SiteFooter({
	links,
	company,
}: {
	links: Array<{ label: string; to: string }>
	company: { name: string; abn: string }
}) {
	const ref = useRef<HTMLElement>(null)
	useDelegatedAnchors(ref)
	return (
		<footer ref={ref} className="site-footer">
			{links.length ? (
				<nav aria-label="Footer">
					<ul className="site-footer__links">
						{links.map((l) => (
							<li key={l.to}>
								<a href={l.to}>{l.label}</a>
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
