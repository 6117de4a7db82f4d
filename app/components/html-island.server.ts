import { createContext, type RouterContextProvider } from 'react-router'

/**
 * This request's server-rendered HTML islands by name (html-island.tsx, docs/decisions/014): a
 * loader names one (`setIsland`), entry.server hands them to the render. Server-only, so the
 * browser's build does not carry it.
 */
export const islandsContext = createContext<Record<string, string>>({})

/** Puts an island's markup into this request's page. */
export function setIsland(context: Readonly<RouterContextProvider>, name: string, html: string) {
	context.set(islandsContext, { ...context.get(islandsContext), [name]: html })
}
