import { sql } from 'kysely'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { queueEmail } from '#server/mail/queue-email'
import { ROLE_STUDENT } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { asSystem, withTenant } from '#db/tenant-scope'
import type { Language } from '#server/i18n/languages'
import { writeAuditLog } from './audit-log'
import { hashPassword } from './password'
import { passwordResetMail } from './password-reset-mail'
import { issuePasswordLink, passwordLinkPath, RESET_LINK_LIFETIME_MINUTES } from './password-link'
import { hashToken, looksLikeToken } from './session-token'
import { tenantOrigin } from './tenant-origin'

/** The one answer to every reset request, whether or not the email has an account. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent it a link to reset your password. The link works for one hour.'

/** A reset link that is unknown, used or past its hour. */
export const RESET_LINK_INVALID_MESSAGE = 'This link has expired or has already been used. Ask for a new one.'

interface ResetTarget {
  tenant: Tenant
  contactId: string
  email: string
}

/** Sent (or nothing to send: the answer is the same), or rate_limited with the words to show. */
export type ResetRequestResult = WordedResult<undefined, 'rate_limited'>

/**
 * "Forgot password": a single-use link, valid for an hour, mailed through the outbox to each
 * account with this email: on a tenant host that tenant's, on the bare platform host every
 * organisation's (the host address stands in for the organisation), in the language of the
 * page it was asked on.
 */
export async function requestPasswordReset(
  platform: Pick<Platform, 'database' | 'env' | 'tenants' | 'jobs' | 'attemptLimiter'>,
  input: { hostTenant: Tenant | null; email: string; requestUrl: URL; ip: string; now?: Date; language: Language },
): Promise<ResetRequestResult> {
  const limiter = platform.attemptLimiter
  const keys = { tenantId: input.hostTenant?.id ?? null, ip: input.ip, email: input.email }
  const allowed = await limiter.check('forgot-password', keys)
  if (!allowed.ok) return err('rate_limited', allowed.message)
  await limiter.record('forgot-password', keys)

  const now = input.now ?? new Date()
  for (const target of await findResetTargets(platform, input.hostTenant, input.email)) {
    const token = await withTenant(platform.database, target.tenant.id, (trx) =>
      issuePasswordLink(trx, { tenantId: target.tenant.id, contactId: target.contactId, lifetimeMinutes: RESET_LINK_LIFETIME_MINUTES, ip: input.ip, now }),
    )
    const link = `${tenantOrigin(target.tenant, input.requestUrl, platform.env)}${passwordLinkPath(token)}`
    await queueEmail(platform, { tenantId: target.tenant.id, to: target.email, ...passwordResetMail(input.language, { organisation: target.tenant.name, link }) })
  }
  return ok()
}

async function findResetTargets(
  platform: Pick<Platform, 'database' | 'tenants'>,
  hostTenant: Tenant | null,
  email: string,
): Promise<ResetTarget[]> {
  const wanted = email.trim().toLowerCase()
  if (hostTenant) {
    const rows = await withTenant(platform.database, hostTenant.id, (trx) =>
      trx.selectFrom('contacts').select(['id', 'email']).where(sql<string>`lower(email)`, '=', wanted).execute(),
    )
    return rows.map((row) => ({ tenant: hostTenant, contactId: row.id, email: row.email ?? wanted }))
  }
  const rows = await asSystem(platform.database, 'password reset requested on the platform host, across organisations', (trx) =>
    trx
      .selectFrom('contacts')
      .select(['id', 'email', 'tenant_id'])
      .where(sql<string>`lower(email)`, '=', wanted)
      .limit(100)
      .execute(),
  )
  const targets: ResetTarget[] = []
  for (const row of rows) {
    const tenant = await platform.tenants.findById(row.tenant_id)
    if (tenant) targets.push({ tenant, contactId: row.id, email: row.email ?? wanted })
  }
  return targets
}

/** Whether a reset link can still be used (for the page that shows the form). */
export async function isResetLinkUsable(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  token: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!looksLikeToken(token)) return false
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
  )
  return Boolean(row)
}

/**
 * Sets the new password and uses the link up. Every session of the account ends, so whoever
 * had the old password is signed out. A contact without a role becomes a student: owning
 * the mailbox is what a registration would have proven.
 */
export async function resetPassword(
  platform: Pick<Platform, 'database' | 'caches'>,
  input: { tenant: Tenant; token: string; password: string; ip: string | null; now?: Date },
): Promise<'changed' | 'invalid-link'> {
  if (!looksLikeToken(input.token)) return 'invalid-link'
  const now = input.now ?? new Date()
  const passwordHash = await hashPassword(input.password)
  const changedFor = await withTenant(platform.database, input.tenant.id, async (trx) => {
    const link = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(input.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['contact_id'])
      .executeTakeFirst()
    if (!link) return null
    await trx
      .updateTable('contacts')
      .set({ password_hash: passwordHash, role: sql`coalesce(role, ${ROLE_STUDENT})`, updated_at: now })
      .where('id', '=', link.contact_id)
      .execute()
    await trx.deleteFrom('sessions').where('contact_id', '=', link.contact_id).execute()
    await trx.deleteFrom('password_reset_tokens').where('contact_id', '=', link.contact_id).where('used_at', 'is', null).execute()
    await writeAuditLog(trx, {
      tenantId: input.tenant.id,
      actorContactId: link.contact_id,
      action: 'auth.password_reset',
      targetType: 'contact',
      targetId: link.contact_id,
      ip: input.ip,
    })
    return link.contact_id
  })
  if (!changedFor) return 'invalid-link'
  platform.caches.changed(input.tenant.id, ['contacts'])
  // Sessions this person opened in franchises of this tenant (Switch franchise) end too: they
  // live in the child tenants, on behalf of this contact.
  await asSystem(platform.database, 'end franchise sessions after a password reset', (trx) =>
    trx
      .deleteFrom('sessions')
      .where(sql`state->'franchise'->>'masterTenantId'`, '=', input.tenant.id)
      .where(sql`state->'franchise'->>'masterContactId'`, '=', changedFor)
      .execute(),
  )
  platform.caches.changed(input.tenant.id, ['sessions'])
  return 'changed'
}
