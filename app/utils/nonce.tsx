import { createContext, useContext } from 'react'

const NonceContext = createContext<string>('')

/** The request's CSP nonce, given on the server only; browsers hide nonces after load anyway. */
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
