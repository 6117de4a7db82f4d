import { useEffect, type RefObject } from 'react'
import { useNavigate } from 'react-router'

/**
 * Plain anchors inside `ref` navigate in place once JavaScript runs, as router links would,
 * through one click listener instead of a `<Link>` (and its hooks) per anchor: the product menu,
 * the catalogue sidebar, product cards, list rows, pagers and the footer (decisions 014 and 030).
 * `data-keep-scroll` keeps the scroll position (a product dialog over its list, and closing it):
 * such a link's fragment, if any, is dropped, as it is only how a page loaded without JavaScript
 * gets back to where the list was, and with JavaScript the list never moved. A file
 * (`download`), another window (`target`) or another host is left to the browser, and so is a
 * click an inner container already handled.
 */
export function useDelegatedAnchors(ref: RefObject<HTMLElement | null>) {
	const navigate = useNavigate()
	useEffect(() => {
		const node = ref.current
		if (!node) return
		function onClick(event: MouseEvent) {
			if (event.defaultPrevented || event.button !== 0) return
			if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
			const anchor = event.target instanceof Element ? event.target.closest('a') : null
			if (!anchor?.hasAttribute('href') || anchor.host !== window.location.host) return
			if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
			event.preventDefault()
			const { pathname, search, hash, dataset } = anchor
			const keepScroll = 'keepScroll' in dataset
			void navigate(
				{ pathname, search, hash: keepScroll ? '' : hash },
				{ preventScrollReset: keepScroll },
			)
		}
		node.addEventListener('click', onClick)
		return () => node.removeEventListener('click', onClick)
	}, [navigate, ref])
}
