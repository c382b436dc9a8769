import { sql } from 'kysely'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { openSecret, sealSecret } from '#server/security/secret-box'
import { isUuid } from '#server/text/is-uuid'
import { refreshEmailTokens, revokeEmailGrant, type GrantedEmailTokens } from './email-oauth'
import { EMAIL_ACCOUNT_MESSAGES, emailProviderConfig, isEmailProviderConfigured, type EmailProvider } from './email-providers'

/** Who is looking: the signed-in staff member, and whether they administer the tenant. */
export interface EmailAccountViewer {
  contactId: string
  isAdmin: boolean
}

/** What a page may know of a connected account: never a token. */
export interface EmailAccountView {
  id: string
  provider: EmailProvider
  userName: string
  isShared: boolean
  ownerName: string
  isOwn: boolean
  /** The owner, or an admin. */
  canRevoke: boolean
  connectedAt: Date
}

type Sealing = Pick<Platform, 'env'>

/** A refresh this close to expiry, so a token never lapses between the check and its use. */
const EXPIRY_MARGIN_MS = 60_000

// The purpose names the row, so a sealed token copied onto another row does not open.
const accessPurpose = (tenantId: string, accountId: string) => `email-access:${tenantId}:${accountId}`
const refreshPurpose = (tenantId: string, accountId: string) => `email-refresh:${tenantId}:${accountId}`

function sealTokens(platform: Sealing, tenantId: string, accountId: string, tokens: GrantedEmailTokens) {
  return {
    access_token_sealed: sealSecret(platform.env.APP_SECRET, accessPurpose(tenantId, accountId), tokens.accessToken),
    refresh_token_sealed: tokens.refreshToken ? sealSecret(platform.env.APP_SECRET, refreshPurpose(tenantId, accountId), tokens.refreshToken) : null,
    expires_at: tokens.expiresAt,
  }
}

/**
 * The accounts a staff member sees on /settings/integrations/emails: their own and the shared
 * ones; an admin sees every account of the tenant (to revoke one a leaver left behind).
 */
export async function listEmailAccounts(platform: Pick<Platform, 'database'>, tenantId: string, viewer: EmailAccountViewer): Promise<EmailAccountView[]> {
  const rows = await withTenant(platform.database, tenantId, (trx) => {
    let query = trx
      .selectFrom('connected_email_accounts as a')
      .innerJoin('contacts as c', 'c.id', 'a.owner_contact_id')
      .select(['a.id', 'a.provider', 'a.user_name', 'a.is_shared', 'a.owner_contact_id', 'a.connected_at', 'c.first_name', 'c.last_name'])
      .orderBy('a.connected_at', 'asc')
      .orderBy('a.id')
    if (!viewer.isAdmin) query = query.where((eb) => eb.or([eb('a.owner_contact_id', '=', viewer.contactId), eb('a.is_shared', '=', true)]))
    return query.execute()
  })
  return rows.map((row) => {
    const isOwn = row.owner_contact_id === viewer.contactId
    return {
      id: row.id,
      provider: row.provider,
      userName: row.user_name,
      isShared: row.is_shared,
      ownerName: `${row.first_name} ${row.last_name}`.trim(),
      isOwn,
      canRevoke: isOwn || viewer.isAdmin,
      connectedAt: row.connected_at,
    }
  })
}

/** The accounts a staff member may send from: their own and the shared ones. */
export async function listSendableEmailAccounts(platform: Pick<Platform, 'database'>, tenantId: string, contactId: string): Promise<EmailAccountView[]> {
  return listEmailAccounts(platform, tenantId, { contactId, isAdmin: false })
}

/** Keeps the grant, sealed; connecting the same address again replaces its tokens and share choice. */
export async function saveEmailAccount(
  platform: Pick<Platform, 'database' | 'env'>,
  tenantId: string,
  input: { ownerContactId: string; provider: EmailProvider; address: string; isShared: boolean; tokens: GrantedEmailTokens; now: Date },
): Promise<{ id: string }> {
  return withTenant(platform.database, tenantId, async (trx) => {
    const row = await trx
      .insertInto('connected_email_accounts')
      .values({
        tenant_id: tenantId,
        owner_contact_id: input.ownerContactId,
        provider: input.provider,
        user_name: input.address.toLowerCase(),
        is_shared: input.isShared,
        // Sealed below, once the row's id (part of the sealing purpose) is known.
        access_token_sealed: '',
        connected_at: input.now,
        updated_at: input.now,
      })
      .onConflict((conflict) =>
        conflict.columns(['tenant_id', 'owner_contact_id', 'user_name']).doUpdateSet({ provider: input.provider, is_shared: input.isShared, connected_at: input.now, updated_at: input.now }),
      )
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.updateTable('connected_email_accounts').set(sealTokens(platform, tenantId, row.id, input.tokens)).where('id', '=', row.id).execute()
    return { id: row.id }
  })
}

interface LockedAccount {
  id: string
  provider: EmailProvider
  user_name: string
  owner_contact_id: string
  is_shared: boolean
  access_token_sealed: string
  refresh_token_sealed: string | null
  expires_at: Date | null
}

async function lockAccount(trx: TenantExecutor, unverifiedId: unknown): Promise<LockedAccount | null> {
  if (typeof unverifiedId !== 'string' || !isUuid(unverifiedId)) return null
  const row = await trx
    .selectFrom('connected_email_accounts')
    .select(['id', 'provider', 'user_name', 'owner_contact_id', 'is_shared', 'access_token_sealed', 'refresh_token_sealed', 'expires_at'])
    .where('id', '=', unverifiedId)
    .forUpdate()
    .executeTakeFirst()
  return row ?? null
}

/**
 * A working access token for the locked account: the stored one while it lasts, else a
 * refreshed one, stored again sealed. Null when there is none to be had.
 */
async function usableToken(platform: Pick<Platform, 'env' | 'logger'>, trx: TenantExecutor, tenantId: string, row: LockedAccount, now: Date): Promise<string | null> {
  const access = openSecret(platform.env.APP_SECRET, accessPurpose(tenantId, row.id), row.access_token_sealed)
  const fresh = row.expires_at === null || row.expires_at.getTime() - EXPIRY_MARGIN_MS > now.getTime()
  if (access && fresh) return access
  const refresh = row.refresh_token_sealed ? openSecret(platform.env.APP_SECRET, refreshPurpose(tenantId, row.id), row.refresh_token_sealed) : null
  const config = emailProviderConfig(platform.env, row.provider)
  if (!refresh || !isEmailProviderConfigured(config)) return null
  try {
    const tokens = await refreshEmailTokens(config, refresh, now)
    await trx.updateTable('connected_email_accounts').set({ ...sealTokens(platform, tenantId, row.id, tokens), updated_at: now }).where('id', '=', row.id).execute()
    return tokens.accessToken
  } catch (error) {
    platform.logger.warn({ err: error, provider: row.provider }, 'mail provider did not refresh the token')
    return null
  }
}

/**
 * Revoke (spec: "Do you want to revoke selected account's access, Are you sure?"): the
 * provider is asked to give the grant up, then the row goes. Only the owner or an admin may;
 * another staff member's unshared account, or another tenant's, is not found. When the
 * provider does not confirm, the row stays (the grant still works there) and the spec's
 * failure message is shown.
 */
export async function revokeEmailAccount(
  platform: Pick<Platform, 'database' | 'env' | 'logger'>,
  tenantId: string,
  input: { unverifiedId: unknown; viewer: EmailAccountViewer; now: Date },
): Promise<WordedResult<{ userName: string }, 'not_found' | 'forbidden' | 'unavailable'>> {
  return withTenant(platform.database, tenantId, async (trx) => {
    const row = await lockAccount(trx, input.unverifiedId)
    const isOwn = row?.owner_contact_id === input.viewer.contactId
    if (!row || (!isOwn && !row.is_shared && !input.viewer.isAdmin)) return err('not_found', 'This account is not connected.')
    if (!isOwn && !input.viewer.isAdmin) return err('forbidden', 'Only the staff member who connected this account, or an administrator, can revoke it.')
    const config = emailProviderConfig(platform.env, row.provider)
    try {
      const refreshToken = row.refresh_token_sealed ? openSecret(platform.env.APP_SECRET, refreshPurpose(tenantId, row.id), row.refresh_token_sealed) : null
      const accessToken = openSecret(platform.env.APP_SECRET, accessPurpose(tenantId, row.id), row.access_token_sealed)
      await revokeEmailGrant(config, { accessToken, refreshToken })
    } catch (error) {
      platform.logger.warn({ err: error, provider: row.provider }, 'mail provider did not revoke the grant')
      return err('unavailable', EMAIL_ACCOUNT_MESSAGES.revokeFailed)
    }
    await trx.deleteFrom('connected_email_accounts').where('id', '=', row.id).execute()
    return ok({ userName: row.user_name })
  })
}

/** The account to send from, with a working token: the sender's own or a shared one. */
export async function openSendingAccount(
  platform: Pick<Platform, 'env' | 'logger'>,
  trx: TenantExecutor,
  tenantId: string,
  input: { unverifiedId: unknown; senderContactId: string; now: Date },
): Promise<WordedResult<{ provider: EmailProvider; userName: string; accessToken: string }, 'not_found' | 'unavailable'>> {
  const row = await lockAccount(trx, input.unverifiedId)
  if (!row || (row.owner_contact_id !== input.senderContactId && !row.is_shared)) return err('not_found', 'Please choose one of your connected email accounts.')
  const accessToken = await usableToken(platform, trx, tenantId, row, input.now)
  if (!accessToken) return err('unavailable', `The connection to ${row.user_name} has expired. Please connect it again under Connect Email.`)
  return ok({ provider: row.provider, userName: row.user_name, accessToken })
}

/** Whether the tenant has a connected email account (the integrations hub's check). */
export async function hasConnectedEmailAccount(platform: Pick<Platform, 'database'>, tenantId: string): Promise<boolean> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('connected_email_accounts').select(sql<number>`1`.as('one')).limit(1).executeTakeFirst())
  return row !== undefined
}
