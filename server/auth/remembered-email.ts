import type { Env } from '#server/env.server'
import { openSecret, sealSecret } from '#server/security/secret-box'
import { readCookieValue } from './session-cookie'

/**
 * "Remember me" offers the email again on the next sign-in (the spec's remember-me data). The
 * cookie holds it sealed (AES-GCM under APP_SECRET), not in clear: whoever reads the cookie
 * jar of a shared front-desk PC learns nothing, and a value written by hand is ignored. It
 * lasts 90 days, not a year (docs/decisions/053).
 */
export const REMEMBERED_EMAIL_COOKIE = 'remember-email'
export const REMEMBERED_EMAIL_DAYS = 90
const PURPOSE = 'remember-email'

type CookieEnv = Pick<Env, 'APP_SECRET' | 'isProduction'>

/** The remembered email, or null when there is none or the cookie is not one we sealed. */
export function readRememberedEmail(env: Pick<Env, 'APP_SECRET'>, cookieHeader: string | null): string | null {
  const value = readCookieValue(cookieHeader, REMEMBERED_EMAIL_COOKIE)
  if (!value || value.length > 1000) return null
  const email = openSecret(env.APP_SECRET, PURPOSE, value)
  return email && email.length <= 320 && email.includes('@') ? email : null
}

/** The Set-Cookie value that remembers `email`, or forgets it when null. */
export function rememberedEmailCookie(env: CookieEnv, email: string | null): string {
  const secure = env.isProduction ? '; Secure' : ''
  if (!email) return `${REMEMBERED_EMAIL_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`
  const sealed = sealSecret(env.APP_SECRET, PURPOSE, email.trim().toLowerCase())
  return `${REMEMBERED_EMAIL_COOKIE}=${sealed}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${REMEMBERED_EMAIL_DAYS * 24 * 60 * 60}${secure}`
}
