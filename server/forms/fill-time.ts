import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Env } from '#server/env.server'

/** A person reads and fills in even a short form in more than this; a script posts at once. */
export const MIN_FILL_MS = 3000
/** A form left open longer than this is shown again with a fresh stamp. */
export const MAX_FILL_MS = 24 * 3600 * 1000

function signatureOf(env: Pick<Env, 'APP_SECRET'>, formId: string, issuedAt: number): string {
  return createHmac('sha256', env.APP_SECRET).update(`form-started:${formId}:${issuedAt}`).digest('base64url').slice(0, 32)
}

/** The signed time the form was shown, posted back in a hidden field. */
export function issueFormStamp(env: Pick<Env, 'APP_SECRET'>, formId: string, now = Date.now()): string {
  return `${now}.${signatureOf(env, formId, now)}`
}

export type StampCheck = 'ok' | 'too-fast' | 'invalid'

export function checkFormStamp(env: Pick<Env, 'APP_SECRET'>, formId: string, stamp: string, now = Date.now()): StampCheck {
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{32})$/.exec(stamp)
  if (!match) return 'invalid'
  const issuedAt = Number(match[1])
  const expected = Buffer.from(signatureOf(env, formId, issuedAt))
  const given = Buffer.from(match[2])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid'
  const elapsed = now - issuedAt
  if (elapsed < 0 || elapsed > MAX_FILL_MS) return 'invalid'
  return elapsed < MIN_FILL_MS ? 'too-fast' : 'ok'
}
