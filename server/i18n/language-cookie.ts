import { isLanguage, type Language } from './languages'

/**
 * The cookie keeping a person's language choice. It is not a secret and names no one, so
 * the anonymous page cache keys on it instead of treating it as personal (page-cache-key.ts).
 */
export const LANGUAGE_COOKIE = 'lng'

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** The language chosen in a Cookie header, or null. */
export function chosenLanguage(cookieHeader: string | null | undefined): Language | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value
  }
  return null
}

/** Set-Cookie for a choice; only the server reads it (a switch reloads the page). */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}
