import type { Platform } from '#server/platform'
import { verifyAltchaToken } from '#server/security/altcha'
import { checkFormStamp } from './fill-time'
import { FORM_MESSAGES } from './form-messages'

/** The honeypot: hidden from people, tempting to scripts that fill every field. */
export const HONEYPOT_FIELD = 'website'
export const STAMP_FIELD = 'formStartedAt'
export const TOKEN_FIELD = 'rToken'

export type BotCheck = { ok: true; method: 'altcha' | 'no-script' } | { ok: false; message: string }

/**
 * With JavaScript the post carries a solved ALTCHA challenge (rToken), checked and used up
 * here. Without it, the honeypot must be empty, the form must have been open for a few
 * seconds (a signed stamp), and the address must be under its limit of such posts.
 */
export async function checkBot(
  platform: Pick<Platform, 'env' | 'submissionGuard'>,
  input: { tenantId: string; formId: string; ip: string; posted: Readonly<Record<string, string>> },
): Promise<BotCheck> {
  const guard = platform.submissionGuard
  if ((input.posted[HONEYPOT_FIELD] ?? '') !== '') return { ok: false, message: FORM_MESSAGES.botCheckFailed }
  const token = input.posted[TOKEN_FIELD] ?? ''
  if (token) {
    const verified = await verifyAltchaToken(platform.env, token)
    if (!verified.ok || !(await guard.claimChallenge(verified.signature))) return { ok: false, message: FORM_MESSAGES.botCheckFailed }
    return { ok: true, method: 'altcha' }
  }
  const stamp = checkFormStamp(platform.env, input.formId, input.posted[STAMP_FIELD] ?? '')
  if (stamp === 'too-fast') return { ok: false, message: FORM_MESSAGES.tooFast }
  if (stamp === 'invalid') return { ok: false, message: FORM_MESSAGES.botCheckFailed }
  if (!(await guard.allowNoScriptPost(input.tenantId, input.ip))) return { ok: false, message: FORM_MESSAGES.tooManySubmissions }
  return { ok: true, method: 'no-script' }
}
