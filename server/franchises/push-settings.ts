import { sql } from 'kysely'
import { withTenant } from '#db/tenant-scope'
import { asSystem } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import { CATALOG } from '#server/i18n/catalog'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
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
  templates: {
    label: 'Email templates',
    // Not settings: rows of email_templates, copied by name (templatesPlan below).
    settings: {},
  },
} as const satisfies Record<string, { label: string; settings: Partial<Record<keyof TenantSettings, string>> }>

/**
 * A setting's name in a language: English as PUSH_GROUPS writes it, another language from its
 * 'pushSetting_…' word (a setting added before its word shows in English rather than as a key).
 */
function settingLabel(key: string, english: string, language: Language): string {
  if (language === 'en') return english
  const words: Readonly<Record<string, string>> = CATALOG[language].settings
  return words[`pushSetting_${key}`] ?? english
}

export function pushGroupLabel(group: PushGroup, language: Language = 'en'): string {
  return tFor(language, 'settings')(`pushGroup_${group}`)
}

/** What each group covers, in the push screen's words. */
export function pushGroupDescription(group: PushGroup, language: Language = 'en'): string {
  if (group === 'templates') return tFor(language, 'settings')('pushTemplatesDescription')
  return Object.entries(PUSH_GROUPS[group].settings)
    .map(([key, label]) => settingLabel(key, label, language))
    .join(', ')
}

export type PushGroup = keyof typeof PUSH_GROUPS
export const PUSH_GROUP_NAMES = Object.keys(PUSH_GROUPS) as PushGroup[]

export const PUSH_MESSAGES = {
  chooseGroup: 'Choose what to push.',
  chooseFranchise: 'Choose at least one franchise.',
  pushed: (count: number) => `Settings pushed to ${count} ${count === 1 ? 'franchise' : 'franchises'}.`,
  nothingToChange: 'The chosen franchises already have these settings: nothing to push.',
  notAMaster: 'This settings page does not exist.',
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

function shown(value: unknown, language: Language): string {
  if (Array.isArray(value)) return value.join(', ')
  if (typeof value === 'boolean') return tFor(language, 'settings')(value ? 'pushOn' : 'pushOff')
  return String(value ?? '')
}

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
export async function previewPush(platform: Pick<Platform, 'database'>, master: Tenant, choice: PushChoice, language: Language = 'en'): Promise<FranchiseChange[]> {
  if (!master.isMasterFranchise || choice.groups.length === 0 || choice.franchiseIds.length === 0) return []
  const patch = patchOf(master, choice.groups)
  const labels: Record<string, string> = Object.fromEntries(
    choice.groups.flatMap((group) => Object.entries(PUSH_GROUPS[group].settings).map(([key, label]) => [key, settingLabel(key, label, language)])),
  )
  const franchises = await liveFranchises(platform, master, choice.franchiseIds)
  const templates = choice.groups.includes('templates') ? await templateDifferences(platform, master, franchises.map((row) => row.id), language) : new Map<string, FranchiseChange['changes']>()
  return franchises.map((row) => {
    const settings = readTenantSettings(row.settings)
    const changes = Object.entries(patch).flatMap(([key, to]) => {
      const from = settings[key as keyof TenantSettings]
      return JSON.stringify(from) === JSON.stringify(to) ? [] : [{ setting: labels[key] ?? key, from: shown(from, language), to: shown(to, language) }]
    })
    return { franchiseId: row.id, name: row.name, orgId: row.org_id, changes: [...changes, ...(templates.get(row.id) ?? [])] }
  })
}

type TemplateCopy = { name: string; subject: string; body_html: string }

/** The master's email templates, as pushed. */
function masterTemplates(platform: Pick<Platform, 'database'>, master: Tenant): Promise<TemplateCopy[]> {
  return withTenant(platform.database, master.id, (trx) => trx.selectFrom('email_templates').select(['name', 'subject', 'body_html']).orderBy('name').execute())
}

/** Per franchise, each master template the push would add or replace (names match whatever their case). */
async function templateDifferences(platform: Pick<Platform, 'database'>, master: Tenant, franchiseIds: readonly string[], language: Language): Promise<Map<string, FranchiseChange['changes']>> {
  const theirs = await masterTemplates(platform, master)
  const t = tFor(language, 'settings')
  const differences = new Map<string, FranchiseChange['changes']>()
  if (theirs.length === 0 || franchiseIds.length === 0) return differences
  const held = await asSystem(platform.database, 'a master compares its email templates with its franchises', (trx) =>
    trx.selectFrom('email_templates').select(['tenant_id', 'name', 'subject', 'body_html']).where('tenant_id', 'in', franchiseIds).execute(),
  )
  for (const franchiseId of franchiseIds) {
    const own = new Map(held.filter((row) => row.tenant_id === franchiseId).map((row) => [row.name.toLowerCase(), row]))
    const changes = theirs.flatMap((template) => {
      const same = own.get(template.name.toLowerCase())
      if (same && same.subject === template.subject && same.body_html === template.body_html) return []
      return [{ setting: t('pushEmailTemplate', { name: template.name }), from: same ? t('pushTemplateOwn') : t('pushTemplateNone'), to: t('pushTemplateMasters') }]
    })
    differences.set(franchiseId, changes)
  }
  return differences
}

/**
 * Writes the master's values of the chosen groups into each chosen franchise's settings, in one
 * transaction; only this master's live franchises are touched, and each one's caches drop.
 */
export async function pushSettings(platform: Pick<Platform, 'database' | 'caches'>, master: Tenant, choice: PushChoice): Promise<WordedResult<{ message: string }, 'invalid_input' | 'not_found'>> {
  if (!master.isMasterFranchise) return err('not_found', PUSH_MESSAGES.notAMaster)
  if (choice.groups.length === 0) return err('invalid_input', PUSH_MESSAGES.chooseGroup)
  if (choice.franchiseIds.length === 0) return err('invalid_input', PUSH_MESSAGES.chooseFranchise)
  const patch = JSON.stringify(patchOf(master, choice.groups))
  const templates = choice.groups.includes('templates') ? await masterTemplates(platform, master) : []
  const changed = await asSystem(platform.database, 'a master pushes its settings to its franchises', async (trx) => {
    const franchises = await trx
      .updateTable('tenants')
      .set({ settings: sql`settings || ${patch}::jsonb`, updated_at: sql`clock_timestamp()` })
      .where('parent_tenant_id', '=', master.id)
      .where('archived_at', 'is', null)
      .where('id', 'in', choice.franchiseIds)
      .returning('id')
      .execute()
    // Only this master's live franchises (just updated) receive its templates, matched by name.
    for (const franchise of franchises) {
      for (const template of templates) {
        await sql`
          insert into email_templates (tenant_id, name, subject, body_html)
          values (${franchise.id}, ${template.name}, ${template.subject}, ${template.body_html})
          on conflict (tenant_id, lower(name)) do update set subject = excluded.subject, body_html = excluded.body_html, updated_at = clock_timestamp()
        `.execute(trx)
      }
    }
    return franchises
  })
  for (const row of changed) platform.caches.changed(row.id, templates.length > 0 ? ['tenant', 'templates'] : ['tenant'])
  if (changed.length === 0) return err('not_found', PUSH_MESSAGES.chooseFranchise)
  return ok({ message: PUSH_MESSAGES.pushed(changed.length) })
}
