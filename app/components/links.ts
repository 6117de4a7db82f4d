import { useHydrated } from 'remix-utils/use-hydrated'

/**
 * A link's address without the fragment that only a page without JavaScript needs. The fragment is
 * how a page loaded again lands back where it was (a product's card after its dialog closes, the
 * list after Add to cart); with JavaScript the page never moved, and React Router would scroll to
 * the fragment, so once hydrated it is dropped.
 */
export function useNoScriptFragment(href: string) {
	return useHydrated() ? href.split('#')[0]! : href
}
