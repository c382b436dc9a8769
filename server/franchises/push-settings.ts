import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { MODULE_FLAGS } from '#server/settings/module-settings'
import { isUuid } from '#server/text/is-uuid'
import type { Tenant } from '#server/tenancy/tenant'
import { readTenantSettings, type TenantSettings } from '#server/tenancy/tenant-settings'

/** What a master may push to its franchises, in groups of settings, with each setting's name on screen. */
export const PUSH_GROUPS = {
  modules: {
    label: 'Module flags',
    settings: {
      isShowEventsMenu: 'Events',
      isShowScheduleMenu: 'Classes',
      isShowDonationMenu: 'Donations',
      isShowMerchandiseMenu: 'Merchandise',
      isShowAssessment: 'Assessments',
      isShowFormsMenu: 'Forms',
      isShowCampaignsMenu: 'Campaigns',
      isShowStoreMenu: 'Store',
    } satisfies Record<(typeof MODULE_FLAGS)[number], string>,
  },
  payments: {
    label: 'Payment settings',
    settings: {
      defaultCurrency: 'Default currency',
      supportedCurrencies: 'Supported currencies',
      taxLabel1: 'Tax label',
      taxValue1: 'Tax %',
      cardFees: 'Card fees %',
      invoiceNote: 'Invoice note',
    },
  },
} as const satisfies Record<string, { label: string; settings: Partial<Record<keyof TenantSettings, string>> }>

export type PushGroup = keyof typeof PUSH_GROUPS
export const PUSH_GROUP_NAMES = Object.keys(PUSH_GROUPS) as PushGroup[]

export const PUSH_MESSAGES = {
  chooseGroup: 'Choose what to push.',
  chooseFranchise: 'Choose at least one franchise.',
  pushed: (count: number) => `Settings pushed to ${count} ${count === 1 ? 'franchise' : 'franchises'}.`,
  nothingToChange: 'The chosen franchises already have these settings: nothing to push.',
} as const

export interface PushChoice {
  groups: PushGroup[]
  franchiseIds: string[]
}

export interface FranchiseChange {
  franchiseId: string
  name: string
  orgId: string
  /** Each setting that will change: its name, the franchise's value now and the master's. */
  changes: Array<{ setting: string; from: string; to: string }>
}

/** The groups and franchises a form names: unknown groups and ids that are not uuids are dropped. */
export function readPushChoice(form: URLSearchParams | FormData): PushChoice {
  const groups = form.getAll('group').filter((value): value is PushGroup => typeof value === 'string' && (PUSH_GROUP_NAMES as string[]).includes(value))
  const franchiseIds = form.getAll('franchise').filter((value): value is string => typeof value === 'string' && isUuid(value))
  return { groups: [...new Set(groups)], franchiseIds: [...new Set(franchiseIds)].slice(0, 500) }
}

const shown = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'On' : 'Off') : String(value ?? ''))

/** The master's values of the chosen groups, as one settings patch. */
function patchOf(master: Tenant, groups: readonly PushGroup[]): Record<string, unknown> {
  const patch: Record<string, unknown> = {}
  for (const group of groups) for (const key of Object.keys(PUSH_GROUPS[group].settings)) patch[key] = master.settings[key as keyof TenantSettings]
  return patch
}

async function liveFranchises(platform: Pick<Platform, 'database'>, master: Tenant, ids: readonly string[] | null) {
  return asSystem(platform.database, 'a master reads its franchises for a settings push', (trx) =>
    trx
      .selectFrom('tenants')
      .select(['id', 'name', 'org_id', 'settings'])
      .where('parent_tenant_id', '=', master.id)
      .where('archived_at', 'is', null)
      .$if(ids !== null, (query) => query.where('id', 'in', ids && ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']))
      .orderBy('name')
      .limit(500)
      .execute(),
  )
}

/** The master's live franchises, to choose from. */
export async function pushTargets(platform: Pick<Platform, 'database'>, master: Tenant): Promise<Array<{ id: string; name: string; orgId: string }>> {
  if (!master.isMasterFranchise) return []
  return (await liveFranchises(platform, master, null)).map((row) => ({ id: row.id, name: row.name, orgId: row.org_id }))
}

/** What pushing the chosen groups would change in each chosen franchise ("shows what will change first"). */
export async function previewPush(platform: Pick<Platform, 'database'>, master: Tenant, choice: PushChoice): Promise<FranchiseChange[]> {
  if (!master.isMasterFranchise || choice.groups.length === 0 || choice.franchiseIds.length === 0) return []
  const patch = patchOf(master, choice.groups)
  const labels: Record<string, string> = Object.assign({}, ...choice.groups.map((group) => PUSH_GROUPS[group].settings))
  return (await liveFranchises(platform, master, choice.franchiseIds)).map((row) => {
    const settings = readTenantSettings(row.settings)
    const changes = Object.entries(patch).flatMap(([key, to]) => {
      const from = settings[key as keyof TenantSettings]
      return JSON.stringify(from) === JSON.stringify(to) ? [] : [{ setting: labels[key] ?? key, from: shown(from), to: shown(to) }]
    })
    return { franchiseId: row.id, name: row.name, orgId: row.org_id, changes }
  })
}

/**
 * Writes the master's values of the chosen groups into each chosen franchise's settings, in one
 * transaction; only this master's live franchises are touched, and each one's caches drop.
 */
export async function pushSettings(platform: Pick<Platform, 'database' | 'caches'>, master: Tenant, choice: PushChoice): Promise<WordedResult<{ message: string }, 'invalid_input' | 'not_found'>> {
  if (!master.isMasterFranchise) return err('not_found', 'This settings page does not exist.')
  if (choice.groups.length === 0) return err('invalid_input', PUSH_MESSAGES.chooseGroup)
  if (choice.franchiseIds.length === 0) return err('invalid_input', PUSH_MESSAGES.chooseFranchise)
  const patch = JSON.stringify(patchOf(master, choice.groups))
  const changed = await asSystem(platform.database, 'a master pushes its settings to its franchises', (trx) =>
    trx
      .updateTable('tenants')
      .set({ settings: sql`settings || ${patch}::jsonb`, updated_at: sql`clock_timestamp()` })
      .where('parent_tenant_id', '=', master.id)
      .where('archived_at', 'is', null)
      .where('id', 'in', choice.franchiseIds)
      .returning('id')
      .execute(),
  )
  for (const row of changed) platform.caches.changed(row.id, ['tenant'])
  if (changed.length === 0) return err('not_found', PUSH_MESSAGES.chooseFranchise)
  return ok({ message: PUSH_MESSAGES.pushed(changed.length) })
}
