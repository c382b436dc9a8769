import { looksLikeToken } from './session-token'

/** The session cookie's name (the auth contract every route relies on). */
export const SESSION_COOKIE = '__session'

/** A remembered browser keeps the cookie across restarts; the server's idle time-out still ends it. */
const REMEMBER_ME_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

export interface CookieOptions {
  secure: boolean
}

export function readCookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=')
    if (index === -1) continue
    if (part.slice(0, index).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(index + 1).trim())
    } catch {
      return null
    }
  }
  return null
}

/** The session token carried by a request, when it has the shape of one of ours. */
export function readSessionToken(cookieHeader: string | null | undefined): string | null {
  const value = readCookieValue(cookieHeader, SESSION_COOKIE)
  return looksLikeToken(value) ? value : null
}

export function sessionCookie(token: string, options: CookieOptions & { rememberMe: boolean }): string {
  const parts = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']
  if (options.rememberMe) parts.push(`Max-Age=${REMEMBER_ME_MAX_AGE_SECONDS}`)
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

export function clearedSessionCookie(options: CookieOptions): string {
  const parts = [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0']
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}
