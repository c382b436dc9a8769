import { tenantToday } from '#server/dates/tenant-today'
import { writeCatalog } from '#server/catalog/write-catalog'
import type { Tenant } from '#server/tenancy/tenant'
import { findClass, lastDateOf, selectSchedules, type StoredSchedule } from './class-rows'
import type { ClassRuleInput } from './class-rule-schema'
import { BookedOccurrencesDropped, changeSeries, insertSeries, isCurrent, removeSeries, seriesValuesOf } from './class-series'
import { err, ok } from '#server/errors/result'
import { refuseClassForm, valuesOf, type ClassPlatform, type ClassSaveResult } from './save-class'

export const CLASS_RULE_REFUSALS = {
  ended: 'This rule has ended and stays as it was; add a new rule instead.',
  lastRule: 'A class keeps at least one rule or session; archive the class instead.',
} as const

type RuleTarget = { unverifiedGuid: string | undefined; unverifiedScheduleGuid?: string | undefined }

/** Another rule or one-off session for the class, with the class's teacher, room, length, capacity and colour. */
export function addClassRule(platform: ClassPlatform, tenant: Tenant, input: RuleTarget & { rule: ClassRuleInput }): Promise<ClassSaveResult> {
  return onClassRules(platform, tenant, input, async (trx, classId, rows) => {
    // The class's values live on its rules; the newest rule has the latest.
    const latest = rows[rows.length - 1]
    if (!latest) return { notFound: true }
    const shared = { ...valuesOf(latest), time_zone: tenant.settings.timezone }
    await insertSeries(trx, tenant.id, classId, seriesValuesOf(input.rule, shared))
    return null
  })
}

/** A rule changed from today on (decision 111). */
export function editClassRule(platform: ClassPlatform, tenant: Tenant, input: RuleTarget & { rule: ClassRuleInput }): Promise<ClassSaveResult> {
  const today = tenantToday(platform, tenant)
  return onClassRules(platform, tenant, input, async (trx, _classId, rows) => {
    const row = ruleOf(rows, input.unverifiedScheduleGuid)
    if (!row) return { notFound: true }
    if (!isCurrent(row, today)) return { message: CLASS_RULE_REFUSALS.ended }
    await changeSeries(trx, tenant.id, row, seriesValuesOf(input.rule, { ...valuesOf(row), time_zone: row.time_zone }), today)
    return null
  })
}

/** A rule taken away from today on; its past occurrences stay. */
export function removeClassRule(platform: ClassPlatform, tenant: Tenant, input: RuleTarget): Promise<ClassSaveResult> {
  const today = tenantToday(platform, tenant)
  return onClassRules(platform, tenant, input, async (trx, _classId, rows) => {
    const row = ruleOf(rows, input.unverifiedScheduleGuid)
    if (!row) return { notFound: true }
    if (!isCurrent(row, today)) return { message: CLASS_RULE_REFUSALS.ended }
    const stillCurrent = rows.filter((other) => other.id !== row.id && lastDateOf(other) >= today)
    if (stillCurrent.length === 0) return { message: CLASS_RULE_REFUSALS.lastRule }
    await removeSeries(trx, row, today)
    return null
  })
}

function ruleOf(rows: readonly StoredSchedule[], unverifiedGuid: string | undefined): StoredSchedule | null {
  return rows.find((row) => row.guid === unverifiedGuid) ?? null
}

type Refused = { notFound: true } | { message: string } | null

class Refusal extends Error {
  constructor(readonly refused: Exclude<Refused, null>) {
    super('refused')
  }
}

async function onClassRules(
  platform: ClassPlatform,
  tenant: Tenant,
  input: RuleTarget,
  fn: (trx: Parameters<Parameters<typeof writeCatalog>[2]>[0], classId: string, rows: StoredSchedule[]) => Promise<Refused>,
): Promise<ClassSaveResult> {
  try {
    return await writeCatalog(platform, tenant.id, async (trx): Promise<ClassSaveResult> => {
      const item = await findClass(trx, input.unverifiedGuid)
      if (!item) throw new Refusal({ notFound: true })
      const refused = await fn(trx, item.id, await selectSchedules(trx, [item.id]))
      // Thrown, so anything written before the refusal is rolled back.
      if (refused) throw new Refusal(refused)
      return ok({ guid: item.guid })
    })
  } catch (error) {
    if (error instanceof Refusal) return 'notFound' in error.refused ? err('not_found') : refuseClassForm('conflict', '', error.refused.message)
    if (error instanceof BookedOccurrencesDropped) return refuseClassForm('conflict', '', error.message)
    throw error
  }
}
