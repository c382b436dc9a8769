import { sql, type Selectable } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { ClassOccurrencesTable, ClassSchedulesTable } from '#db/tables/catalog'
import { addDays, parseCalendarDate } from '#server/catalog/calendar-date'
import type { ClassOccurrence } from '#server/catalog/class-schedule'
import { findOccurrence } from '#server/catalog/expand-class-schedule'
import type { LocalStart } from '#server/catalog/occurrence-key'
import { classScheduleOfRow, type OccurrenceRow, type ScheduleRow } from '#server/catalog/schedule/schedule-rows'
import { zonedTimeToInstant } from '#server/dates/local-time'
import { isUuid } from '#server/text/is-uuid'

/** A class_schedules row as the staff screens read it. */
export type StoredSchedule = ScheduleRow & Pick<Selectable<ClassSchedulesTable>, 'guid' | 'created_at'>

/** A class_occurrences row as the staff screens read it. */
export type StoredOccurrence = OccurrenceRow & Pick<Selectable<ClassOccurrencesTable>, 'guid' | 'class_id' | 'is_capacity_overridden' | 'note' | 'starts_at'>

export interface StoredClass {
  id: string
  guid: string
  name: string
  slug: string
  summary: string
  descriptionHtml: string
  paymentType: string
  isPublished: boolean
  isArchived: boolean
}

/** The class of this tenant with that guid (typed by anyone), or null. */
export async function findClass(trx: TenantExecutor, unverifiedGuid: string | undefined): Promise<StoredClass | null> {
  if (!unverifiedGuid || !isUuid(unverifiedGuid)) return null
  const row = await trx
    .selectFrom('catalog_items')
    .select(['id', 'guid', 'name', 'slug', 'summary', 'description_html', 'payment_type', 'is_published', 'is_archived'])
    .where('kind', '=', 'class')
    .where('guid', '=', unverifiedGuid.toLowerCase())
    .executeTakeFirst()
  if (!row) return null
  return {
    id: row.id,
    guid: row.guid,
    name: row.name,
    slug: row.slug,
    summary: row.summary,
    descriptionHtml: row.description_html,
    paymentType: row.payment_type,
    isPublished: row.is_published,
    isArchived: row.is_archived,
  }
}

/** The schedule rows of some classes, oldest first (the order decision 103 gives overlapping rules). */
export async function selectSchedules(trx: TenantExecutor, classIds: readonly string[]): Promise<StoredSchedule[]> {
  if (classIds.length === 0) return []
  const rows = await trx
    .selectFrom('class_schedules')
    .innerJoin('catalog_items', 'catalog_items.id', 'class_schedules.class_id')
    .select([
      'class_schedules.id', 'class_schedules.guid', 'class_schedules.class_id', 'catalog_items.name as class_name', 'class_schedules.recurrence',
      'class_schedules.start_date', 'class_schedules.start_time', 'class_schedules.time_zone', 'class_schedules.weekdays',
      'class_schedules.until_date', 'class_schedules.weeks', 'class_schedules.duration_minutes', 'class_schedules.capacity',
      'class_schedules.colour', 'class_schedules.teacher_id', 'class_schedules.room_id', 'class_schedules.created_at',
    ])
    .where('class_schedules.class_id', 'in', classIds)
    .orderBy('class_schedules.created_at')
    .orderBy('class_schedules.id')
    .execute()
  return rows.map((row) => ({ ...row, start_date: String(row.start_date), until_date: row.until_date === null ? null : String(row.until_date) }))
}

function occurrenceQuery(trx: TenantExecutor) {
  return trx
    .selectFrom('class_occurrences')
    .select([
      'id', 'guid', 'schedule_id', 'class_id', 'occurrence_date', 'status', 'moved_to_date', 'moved_to_time', 'teacher_id', 'room_id',
      'duration_minutes', 'capacity', 'booked_count', 'is_capacity_overridden', 'note', 'starts_at',
    ])
}

type OccurrenceQueryRow = Awaited<ReturnType<ReturnType<typeof occurrenceQuery>['execute']>>[number]

function storedOccurrence(row: OccurrenceQueryRow): StoredOccurrence {
  return { ...row, occurrence_date: String(row.occurrence_date), moved_to_date: row.moved_to_date === null ? null : String(row.moved_to_date) }
}

/** The occurrence rows of some classes from a local date on (null: all). */
export async function selectOccurrenceRows(trx: TenantExecutor, classIds: readonly string[], fromDate: string | null = null): Promise<StoredOccurrence[]> {
  if (classIds.length === 0) return []
  let query = occurrenceQuery(trx).where('class_id', 'in', classIds)
  if (fromDate) query = query.where((eb) => eb.or([eb('occurrence_date', '>=', fromDate), eb('moved_to_date', '>=', fromDate)]))
  return (await query.execute()).map(storedOccurrence)
}

/** The last local date a rule can fall on. */
export function lastDateOf(row: Pick<ScheduleRow, 'recurrence' | 'start_date' | 'until_date' | 'weeks'>): string {
  if (row.recurrence === 'once') return row.start_date
  if (row.until_date) return row.until_date
  return addDays(row.start_date, 7 * (row.weeks ?? 1) - 1) ?? row.start_date
}

export interface LocatedOccurrence {
  schedule: StoredSchedule
  occurrence: ClassOccurrence
  /** Null until something happened to it (decision 104). */
  row: StoredOccurrence | null
}

/** The occurrence scheduled at a local start, from whichever of the class's rules gives it. */
export function locateOccurrence(schedules: readonly StoredSchedule[], rows: readonly StoredOccurrence[], scheduled: LocalStart): LocatedOccurrence | null {
  for (const schedule of schedules) {
    const own = rows.filter((row) => row.schedule_id === schedule.id)
    const occurrence = findOccurrence(classScheduleOfRow(schedule, own), scheduled)
    if (occurrence) return { schedule, occurrence, row: own.find((row) => row.occurrence_date === scheduled.date) ?? null }
  }
  return null
}

/** Whether a rule (as stored or about to be) gives an occurrence on that local date. */
export function ruleGivesDate(rule: ScheduleRow, date: string): boolean {
  if (parseCalendarDate(date) === null) return false
  return findOccurrence(classScheduleOfRow(rule, []), { date, time: rule.start_time }) !== null
}

/** Where an occurrence row starts and ends, from its rule and its own move and length. */
export function occurrenceTimes(rule: Pick<ScheduleRow, 'start_time' | 'time_zone' | 'duration_minutes'>, row: Pick<OccurrenceRow, 'occurrence_date' | 'moved_to_date' | 'moved_to_time' | 'duration_minutes'>): { startsAt: Date; endsAt: Date } {
  const startsAt = zonedTimeToInstant(row.moved_to_date ?? row.occurrence_date, row.moved_to_time ?? rule.start_time, rule.time_zone) ?? new Date(`${row.occurrence_date}T00:00:00Z`)
  const minutes = row.duration_minutes ?? rule.duration_minutes
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) }
}

/** Writes the occurrence row of a schedule on a date if it is not there yet, and returns it. */
export async function ensureOccurrenceRow(trx: TenantExecutor, tenantId: string, schedule: StoredSchedule, date: string): Promise<StoredOccurrence> {
  const times = occurrenceTimes(schedule, { occurrence_date: date, moved_to_date: null, moved_to_time: null, duration_minutes: null })
  await trx
    .insertInto('class_occurrences')
    .values({
      tenant_id: tenantId,
      schedule_id: schedule.id,
      class_id: schedule.class_id,
      occurrence_date: date,
      starts_at: times.startsAt,
      ends_at: times.endsAt,
      capacity: schedule.capacity,
    })
    .onConflict((oc) => oc.columns(['schedule_id', 'occurrence_date']).doNothing())
    .execute()
  // Locked: bookings, moves and cancellations of one occurrence wait for each other.
  const row = await occurrenceQuery(trx).where('schedule_id', '=', schedule.id).where('occurrence_date', '=', date).forUpdate().executeTakeFirstOrThrow()
  return storedOccurrence(row)
}

/** The staff of the tenant who can teach: admins, staff and front desk, by name. */
export async function selectTeachers(trx: TenantExecutor): Promise<Array<{ id: string; name: string }>> {
  const rows = await trx
    .selectFrom('contacts')
    .select(['id', sql<string>`coalesce(nullif(trim(first_name || ' ' || last_name), ''), email, 'Unnamed')`.as('name')])
    .where('role', 'in', ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK'])
    .where('is_archived', '=', false)
    .orderBy('first_name')
    .orderBy('last_name')
    .execute()
  return rows
}

export async function selectRooms(trx: TenantExecutor): Promise<Array<{ id: string; name: string }>> {
  return trx.selectFrom('rooms').select(['id', 'name']).where('is_archived', '=', false).orderBy('name').execute()
}
