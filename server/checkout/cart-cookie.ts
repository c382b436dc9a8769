import { createHash, randomBytes } from 'node:crypto'
import { readCookieValue } from '#server/auth/session-cookie'

/** The cookie that names a visitor's cart: a random secret; the database keeps only its SHA-256. */
export const CART_COOKIE = 'cart'

/** A cart outlives a browsing session: a visitor who comes back next week finds it. */
const CART_MAX_AGE_SECONDS = 60 * 60 * 24 * 30

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function newCartToken(): string {
  return randomBytes(32).toString('base64url')
}

export function cartTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The cart secret this request carries (in the named cookie), or null when it carries none (or something we never made). */
export function readCartToken(request: Request, cookie: string = CART_COOKIE): string | null {
  const value = readCookieValue(request.headers.get('Cookie'), cookie)
  return value !== null && TOKEN_SHAPE.test(value) ? value : null
}

export function cartCookieHeader(token: string, secure: boolean, cookie: string = CART_COOKIE): string {
  return `${cookie}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${CART_MAX_AGE_SECONDS}${secure ? '; Secure' : ''}`
}
