import { createHmac } from 'node:crypto'
import { createChallenge, verifySolution } from 'altcha-lib'
import type { Challenge } from 'altcha-lib/types'
import { z } from 'zod'
import type { Env } from '#server/env.server'
import { err, ok, type Result } from '#server/errors/result'

/**
 * ALTCHA: a self-hosted proof of work instead of a captcha service. The browser fetches a
 * challenge signed with our key, finds the number whose hash matches, and posts the solution
 * with the form as `rToken`; the server checks the signature, the expiry and the work.
 *
 * Difficulty: 10,000 hashes on average, well under a second on a phone in a worker, while a
 * spammer pays the same for every single post and may use each challenge once
 * (docs/decisions/042).
 */
export const ALTCHA_MAX_NUMBER = 20_000
export const ALTCHA_TTL_MS = 20 * 60 * 1000

export function altchaKey(env: Pick<Env, 'APP_SECRET'>): string {
  return createHmac('sha256', env.APP_SECRET).update('altcha challenge key').digest('hex')
}

export async function createAltchaChallenge(env: Pick<Env, 'APP_SECRET'>, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    hmacKey: altchaKey(env),
    maxnumber: ALTCHA_MAX_NUMBER,
    expires: new Date(now + ALTCHA_TTL_MS),
  })
}

const payloadSchema = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string().regex(/^[0-9a-f]{16,128}$/),
  number: z.number().int().min(0).max(ALTCHA_MAX_NUMBER),
  salt: z.string().min(1).max(200),
  signature: z.string().regex(/^[0-9a-f]{16,128}$/),
})

/** The solved challenge's signature, or forbidden for a token that proves nothing. */
export type VerifiedAltcha = Result<{ signature: string }, 'forbidden'>

/**
 * Checks a posted rToken (the widget's base64 JSON payload). Returns the challenge signature,
 * which names the challenge: a caller refuses a second use of the same one.
 */
export async function verifyAltchaToken(env: Pick<Env, 'APP_SECRET'>, token: string): Promise<VerifiedAltcha> {
  if (!token || token.length > 2000) return err('forbidden')
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'))
  } catch {
    return err('forbidden')
  }
  const parsed = payloadSchema.safeParse(decoded)
  if (!parsed.success) return err('forbidden')
  const valid = await verifySolution(parsed.data, altchaKey(env), true).catch(() => false)
  return valid ? ok({ signature: parsed.data.signature }) : err('forbidden')
}
