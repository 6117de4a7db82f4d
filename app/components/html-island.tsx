import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useDelegatedAnchors } from './delegated-anchors.ts'

/**
 * Server-rendered HTML islands (docs/decisions/014-product-menu-island.md): navigation that is the
 * same for every customer, rendered to a string once per source by its component's `.server`
 * module and carried only by the server render of a page, never the loader payload. A loader
 * names it for this request (`setIsland`, html-island.server.ts); entry.server hands this
 * request's islands to the render (`IslandsProvider`); `HtmlIsland` puts one in the page.
 */

const IslandsContext = createContext<Record<string, string>>({})
export const IslandsProvider = IslandsContext

/** Marks the island's link to `pathname` as the current page, in a string of its markup. */
function markCurrent(html: string, pathname: string) {
	return html.replace(`href="${pathname}"`, `href="${pathname}" aria-current="page"`)
}

/**
 * An island in the page. The browser keeps the server's HTML as it is when it hydrates (an element
 * rendered with dangerouslySetInnerHTML keeps its server children); its plain anchors navigate in
 * place once JavaScript runs (useDelegatedAnchors), and the current page's link is marked on the
 * server and again after each navigation. Mounted in the browser without server HTML (a page shown
 * after an error boundary), it shows `fallback`.
 */
export function HtmlIsland({
	name,
	className,
	fallback,
}: {
	name: string
	className?: string
	fallback: React.ReactNode
}) {
	const html = useContext(IslandsContext)[name]
	const { pathname } = useLocation()
	const ref = useRef<HTMLDivElement>(null)
	const [missing, setMissing] = useState(false)
	useDelegatedAnchors(ref)
	useEffect(() => {
		const node = ref.current
		if (!node) return
		if (!node.firstElementChild) return setMissing(true)
		for (const a of node.querySelectorAll('a')) {
			if (a.pathname === pathname) a.setAttribute('aria-current', 'page')
			else a.removeAttribute('aria-current')
		}
	}, [pathname])
	if (missing) return fallback
	return (
		<div
			ref={ref}
			className={className}
			suppressHydrationWarning
			// Only the server has the markup: the browser keeps what it rendered (so its build does not
			// carry the marking).
			dangerouslySetInnerHTML={{
				__html: import.meta.env.SSR && html ? markCurrent(html, pathname) : '',
			}}
		/>
	)
}
