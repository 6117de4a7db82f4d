import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { useDelegatedAnchors } from './delegated-anchors.ts'
import { type MenuCategory } from '#app/.server/presenter/catalogue.ts'

/**
 * The product menu tree (docs/decisions/014-product-menu-island.md) is rendered once, by the
 * server, for both screen sizes: CSS lays it out as the desktop mega panel or the phone's
 * drill-down. Its markup is made once per menu (entry.server, with `MenuTree`) and reaches the page
 * through this context, never the loader payload; the browser keeps the server's HTML as it is when
 * it hydrates, and its plain anchors navigate in place once JavaScript runs.
 */
export const ServerMenuContext = createContext<string | null>(null)

const path = (...ids: string[]) => ['/products', ...ids].join('/')

/**
 * One level of the drill-down: on a phone the summary opens the level (and is the way back); on a
 * desktop the summary is hidden, the level always shown, and a heading link stands for it.
 */
function Level({
	name,
	href,
	className,
	children,
}: {
	name: string
	href: string
	className: string
	children: React.ReactNode
}) {
	return (
		<li className={className}>
			<a className="menu-heading" href={href}>
				{name}
			</a>
			<details className="drill">
				<summary>{name}</summary>
				<ul>
					<li className="menu-all">
						<a href={href}>{`All ${name}`}</a>
					</li>
					{children}
				</ul>
			</details>
		</li>
	)
}

export function MenuTree({ menu }: { menu: MenuCategory[] }) {
	return (
		<ul className="menu-tree">
			<li className="menu-tree__all">
				<a href="/products">All Products</a>
			</li>
			{menu.map((category) => (
				<Level
					key={category.id}
					name={category.name}
					href={path(category.id)}
					className="menu-category"
				>
					{category.types.map((type) => (
						<Level
							key={type.id}
							name={type.name}
							href={path(category.id, type.id)}
							className="menu-type"
						>
							{type.classes.map((cls) => (
								<li key={cls.id}>
									<a href={path(category.id, type.id, cls.id)}>{cls.name}</a>
								</li>
							))}
						</Level>
					))}
				</Level>
			))}
		</ul>
	)
}

/**
 * The menu island. Mounted in the browser without server HTML (the portal shown after an error
 * boundary), it offers the catalogue's index instead.
 */
export function ProductMenu() {
	const menu = useContext(ServerMenuContext)
	const ref = useRef<HTMLDivElement>(null)
	const [missing, setMissing] = useState(false)
	useDelegatedAnchors(ref)
	useEffect(() => {
		if (ref.current && !ref.current.firstElementChild) setMissing(true)
	}, [])
	if (missing) {
		return (
			<ul className="menu-tree">
				<li className="menu-tree__all">
					<a href="/products">All Products</a>
				</li>
			</ul>
		)
	}
	// The server's markup; in the browser hydration keeps the server's children of an element
	// rendered with dangerouslySetInnerHTML.
	return (
		<div
			ref={ref}
			className="menu-island"
			suppressHydrationWarning
			dangerouslySetInnerHTML={{ __html: menu ?? '' }}
		/>
	)
}
