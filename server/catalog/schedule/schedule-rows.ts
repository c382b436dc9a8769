import type { Selectable } from 'kysely'
import type { ClassOccurrencesTable, ClassSchedulesTable } from '#db/tables/catalog'
import type { ClassSchedule, OccurrenceChange } from '#server/catalog/class-schedule'

type ScheduleColumns = Selectable<ClassSchedulesTable>
type OccurrenceColumns = Selectable<ClassOccurrencesTable>

/** A class_schedules row as the public schedule reads it, with its class's name. */
export type ScheduleRow = Pick<
  ScheduleColumns,
  'id' | 'class_id' | 'recurrence' | 'start_date' | 'start_time' | 'time_zone' | 'weekdays' | 'until_date' | 'weeks' | 'duration_minutes' | 'capacity' | 'colour' | 'teacher_id' | 'room_id'
> & { class_name: string }

/** A class_occurrences row of the window: something happened to one occurrence. */
export type OccurrenceRow = Pick<
  OccurrenceColumns,
  'id' | 'schedule_id' | 'occurrence_date' | 'status' | 'moved_to_date' | 'moved_to_time' | 'teacher_id' | 'room_id' | 'duration_minutes' | 'capacity' | 'booked_count'
>

/**
 * One ClassSchedule per schedule row, so every occurrence it expands to is known to come from
 * that row (its capacity, colour and occurrence rows). Rows only carry a change when a
 * cancellation, a move or an override happened; a row written for bookings alone changes nothing
 * of the occurrence's time or place.
 */
export function classScheduleOfRow(row: ScheduleRow, occurrences: readonly OccurrenceRow[]): ClassSchedule {
  const changes: OccurrenceChange[] = []
  for (const occurrence of occurrences) {
    const change = changeOfRow(row, occurrence)
    if (change) changes.push(change)
  }
  return {
    classId: row.class_id,
    timeZone: row.time_zone,
    teacherId: row.teacher_id,
    roomId: row.room_id,
    rules:
      row.recurrence === 'weekly'
        ? [
            {
              id: row.id,
              // ISO 7 (Sunday) is the rule's 0.
              weekdays: row.weekdays.map((day) => day % 7),
              startTime: row.start_time,
              durationMinutes: row.duration_minutes,
              startsOn: row.start_date,
              ends: row.until_date !== null ? { until: row.until_date } : { weeks: row.weeks ?? 1 },
            },
          ]
        : [],
    sessions: row.recurrence === 'once' ? [{ id: row.id, date: row.start_date, startTime: row.start_time, durationMinutes: row.duration_minutes }] : [],
    changes,
  }
}

function changeOfRow(schedule: ScheduleRow, row: OccurrenceRow): OccurrenceChange | null {
  const cancelled = row.status === 'cancelled'
  const moved = row.moved_to_date !== null && row.moved_to_time !== null
  const overridden = row.teacher_id !== null || row.room_id !== null || row.duration_minutes !== null
  if (!cancelled && !moved && !overridden) return null
  return {
    of: { date: row.occurrence_date, time: schedule.start_time },
    cancelled,
    ...(moved ? { moveTo: { date: row.moved_to_date as string, time: row.moved_to_time as string } } : {}),
    ...(row.duration_minutes !== null ? { durationMinutes: row.duration_minutes } : {}),
    ...(row.teacher_id !== null ? { teacherId: row.teacher_id } : {}),
    ...(row.room_id !== null ? { roomId: row.room_id } : {}),
  }
}
