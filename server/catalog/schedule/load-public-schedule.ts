import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { addDays } from '#server/catalog/calendar-date'
import type { InstantWindow } from '#server/catalog/class-schedule'
import { expandClassSchedule } from '#server/catalog/expand-class-schedule'
import { formatClsStartTime, type LocalStart } from '#server/catalog/occurrence-key'
import { classScheduleOfRow, type OccurrenceRow, type ScheduleRow } from './schedule-rows'

/** One occurrence of a published class as a visitor sees it. */
export interface PublicOccurrence {
  /** `${classId}/${clsStartTime}`: the occurrence's stable name (decision 103). */
  id: string
  classId: string
  /** The class_schedules row it comes from (the sign-up address's optional scheduleId). */
  scheduleId: string
  /** The scheduled local start as the sign-up address names it ('20260309T090000'). */
  clsStartTime: string
  /** The wall clock of the class's zone at its start (after a move). */
  local: LocalStart
  start: Date
  end: Date
  className: string
  /** Six hex digits without '#', or null. */
  colour: string | null
  teacherId: string | null
  teacherName: string | null
  roomName: string | null
  /** Null: no limit. */
  capacity: number | null
  bookedCount: number
  /** Null: no limit; never below 0. */
  spotsLeft: number | null
  cancelled: boolean
}

export interface PublicScheduleChoice {
  id: string
  name: string
}

export interface PublicSchedule {
  occurrences: PublicOccurrence[]
  /** The published classes with a schedule, by name: the class filter's choices. */
  classes: PublicScheduleChoice[]
  /** The teachers of those classes, by name: the teacher filter's choices. */
  teachers: PublicScheduleChoice[]
}

export interface PublicScheduleFilter {
  /** Unverified ids from the query string: compared, never queried with. */
  classId?: string | null
  teacherId?: string | null
}

/**
 * The tenant's public class schedule in a window of instants [from, to): published classes that
 * are not archived, their rules expanded in their zone (decision 103), with the cancellations,
 * moves, overrides and booked counts of the occurrence rows laid over them. Cancelled
 * occurrences are included (the calendar marks them). Two queries in one transaction, whatever
 * the number of classes; nothing is written.
 */
export async function loadPublicSchedule(
  database: DatabaseHandle,
  tenantId: string,
  window: InstantWindow,
  filter: PublicScheduleFilter = {},
): Promise<PublicSchedule> {
  return withTenant(database, tenantId, (trx) => readPublicSchedule(trx, window, filter))
}

/** loadPublicSchedule inside the caller's transaction (a sale that books the occurrence it sold). */
export async function readPublicSchedule(trx: TenantExecutor, window: InstantWindow, filter: PublicScheduleFilter = {}): Promise<PublicSchedule> {
  const schedules = await selectPublishedSchedules(trx)
  const occurrences = await selectOccurrenceRows(trx, window)

  const teacherNames = new Map<string, string>()
  const roomNames = new Map<string, string>()
  for (const row of [...schedules, ...occurrences]) {
    if (row.teacher_id && row.teacher_name) teacherNames.set(row.teacher_id, row.teacher_name)
    if (row.room_id && row.room_name) roomNames.set(row.room_id, row.room_name)
  }
  const rowsBySchedule = new Map<string, OccurrenceRow[]>()
  for (const row of occurrences) {
    const list = rowsBySchedule.get(row.schedule_id) ?? []
    list.push(row)
    rowsBySchedule.set(row.schedule_id, list)
  }

  const seen = new Set<string>()
  const found: PublicOccurrence[] = []
  for (const schedule of schedules) {
    const rows = rowsBySchedule.get(schedule.id) ?? []
    const rowByDate = new Map(rows.map((row) => [row.occurrence_date, row]))
    for (const occurrence of expandClassSchedule(classScheduleOfRow(schedule, rows), window, { includeCancelled: true })) {
      // Two schedules of one class naming the same start are one occurrence (decision 103).
      if (seen.has(occurrence.id)) continue
      seen.add(occurrence.id)
      const row = rowByDate.get(occurrence.scheduled.date)
      const capacity = row?.capacity ?? schedule.capacity
      const bookedCount = row?.booked_count ?? 0
      found.push({
        id: occurrence.id,
        classId: occurrence.classId,
        scheduleId: schedule.id,
        clsStartTime: formatClsStartTime(occurrence.scheduled),
        local: occurrence.local,
        start: occurrence.start,
        end: occurrence.end,
        className: schedule.class_name,
        colour: schedule.colour,
        teacherId: occurrence.teacherId,
        teacherName: occurrence.teacherId ? (teacherNames.get(occurrence.teacherId) ?? null) : null,
        roomName: occurrence.roomId ? (roomNames.get(occurrence.roomId) ?? null) : null,
        capacity,
        bookedCount,
        spotsLeft: capacity === null ? null : Math.max(0, capacity - bookedCount),
        cancelled: occurrence.cancelled,
      })
    }
  }
  found.sort((a, b) => a.start.getTime() - b.start.getTime() || a.className.localeCompare(b.className))

  const classes = uniqueChoices(schedules.map((row) => ({ id: row.class_id, name: row.class_name })))
  const teachers = uniqueChoices(schedules.flatMap((row) => (row.teacher_id && row.teacher_name ? [{ id: row.teacher_id, name: row.teacher_name }] : [])))
  const occurrencesShown = found.filter(
    (occurrence) => (!filter.classId || occurrence.classId === filter.classId) && (!filter.teacherId || occurrence.teacherId === filter.teacherId),
  )
  return { occurrences: occurrencesShown, classes, teachers }
}

function uniqueChoices(choices: PublicScheduleChoice[]): PublicScheduleChoice[] {
  const byId = new Map<string, PublicScheduleChoice>()
  for (const choice of choices) if (!byId.has(choice.id)) byId.set(choice.id, choice)
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
}

const contactName = sql<string>`nullif(trim(contacts.first_name || ' ' || contacts.last_name), '')`

async function selectPublishedSchedules(trx: TenantExecutor): Promise<Array<ScheduleRow & { teacher_name: string | null; room_name: string | null }>> {
  const rows = await trx
    .selectFrom('class_schedules')
    .innerJoin('catalog_items', 'catalog_items.id', 'class_schedules.class_id')
    .leftJoin('contacts', 'contacts.id', 'class_schedules.teacher_id')
    .leftJoin('rooms', 'rooms.id', 'class_schedules.room_id')
    .select([
      'class_schedules.id', 'class_schedules.class_id', 'catalog_items.name as class_name', 'class_schedules.recurrence',
      'class_schedules.start_date', 'class_schedules.start_time', 'class_schedules.time_zone', 'class_schedules.weekdays',
      'class_schedules.until_date', 'class_schedules.weeks', 'class_schedules.duration_minutes', 'class_schedules.capacity',
      'class_schedules.colour', 'class_schedules.teacher_id', 'class_schedules.room_id', 'rooms.name as room_name',
    ])
    .select(contactName.as('teacher_name'))
    .where('catalog_items.kind', '=', 'class')
    .where('catalog_items.is_published', '=', true)
    .where('catalog_items.is_archived', '=', false)
    .orderBy('catalog_items.sort_name')
    .orderBy('class_schedules.created_at')
    .execute()
  return rows.map((row) => ({ ...row, start_date: String(row.start_date), until_date: row.until_date === null ? null : String(row.until_date) }))
}

/**
 * The occurrence rows that can fall in the window: by the local date the rule gave them (a
 * zone is less than two days from UTC), or by where a move put them.
 */
async function selectOccurrenceRows(trx: TenantExecutor, window: InstantWindow): Promise<Array<OccurrenceRow & { teacher_name: string | null; room_name: string | null }>> {
  const firstDate = addDays(window.from.toISOString().slice(0, 10), -2) ?? window.from.toISOString().slice(0, 10)
  const lastDate = addDays(window.to.toISOString().slice(0, 10), 2) ?? window.to.toISOString().slice(0, 10)
  const rows = await trx
    .selectFrom('class_occurrences')
    .leftJoin('contacts', 'contacts.id', 'class_occurrences.teacher_id')
    .leftJoin('rooms', 'rooms.id', 'class_occurrences.room_id')
    .select([
      'class_occurrences.id', 'class_occurrences.schedule_id', 'class_occurrences.occurrence_date', 'class_occurrences.status',
      'class_occurrences.moved_to_date', 'class_occurrences.moved_to_time', 'class_occurrences.teacher_id', 'class_occurrences.room_id',
      'class_occurrences.duration_minutes', 'class_occurrences.capacity', 'class_occurrences.booked_count', 'rooms.name as room_name',
    ])
    .select(contactName.as('teacher_name'))
    .where((eb) =>
      eb.or([
        eb.between('class_occurrences.occurrence_date', firstDate, lastDate),
        eb.and([eb('class_occurrences.starts_at', '>=', window.from), eb('class_occurrences.starts_at', '<', window.to)]),
      ]),
    )
    .execute()
  return rows.map((row) => ({
    ...row,
    occurrence_date: String(row.occurrence_date),
    moved_to_date: row.moved_to_date === null ? null : String(row.moved_to_date),
  }))
}
