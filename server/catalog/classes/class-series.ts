import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { addDays } from '#server/catalog/calendar-date'
import type { ScheduleRow } from '#server/catalog/schedule/schedule-rows'
import type { ClassRuleInput } from './class-rule-schema'
import { lastDateOf, occurrenceTimes, ruleGivesDate, selectOccurrenceRows, type StoredSchedule } from './class-rows'

/** What a schedule row holds besides its identity. */
export type SeriesValues = Omit<ScheduleRow, 'id' | 'class_id' | 'class_name'>

/**
 * An edit that would take away occurrences that have bookings (decision 111): nothing is
 * written, and staff are told which dates to cancel or move first.
 */
export const CLASS_SERIES_MESSAGES = {
  bookedDropped: (dates: string) => `Sessions with bookings would be dropped: ${dates}. Cancel those sessions first.`,
} as const

export class BookedOccurrencesDropped extends Error {
  readonly dates: string[]
  constructor(dates: string[]) {
    super(CLASS_SERIES_MESSAGES.bookedDropped(dates.join(', ')))
    this.dates = dates
  }
}

/** The stored form of a rule, with the class's teacher, room, length, capacity and colour. */
export function seriesValuesOf(rule: ClassRuleInput, shared: Pick<SeriesValues, 'time_zone' | 'duration_minutes' | 'capacity' | 'colour' | 'teacher_id' | 'room_id'>): SeriesValues {
  if (rule.recurrence === 'once') {
    return { ...shared, recurrence: 'once', start_date: rule.startDate, start_time: rule.startTime, weekdays: [], until_date: null, weeks: null }
  }
  return {
    ...shared,
    recurrence: 'weekly',
    start_date: rule.startDate,
    start_time: rule.startTime,
    weekdays: rule.weekdays,
    until_date: 'until' in rule.ends ? rule.ends.until : null,
    weeks: 'weeks' in rule.ends ? rule.ends.weeks : null,
  }
}

export async function insertSeries(trx: TenantExecutor, tenantId: string, classId: string, values: SeriesValues): Promise<string> {
  const row = await trx
    .insertInto('class_schedules')
    .values({ tenant_id: tenantId, class_id: classId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const SAME_FIELDS = ['recurrence', 'start_date', 'start_time', 'time_zone', 'until_date', 'weeks', 'duration_minutes', 'capacity', 'teacher_id', 'room_id'] as const

function sameSeries(row: SeriesValues, next: SeriesValues): boolean {
  return SAME_FIELDS.every((field) => row[field] === next[field]) && row.weekdays.join(',') === next.weekdays.join(',')
}

/** Whether a rule has occurrences on or after today (a rule that has ended is history). */
export function isCurrent(row: SeriesValues, today: string): boolean {
  return lastDateOf(row) >= today
}

/**
 * Changes a series from today on (decision 111). A rule that has not started yet, and a one-off
 * session, change in place. A weekly rule that started before today ends yesterday, and a new
 * rule with the new values takes over from today, so past occurrences keep their day, time,
 * teacher and room. Written occurrences from today on follow the new rule when it still gives
 * their date; one with bookings that it no longer gives refuses the whole edit.
 */
export async function changeSeries(trx: TenantExecutor, tenantId: string, row: StoredSchedule, next: SeriesValues, today: string): Promise<void> {
  if (next.colour !== row.colour) await trx.updateTable('class_schedules').set({ colour: next.colour, updated_at: new Date() }).where('id', '=', row.id).execute()
  if (sameSeries(row, next)) return
  const splits = row.recurrence === 'weekly' && row.start_date < today
  if (!splits) {
    await trx.updateTable('class_schedules').set({ ...next, updated_at: new Date() }).where('id', '=', row.id).execute()
    await followSeries(trx, row, { ...row, ...next }, row.id, row.start_date)
    return
  }
  await endSeriesBefore(trx, row, today, false)
  const lastDate = lastDateOf(next)
  const startDate = next.start_date > today ? next.start_date : today
  if (lastDate < startDate) {
    await followSeries(trx, row, null, null, today)
    return
  }
  const carried: SeriesValues = { ...next, start_date: startDate, until_date: lastDate, weeks: null }
  const newId = await insertSeries(trx, tenantId, row.class_id, carried)
  await followSeries(trx, row, { ...row, ...carried, id: newId }, newId, today)
}

/**
 * Takes a series away from today on: a rule that has not started is deleted with its
 * occurrences; one that has started ends yesterday. Refused when it would drop booked sessions.
 */
export async function removeSeries(trx: TenantExecutor, row: StoredSchedule, today: string): Promise<void> {
  if (row.start_date >= today) {
    await followSeries(trx, row, null, null, today)
    await trx.deleteFrom('class_schedules').where('id', '=', row.id).execute()
    return
  }
  await endSeriesBefore(trx, row, today, true)
}

async function endSeriesBefore(trx: TenantExecutor, row: StoredSchedule, today: string, check: boolean): Promise<void> {
  if (!isCurrent(row, today)) return
  if (check) await followSeries(trx, row, null, null, today)
  if (row.recurrence === 'once') return
  const yesterday = addDays(today, -1) ?? today
  await trx.updateTable('class_schedules').set({ until_date: yesterday, weeks: null, updated_at: new Date() }).where('id', '=', row.id).execute()
}

/**
 * The occurrence rows of `row` from `fromDate` on, after its rule changed to `rule` (stored as
 * `ruleId`; null: no rule any more). Rows the rule still gives move to it with new times and,
 * unless set by hand, its capacity (never below their bookings). Rows it no longer gives stay
 * where they are, unseen, unless they have bookings: then the edit is refused.
 */
async function followSeries(trx: TenantExecutor, row: StoredSchedule, rule: ScheduleRow | null, ruleId: string | null, fromDate: string): Promise<void> {
  const rows = (await selectOccurrenceRows(trx, [row.class_id])).filter((occurrence) => occurrence.schedule_id === row.id && occurrence.occurrence_date >= fromDate)
  const dropped: string[] = []
  for (const occurrence of rows) {
    if (!rule || !ruleId || !ruleGivesDate(rule, occurrence.occurrence_date)) {
      if (occurrence.booked_count > 0 && occurrence.status !== 'cancelled') dropped.push(occurrence.occurrence_date)
      continue
    }
    const times = occurrenceTimes(rule, occurrence)
    await trx
      .updateTable('class_occurrences')
      .set({
        schedule_id: ruleId,
        starts_at: times.startsAt,
        ends_at: times.endsAt,
        capacity: occurrence.is_capacity_overridden ? occurrence.capacity : sql<number>`greatest(${rule.capacity}::int, booked_count)`,
        updated_at: new Date(),
      })
      .where('id', '=', occurrence.id)
      .execute()
  }
  if (dropped.length > 0) throw new BookedOccurrencesDropped(dropped.sort())
}
