import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import { removeTenantFiles } from '#server/files/remove-tenant-files'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import { isUuid } from '#server/text/is-uuid'
import type { Tenant } from '#server/tenancy/tenant'
import { formatCreatedDate } from './franchises'

/** How long a deleted franchise's data is kept, and may be restored, before it is purged (decision 133). */
export const ARCHIVE_KEEP_DAYS = 30
const DAY_MS = 86_400_000

export const ARCHIVED_FRANCHISE_MESSAGES = {
  restored: (name: string) => `${name} is restored.`,
  notFound: 'That deleted franchise was not found, or it is past the 30 days it was kept.',
} as const

export interface ArchivedFranchiseRow {
  guid: string
  name: string
  orgId: string
  /** 'dd/MM/yyyy' ('dd.MM.yyyy' in Turkish), as the list shows dates. */
  deletedText: string
  restoreUntilText: string
}

/** This master's franchises deleted within the last 30 days, newest first: the ones it may restore. */
export async function listArchivedFranchises(platform: Pick<Platform, 'database'>, master: Tenant, now: Date, language: Language = 'en'): Promise<ArchivedFranchiseRow[]> {
  if (!master.isMasterFranchise) return []
  const since = new Date(now.getTime() - ARCHIVE_KEEP_DAYS * DAY_MS)
  const rows = await asSystem(platform.database, 'a master lists its deleted franchises', (trx) =>
    trx
      .selectFrom('tenants')
      .select(['id', 'name', 'org_id', 'archived_at'])
      .where('parent_tenant_id', '=', master.id)
      .where('archived_at', '>', since)
      .orderBy('archived_at', 'desc')
      .limit(100)
      .execute(),
  )
  const zone = master.settings.timezone
  return rows.flatMap((row) =>
    row.archived_at
      ? [
          {
            guid: row.id,
            name: row.name,
            orgId: row.org_id,
            deletedText: formatCreatedDate(row.archived_at, zone, language),
            restoreUntilText: formatCreatedDate(new Date(row.archived_at.getTime() + ARCHIVE_KEEP_DAYS * DAY_MS), zone, language),
          },
        ]
      : [],
  )
}

/**
 * Brings back one of this master's franchises deleted within 30 days: it resolves by its host and
 * is in the lists again, with everything it had. Another master's franchise, a live one or one
 * past its 30 days is not found.
 */
export async function restoreFranchise(
  platform: Pick<Platform, 'database' | 'caches'>,
  master: Tenant,
  guid: string,
  now: Date,
): Promise<WordedResult<{ message: string }, 'not_found'>> {
  if (!master.isMasterFranchise || !isUuid(guid)) return err('not_found', ARCHIVED_FRANCHISE_MESSAGES.notFound)
  const since = new Date(now.getTime() - ARCHIVE_KEEP_DAYS * DAY_MS)
  const restored = await asSystem(platform.database, 'a master restores a deleted franchise', async (trx) => {
    // Checked before the write, so a refused restore writes nothing at all.
    const own = await trx.selectFrom('tenants').select('id').where('id', '=', guid).where('parent_tenant_id', '=', master.id).where('archived_at', '>', since).forUpdate().executeTakeFirst()
    if (!own) return undefined
    return trx.updateTable('tenants').set({ archived_at: null, updated_at: sql`clock_timestamp()` }).where('id', '=', own.id).returning(['id', 'name']).executeTakeFirst()
  })
  if (!restored) return err('not_found', ARCHIVED_FRANCHISE_MESSAGES.notFound)
  platform.caches.changed(restored.id, ['tenant'])
  platform.caches.changed(master.id, ['tenant'])
  return ok({ message: ARCHIVED_FRANCHISE_MESSAGES.restored(restored.name) })
}

/**
 * Deletes, with all their data and files, the tenants archived more than 30 days ago (tenant-owned
 * tables cascade from tenants; the contact counts are deleted by hand). Run by the daily
 * `tenant-purge` job; answers how many went.
 */
export async function purgeArchivedTenants(platform: Pick<Platform, 'database' | 'env'>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ARCHIVE_KEEP_DAYS * DAY_MS)
  const due = await asSystem(platform.database, 'tenants archived more than 30 days ago', (trx) =>
    trx.selectFrom('tenants').select('id').where('archived_at', 'is not', null).where('archived_at', '<=', before).execute(),
  )
  if (due.length === 0) return 0
  // Files first: past 30 days a tenant can no longer be restored, so files gone before a purge
  // that then fails harm no one, and the next purge deletes the rows. The other order could
  // leave files that no row names any more, for ever.
  for (const { id } of due) await removeTenantFiles(platform.env, id)
  const purged = await asSystem(platform.database, 'purge tenants archived more than 30 days ago', async (trx) => {
    const gone = await trx
      .deleteFrom('tenants')
      .where('id', 'in', due.map((row) => row.id))
      .where('archived_at', 'is not', null)
      .where('archived_at', '<=', before)
      .returning('id')
      .execute()
    // The contact counts have no foreign key on purpose (their trigger runs while contacts cascade away).
    if (gone.length > 0) await trx.deleteFrom('contact_counts').where('tenant_id', 'in', gone.map((row) => row.id)).execute()
    return gone
  })
  return purged.length
}
