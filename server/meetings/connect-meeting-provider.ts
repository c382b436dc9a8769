import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { saveMeetingConnection } from './meeting-connections'
import { consentUrl, exchangeCode, fetchAccountEmail, newPendingConnection, pendingCookieValue, readPendingCookie, sameState } from './meeting-oauth'
import { isMeetingProviderConfigured, MEETING_MESSAGES, meetingProviderConfig, type MeetingEnv, type MeetingProvider } from './meeting-providers'

/** Connect: where to send the browser, and the cookie that keeps the state and verifier until it is back. */
export function startMeetingConnection(env: MeetingEnv, input: { provider: MeetingProvider; origin: string }): WordedResult<{ consentUrl: string; cookieValue: string }, 'unavailable'> {
  const config = meetingProviderConfig(env, input.provider)
  if (!isMeetingProviderConfigured(config)) return err('unavailable', MEETING_MESSAGES.notConfigured(config.name))
  const pending = newPendingConnection()
  return ok({ consentUrl: consentUrl(config, { pending, redirectUri: `${input.origin}${config.callbackPath}` }), cookieValue: pendingCookieValue(pending) })
}

/**
 * The provider's answer at the callback: the state must be the one this browser was given, then
 * the code is traded for tokens, which are stored sealed. Refused answers write nothing.
 */
export async function completeMeetingConnection(
  platform: Pick<Platform, 'database' | 'env' | 'logger'>,
  tenantId: string,
  input: { provider: MeetingProvider; code: string | null; state: string | null; error: string | null; cookieValue: string | null; origin: string; actorContactId: string; now: Date },
): Promise<WordedResult<{ name: string }, 'invalid_input' | 'unavailable'>> {
  const config = meetingProviderConfig(platform.env, input.provider)
  const pending = readPendingCookie(input.cookieValue)
  if (!pending || !sameState(pending.state, input.state)) return err('invalid_input', MEETING_MESSAGES.stateMismatch)
  if (input.error || !input.code) return err('unavailable', MEETING_MESSAGES.failed(config.name))
  if (!isMeetingProviderConfigured(config)) return err('unavailable', MEETING_MESSAGES.notConfigured(config.name))
  try {
    const tokens = await exchangeCode(config, { code: input.code, verifier: pending.verifier, redirectUri: `${input.origin}${config.callbackPath}`, now: input.now })
    const accountEmail = await fetchAccountEmail(config, tokens.accessToken)
    await saveMeetingConnection(platform, tenantId, { provider: input.provider, tokens, accountEmail, connectedBy: input.actorContactId, now: input.now })
    return ok({ name: config.name })
  } catch (error) {
    platform.logger.warn({ err: error, provider: input.provider }, 'meeting provider did not connect')
    return err('unavailable', MEETING_MESSAGES.failed(config.name))
  }
}
