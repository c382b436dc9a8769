import { sql } from 'kysely'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantSettingsSchema, type TenantSettings } from '#server/tenancy/tenant-settings'
import { DOMAIN_TAKEN } from './custom-domain'
import { claimColumns } from './custom-domain-claim'

export interface TenantUpdate {
  /** Top-level settings to replace; the rest of the document is kept as stored. */
  settings?: Partial<TenantSettings>
  name?: string
  /** A lower-case host name, claimed anew as pending (docs/decisions/131), or null to remove it. */
  customDomain?: string | null
}

/**
 * Saved, or refused with the fields at fault: `conflict` when another tenant took the custom
 * domain meanwhile, `invalid_input` when a setting does not fit the settings schema.
 */
export type TenantUpdateResult = WordedResult<undefined, 'conflict' | 'invalid_input', { fields: string[] }>

export const SETTING_NOT_SAVED = 'This value cannot be saved'

const partialSettings = tenantSettingsSchema.partial()

/**
 * Writes a tenant's own row: merges the given settings into the stored jsonb document in one
 * statement (so two screens saved at once do not undo each other), and drops the cached
 * tenant here and in every other process so the next request (navigation, public site,
 * host resolution) sees the change.
 */
export async function updateTenant(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, update: TenantUpdate): Promise<TenantUpdateResult> {
  const checked = partialSettings.safeParse(update.settings ?? {})
  if (!checked.success) {
    return err('invalid_input', SETTING_NOT_SAVED, { fields: checked.error.issues.map((issue) => String(issue.path[0] ?? '')) })
  }
  // Only the keys the caller named: zod's defaults must not reset untouched settings.
  const patch: Record<string, unknown> = {}
  for (const key of Object.keys(update.settings ?? {})) {
    patch[key] = (checked.data as Record<string, unknown>)[key]
  }
  try {
    await withTenant(platform.database, tenant.id, (trx) =>
      trx
        .updateTable('tenants')
        .set({
          settings: sql`settings || ${JSON.stringify(patch)}::jsonb`,
          ...(update.name !== undefined ? { name: update.name } : {}),
          ...(update.customDomain !== undefined ? claimColumns(update.customDomain, new Date()) : {}),
          updated_at: sql`clock_timestamp()`,
        })
        .where('id', '=', tenant.id)
        .execute(),
    )
  } catch (error) {
    if (isUniqueViolation(error, 'custom_domain')) return err('conflict', DOMAIN_TAKEN, { fields: ['customDomain'] })
    throw error
  } finally {
    platform.caches.changed(tenant.id, ['tenant'])
  }
  return ok()
}

/** Postgres unique_violation (23505) on a constraint whose name mentions the column. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown }
  if (code !== '23505') return false
  const name = typeof constraint === 'string' ? constraint : typeof message === 'string' ? message : ''
  return name.includes(column)
}
