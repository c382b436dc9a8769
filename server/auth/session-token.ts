import { createHash, randomBytes } from 'node:crypto'

/** A new bearer secret: 32 random bytes, base64url, for a session cookie or an emailed link. */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps instead of the token: a leaked table gives nobody a session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** Tokens we issue are exactly 43 base64url characters; anything else is not looked up. */
export function looksLikeToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
}
