import { sql } from 'kysely'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { recordActivity, ACTIVITY_TYPES } from '#server/activities/record-activity'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { writeAuditLog } from './audit-log'
import { createOpaqueToken, hashToken, looksLikeToken } from './session-token'
import { writeContactBook } from '#server/contacts/write-contact-book'

/** How long a verification link works. */
export const VERIFICATION_LINK_LIFETIME_HOURS = 48

export const VERIFICATION_LINK_INVALID_MESSAGE = 'This verification link has expired or has already been used. Ask the studio for a new one.'

/**
 * Issues a single-use verification link for a contact's current address, in the caller's
 * transaction. Only the token's hash is kept; a new link replaces an unused earlier one.
 */
export async function issueVerificationLink(
  trx: TenantExecutor,
  input: { tenantId: string; contactId: string; email: string; now: Date },
): Promise<string> {
  const token = createOpaqueToken()
  await trx.deleteFrom('email_verification_tokens').where('contact_id', '=', input.contactId).where('used_at', 'is', null).execute()
  await trx
    .insertInto('email_verification_tokens')
    .values({
      tenant_id: input.tenantId,
      contact_id: input.contactId,
      email: input.email,
      token_hash: hashToken(token),
      expires_at: new Date(input.now.getTime() + VERIFICATION_LINK_LIFETIME_HOURS * 3_600_000),
    })
    .execute()
  return token
}

export function verificationLinkPath(token: string): string {
  return `/verify-email/${token}`
}

/** What the link's page shows before it is used: the address it vouches for, masked, or null when it cannot be used. */
export async function verificationLinkAddress(platform: Pick<Platform, 'database' | 'clock'>, tenant: Tenant, token: string): Promise<string | null> {
  if (!looksLikeToken(token)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('email_verification_tokens')
      .select('email')
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', platform.clock.now())
      .executeTakeFirst(),
  )
  return row ? maskEmail(row.email) : null
}

/**
 * Uses a verification link up: the contact is marked verified when it still has the address
 * the link was sent to (one changed since proves nothing about the new one). Answers whether
 * the link was good.
 */
export async function confirmEmailVerification(
  platform: Pick<Platform, 'database' | 'clock' | 'caches'>,
  input: { tenant: Tenant; token: string; ip: string | null },
): Promise<'verified' | 'invalid-link'> {
  if (!looksLikeToken(input.token)) return 'invalid-link'
  const now = platform.clock.now()
  return writeContactBook(platform, input.tenant.id, async (trx) => {
    const link = await trx
      .updateTable('email_verification_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(input.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['contact_id', 'email'])
      .executeTakeFirst()
    if (!link) return 'invalid-link'
    const marked = await trx
      .updateTable('contacts')
      .set({ is_email_verified: true, updated_at: sql`now()` })
      .where('id', '=', link.contact_id)
      .where(sql<string>`lower(email)`, '=', link.email.toLowerCase())
      .returning('guid')
      .executeTakeFirst()
    if (!marked) return 'invalid-link'
    await writeAuditLog(trx, {
      tenantId: input.tenant.id,
      actorContactId: link.contact_id,
      action: 'contact.email_verified',
      targetType: 'contact',
      targetId: marked.guid,
      ip: input.ip,
    })
    await recordActivity(trx, { tenantId: input.tenant.id, contactId: link.contact_id, type: ACTIVITY_TYPES.emailVerified, text: ACTIVITY_LINES.emailVerified(link.email) })
    return 'verified' as const
  })
}

/** 'jo***@example.com': enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '***'
  const name = email.slice(0, at)
  return `${name.slice(0, Math.min(2, name.length))}***${email.slice(at)}`
}
