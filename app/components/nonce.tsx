import { createContext, useContext } from 'react'

// NOTE: browsers hide nonce attributes from the DOM after parsing, so the client value is ''.
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

/** The CSP nonce of this response, for inline <style>/<script> elements. */
export function useNonce() {
	return useContext(NonceContext)
}
