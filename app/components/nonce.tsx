import { createContext, useContext } from 'react'

// NOTE: browsers hide nonce attributes from the DOM after parsing, so the client value is ''.
const NonceContext = createContext('')

// The context itself is its provider (React 19): no property read left in the browser's build.
export const NonceProvider = NonceContext

/** The CSP nonce of this response, for inline <style>/<script> elements. */
export function useNonce() {
	return useContext(NonceContext)
}
