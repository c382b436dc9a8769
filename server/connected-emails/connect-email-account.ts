import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { saveEmailAccount } from './connected-email-accounts'
import { emailConsentUrl, exchangeEmailCode, fetchMailboxAddress, newPendingEmailConnection, pendingEmailCookieValue, readPendingEmailCookie, sameSecret } from './email-oauth'
import { EMAIL_OAUTH_PATH } from './connect-email-steps'
import { EMAIL_ACCOUNT_MESSAGES, emailProviderConfig, isEmailProviderConfigured, type EmailProvider } from './email-providers'
import { identifyEmailProvider, type IdentifiedProvider } from './mx-provider'

export { submitEmailSchema, type SubmittedEmail } from './submit-email-schema'

/** Next on submitEmail: the provider found by the MX look-up, or why none was. */
export async function identifySubmittedEmail(platform: Pick<Platform, 'env'>, email: string): Promise<WordedResult<{ provider: IdentifiedProvider }, 'unavailable'>> {
  const found = await identifyEmailProvider(platform.env.DNS_RESOLVER, email)
  if (found.kind === 'unavailable') return err('unavailable', EMAIL_ACCOUNT_MESSAGES.lookupFailed)
  return ok({ provider: found.provider })
}

/**
 * Continue: the provider is found again (the browser's word for it is not taken), and the
 * browser is sent to its consent page with a state and PKCE challenge; the cookie keeps the
 * state, the verifier and what was asked until the browser is back.
 */
export async function startEmailConnection(
  platform: Pick<Platform, 'env'>,
  input: { email: string; isShared: boolean; contactId: string; tenantId: string; origin: string; now: Date },
): Promise<WordedResult<{ consentUrl: string; cookieValue: string }, 'invalid_input' | 'unavailable'>> {
  const identified = await identifySubmittedEmail(platform, input.email)
  if (!identified.ok) return identified
  const provider = identified.value.provider
  if (provider === 'other') return err('invalid_input', EMAIL_ACCOUNT_MESSAGES.other)
  const config = emailProviderConfig(platform.env, provider)
  if (!isEmailProviderConfigured(config)) return err('unavailable', EMAIL_ACCOUNT_MESSAGES.notConfigured(config.name))
  const pending = newPendingEmailConnection({ provider, address: input.email, isShared: input.isShared, contactId: input.contactId, tenantId: input.tenantId }, input.now)
  return ok({
    consentUrl: emailConsentUrl(config, { pending, redirectUri: `${input.origin}${EMAIL_OAUTH_PATH}` }),
    cookieValue: pendingEmailCookieValue(platform.env.APP_SECRET, pending),
  })
}

/**
 * The provider's answer: the state must be the one this browser was given for this person,
 * then the code is traded for tokens, stored sealed under the mailbox's address (as the
 * provider names it, else as typed). Refused answers write nothing.
 */
export async function completeEmailConnection(
  platform: Pick<Platform, 'database' | 'env' | 'logger'>,
  tenantId: string,
  input: { code: string | null; state: string | null; error: string | null; cookieValue: string | null; origin: string; contactId: string; now: Date },
): Promise<WordedResult<{ userName: string; provider: EmailProvider }, 'invalid_input' | 'unavailable'>> {
  const pending = readPendingEmailCookie(platform.env.APP_SECRET, input.cookieValue, { contactId: input.contactId, tenantId, now: input.now })
  if (!pending || !sameSecret(pending.state, input.state)) return err('invalid_input', EMAIL_ACCOUNT_MESSAGES.stateMismatch)
  const config = emailProviderConfig(platform.env, pending.provider)
  if (input.error || !input.code) return err('unavailable', EMAIL_ACCOUNT_MESSAGES.failed(config.name))
  if (!isEmailProviderConfigured(config)) return err('unavailable', EMAIL_ACCOUNT_MESSAGES.notConfigured(config.name))
  try {
    const tokens = await exchangeEmailCode(config, { code: input.code, verifier: pending.verifier, redirectUri: `${input.origin}${EMAIL_OAUTH_PATH}`, now: input.now })
    const address = (await fetchMailboxAddress(config, tokens.accessToken)) ?? pending.address
    await saveEmailAccount(platform, tenantId, { ownerContactId: pending.contactId, provider: pending.provider, address, isShared: pending.isShared, tokens, now: input.now })
    return ok({ userName: address, provider: pending.provider })
  } catch (error) {
    platform.logger.warn({ err: error, provider: pending.provider }, 'mail provider did not connect')
    return err('unavailable', EMAIL_ACCOUNT_MESSAGES.failed(config.name))
  }
}
