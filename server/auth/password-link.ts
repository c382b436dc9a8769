import type { TenantExecutor } from '#db/tenant-scope'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { createOpaqueToken, hashToken } from './session-token'

/** A link to choose a password, as 'Forgot password' mails it: an hour. */
export const RESET_LINK_LIFETIME_MINUTES = 60
/** A link that comes with new login details: the person may not read their mail today. */
export const CREDENTIALS_LINK_LIFETIME_MINUTES = 3 * 24 * 60

/**
 * Issues a single-use link to /reset-password/<token> for one contact, in the caller's
 * transaction: the token's hash is stored, the token itself only goes into the email. A new
 * link replaces any earlier one that was not used.
 */
export async function issuePasswordLink(
  trx: TenantExecutor,
  input: { tenantId: string; contactId: string; lifetimeMinutes: number; ip: string | null; now: Date },
): Promise<string> {
  const token = createOpaqueToken()
  await trx.deleteFrom('password_reset_tokens').where('contact_id', '=', input.contactId).where('used_at', 'is', null).execute()
  await trx
    .insertInto('password_reset_tokens')
    .values({
      tenant_id: input.tenantId,
      contact_id: input.contactId,
      token_hash: hashToken(token),
      expires_at: new Date(input.now.getTime() + input.lifetimeMinutes * 60_000),
      requested_ip: input.ip?.slice(0, 100) || null,
    })
    .execute()
  return token
}

/** The address of a password link on the tenant's own site. */
export function passwordLinkPath(token: string): string {
  return `/reset-password/${token}`
}

/** The lines of a login email that give the sign-in address and the three-day link to choose a password, in the reader's language. */
export function credentialsEmailLines(input: { email: string; origin: string; token: string }, language: Language = 'en'): string[] {
  const t = tFor(language, 'emails')
  return [
    t('signInEmail', { email: input.email }),
    t('signInAt', { url: `${input.origin}/login` }),
    '',
    t('choosePasswordLink'),
    `${input.origin}${passwordLinkPath(input.token)}`,
  ]
}
