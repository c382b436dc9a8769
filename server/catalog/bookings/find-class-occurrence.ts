import { z } from 'zod'
import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { ItemPaymentType } from '#db/tables/catalog'
import { addDays } from '#server/catalog/calendar-date'
import { formatClsStartTime, parseClsStartTime } from '#server/catalog/occurrence-key'
import { readPublicSchedule, type PublicOccurrence } from '#server/catalog/schedule/load-public-schedule'

/** The class an occurrence belongs to, as the sign-up page shows it. */
export interface SignupClass {
  id: string
  name: string
  summary: string
  paymentType: ItemPaymentType
  externalLink: string | null
}

export interface FoundOccurrence {
  occurrence: PublicOccurrence
  item: SignupClass
}

const uuid = z.string().uuid()

// A move can put an occurrence on another day than the one it is named by; a fortnight either
// side is further than any studio moves a single class.
const MOVE_REACH_DAYS = 14

/**
 * The occurrence a sign-up address names, `/signup/{classId}/{clsStartTime}`: a published class
 * of the tenant and a start its schedule gives (after cancellations and moves are laid over).
 * Null for anything else, typed by anyone: another tenant's class, an unknown start, a malformed
 * segment. The optional scheduleId only says which rule gave the start; two rules naming the
 * same start are one occurrence, so it never changes the answer.
 */
export async function findClassOccurrence(
  database: DatabaseHandle,
  tenantId: string,
  unverified: { classId: string; clsStartTime: string },
): Promise<FoundOccurrence | null> {
  return withTenant(database, tenantId, (trx) => findClassOccurrenceIn(trx, unverified))
}

/** findClassOccurrence inside the caller's transaction. */
export async function findClassOccurrenceIn(trx: TenantExecutor, unverified: { classId: string; clsStartTime: string }): Promise<FoundOccurrence | null> {
  const classId = uuid.safeParse(unverified.classId)
  const start = parseClsStartTime(unverified.clsStartTime)
  if (!classId.success || !start) return null
  const item = await trx
    .selectFrom('catalog_items')
    .select(['id', 'name', 'summary', 'payment_type', 'external_link'])
    .where('id', '=', classId.data)
    .where('kind', '=', 'class')
    .where('is_published', '=', true)
    .where('is_archived', '=', false)
    .executeTakeFirst()
  if (!item) return null
  const from = addDays(start.date, -MOVE_REACH_DAYS)
  const to = addDays(start.date, MOVE_REACH_DAYS)
  if (!from || !to) return null
  const schedule = await readPublicSchedule(trx, { from: new Date(`${from}T00:00:00Z`), to: new Date(`${to}T00:00:00Z`) }, { classId: item.id })
  const occurrence = schedule.occurrences.find((found) => found.clsStartTime === unverified.clsStartTime)
  if (!occurrence) return null
  return {
    occurrence,
    item: { id: item.id, name: item.name, summary: item.summary, paymentType: item.payment_type, externalLink: item.external_link },
  }
}

/**
 * The occurrence a class drop-in line holds, by its schedule and scheduled local date (the
 * occurrence row's own key), as the schedule gives it now; null when the class is no longer
 * published or the schedule no longer gives that date.
 */
export async function findScheduledOccurrence(trx: TenantExecutor, line: { classId: string; scheduleId: string; date: string }): Promise<FoundOccurrence | null> {
  const schedule = await trx.selectFrom('class_schedules').select('start_time').where('id', '=', line.scheduleId).where('class_id', '=', line.classId).executeTakeFirst()
  if (!schedule) return null
  const clsStartTime = formatClsStartTime({ date: line.date, time: String(schedule.start_time).slice(0, 5) })
  return findClassOccurrenceIn(trx, { classId: line.classId, clsStartTime })
}
