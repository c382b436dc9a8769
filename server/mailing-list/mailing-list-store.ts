import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { MailingListSyncStatus } from '#db/tables/mailing-lists'
import type { Platform } from '#server/platform'
import { openSecret, sealSecret } from '#server/security/secret-box'
import { mailchimpBase, mailchimpClient, type MailchimpClient } from './mailchimp-client'

/** What the page may show of a studio's mailing list: never the key, only its last four characters. */
export interface MailingListView {
  id: string
  name: string
  listId: string
  fromName: string
  fromEmail: string
  keyLast4: string
  status: MailingListSyncStatus
  syncTotal: number
  syncDone: number
  memberErrors: number
  lastMemberError: string | null
  failure: string | null
  startedAt: Date | null
  finishedAt: Date | null
}

type Db = Pick<Platform, 'database'>
type Sealing = Pick<Platform, 'env'>

/** The purpose sealed into the key: it opens only as this studio's mailing list key. */
export function keyPurpose(tenantId: string): string {
  return `mailing-list-key:${tenantId}`
}

export function sealMailingListKey(platform: Sealing, tenantId: string, apiKey: string): string {
  return sealSecret(platform.env.APP_SECRET, keyPurpose(tenantId), apiKey)
}

export function openMailingListKey(platform: Sealing, tenantId: string, sealed: string): string | null {
  return openSecret(platform.env.APP_SECRET, keyPurpose(tenantId), sealed)
}

export async function readMailingListIn(trx: TenantExecutor): Promise<MailingListView | null> {
  const row = await trx.selectFrom('mailing_lists').selectAll().executeTakeFirst()
  if (!row) return null
  return {
    id: row.id,
    name: row.name,
    listId: row.list_id,
    fromName: row.from_name,
    fromEmail: row.from_email,
    keyLast4: row.api_key_last4,
    status: row.status,
    syncTotal: row.sync_total,
    syncDone: row.sync_done,
    memberErrors: row.member_errors,
    lastMemberError: row.last_member_error,
    failure: row.failure,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  }
}

export function readMailingList(platform: Db, tenantId: string): Promise<MailingListView | null> {
  return withTenant(platform.database, tenantId, readMailingListIn)
}

/** A client on the studio's own key and list, or null when none is set up or its key can no longer be opened. */
export interface ConnectedList {
  listId: string
  client: MailchimpClient
}

export async function connectedList(platform: Db & Sealing, tenantId: string): Promise<ConnectedList | null> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('mailing_lists').select(['list_id', 'api_key_sealed', 'is_active_list']).executeTakeFirst())
  if (!row || !row.is_active_list) return null
  const apiKey = openMailingListKey(platform, tenantId, row.api_key_sealed)
  if (!apiKey) return null
  const base = mailchimpBase(platform.env, apiKey)
  return base ? { listId: row.list_id, client: mailchimpClient(base, apiKey) } : null
}

/** Disconnects: the list, its key and its sync state go. False when none was set up. */
export async function deleteMailingList(platform: Db, tenantId: string): Promise<boolean> {
  const deleted = await withTenant(platform.database, tenantId, (trx) => trx.deleteFrom('mailing_lists').executeTakeFirst())
  return Number(deleted.numDeletedRows) > 0
}

/** The hub's check: a list is configured (spec: create mode applies while listId is empty). */
export async function isMailingListConfigured(platform: Db, tenantId: string): Promise<boolean> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('mailing_lists').select('list_id').executeTakeFirst())
  return Boolean(row?.list_id)
}
