import { expandClassSchedule } from '#server/catalog/expand-class-schedule'
import { classScheduleOfRow, type OccurrenceRow, type ScheduleRow } from '#server/catalog/schedule/schedule-rows'
import { spotsText } from '#server/catalog/schedule/public-calendar-page'

const weekly: ScheduleRow = {
  id: 's1', class_id: 'c1', class_name: 'Morning Vinyasa', recurrence: 'weekly', start_date: '2026-11-02', start_time: '07:00',
  time_zone: 'America/New_York', weekdays: [1, 7], until_date: null, weeks: 4, duration_minutes: 60, capacity: 20, colour: '4d8dfc',
  teacher_id: 't1', room_id: 'r1',
}
const row = (values: Partial<OccurrenceRow>): OccurrenceRow => ({
  id: 'o', schedule_id: 's1', occurrence_date: '2026-11-09', status: 'scheduled', moved_to_date: null, moved_to_time: null,
  teacher_id: null, room_id: null, duration_minutes: null, capacity: 20, booked_count: 0, ...values,
})
const window = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') }

describe('a schedule row as a ClassSchedule', () => {
  it('turns ISO weekdays (7 = Sunday) into the rule’s (0 = Sunday) and counts the weeks', () => {
    const schedule = classScheduleOfRow(weekly, [])
    expect(schedule.rules[0]).toMatchObject({ id: 's1', weekdays: [1, 0], startTime: '07:00', ends: { weeks: 4 } })
    const dates = expandClassSchedule(schedule, window).map((occurrence) => occurrence.local.date)
    expect(dates).toEqual(['2026-11-02', '2026-11-08', '2026-11-09', '2026-11-15', '2026-11-16', '2026-11-22', '2026-11-23', '2026-11-29'])
  })

  it('reads a one-off session', () => {
    const schedule = classScheduleOfRow({ ...weekly, recurrence: 'once', weekdays: [], weeks: null, start_date: '2026-11-13', start_time: '19:30' }, [])
    expect(schedule.rules).toEqual([])
    expect(expandClassSchedule(schedule, window).map((occurrence) => occurrence.start.toISOString())).toEqual(['2026-11-14T00:30:00.000Z'])
  })

  it('lays cancellations, moves and overrides over the rule, and ignores rows that only count bookings', () => {
    const schedule = classScheduleOfRow(weekly, [
      row({ occurrence_date: '2026-11-09', status: 'cancelled' }),
      row({ occurrence_date: '2026-11-16', moved_to_date: '2026-11-16', moved_to_time: '10:00', room_id: 'r2' }),
      row({ occurrence_date: '2026-11-23', booked_count: 5 }),
    ])
    expect(schedule.changes).toHaveLength(2)
    const occurrences = expandClassSchedule(schedule, window, { includeCancelled: true })
    expect(occurrences.find((occurrence) => occurrence.scheduled.date === '2026-11-09')?.cancelled).toBe(true)
    const moved = occurrences.find((occurrence) => occurrence.scheduled.date === '2026-11-16')
    expect(moved).toMatchObject({ local: { date: '2026-11-16', time: '10:00' }, roomId: 'r2', teacherId: 't1' })
    expect(occurrences.find((occurrence) => occurrence.scheduled.date === '2026-11-23')?.changed).toBe(false)
  })
})

describe('spots left', () => {
  it.each([
    [null, null],
    [0, 'Full'],
    [1, '1 spot left'],
    [12, '12 spots left'],
  ])('%s reads %s', (spots, text) => {
    expect(spotsText(spots)).toBe(text)
  })
})
