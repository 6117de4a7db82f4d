import { useEffect, type RefObject } from 'react'
import { useNavigate } from 'react-router'

/**
 * Plain anchors inside `ref` navigate in place once JavaScript runs, as router links would: for an
 * island of server HTML (html-island.tsx), whose anchors React does not render. As a Link does, a
 * click on a link to the current address replaces the history entry rather than adding one. A
 * file (`download`), another window (`target`) or another host is left to the browser, and so is
 * a click an inner container already handled.
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
			const { pathname, search, hash } = anchor
			const here = window.location
			const same = pathname + search + hash === here.pathname + here.search + here.hash
			void navigate({ pathname, search, hash }, { replace: same })
		}
		node.addEventListener('click', onClick)
		return () => node.removeEventListener('click', onClick)
	}, [navigate, ref])
}
