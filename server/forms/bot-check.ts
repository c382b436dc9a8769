import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { verifyAltchaToken } from '#server/security/altcha'
import { checkFormStamp } from './fill-time'
import { FORM_MESSAGES } from './form-messages'

/** The honeypot: hidden from people, tempting to scripts that fill every field. */
export const HONEYPOT_FIELD = 'website'
export const STAMP_FIELD = 'formStartedAt'
export const TOKEN_FIELD = 'rToken'

/**
 * Passed (and how), or refused with the words to show: forbidden (no proof, a replayed one or a
 * filled honeypot), invalid_input (sent too soon after opening the form), rate_limited (too
 * many posts without JavaScript from one address).
 */
export type BotCheck = WordedResult<'altcha' | 'no-script', 'forbidden' | 'invalid_input' | 'rate_limited'>

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
  if ((input.posted[HONEYPOT_FIELD] ?? '') !== '') return err('forbidden', FORM_MESSAGES.botCheckFailed)
  const token = input.posted[TOKEN_FIELD] ?? ''
  if (token) {
    const verified = await verifyAltchaToken(platform.env, token)
    if (!verified.ok || !(await guard.claimChallenge(verified.value.signature))) return err('forbidden', FORM_MESSAGES.botCheckFailed)
    return ok('altcha')
  }
  const stamp = checkFormStamp(platform.env, input.formId, input.posted[STAMP_FIELD] ?? '')
  if (stamp === 'too-fast') return err('invalid_input', FORM_MESSAGES.tooFast)
  if (stamp === 'invalid') return err('forbidden', FORM_MESSAGES.botCheckFailed)
  if (!(await guard.allowNoScriptPost(input.tenantId, input.ip))) return err('rate_limited', FORM_MESSAGES.tooManySubmissions)
  return ok('no-script')
}
