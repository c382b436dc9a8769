import type { ClassSchedule } from '#server/catalog/class-schedule'
import { expandClassSchedules } from '#server/catalog/expand-class-schedule'

/**
 * Expanding a year of 50 weekly classes (about 2,600 occurrences) in New York, across both DST
 * changes: the budget is 20 ms (issue 10). Each run builds its zone clock afresh, as a calendar
 * read does. Run: npx tsx tests/bench/schedule-expansion.bench.ts
 */
export const SCHEDULE_CLASSES = 50
const RUNS = 50
export const SCHEDULE_EXPANSION_TARGET_MS = 20

function yearOfClasses(timeZone: string): ClassSchedule[] {
  return Array.from({ length: SCHEDULE_CLASSES }, (_, i) => ({
    classId: `class-${i}`,
    timeZone,
    teacherId: `teacher-${i % 5}`,
    roomId: `room-${i % 3}`,
    rules: [
      {
        id: `rule-${i}`,
        weekdays: [i % 7],
        startTime: `${String(6 + (i % 14)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`,
        durationMinutes: 60,
        startsOn: '2026-01-01',
        ends: { until: '2026-12-31' },
      },
    ],
    sessions: [],
    changes: [{ of: { date: '2026-06-0' + ((i % 7) + 1), time: '09:00' }, cancelled: true }],
  }))
}

export function benchScheduleExpansion(): { occurrences: number; medianMs: number; worstMs: number } {
  const schedules = yearOfClasses('America/New_York')
  const window = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T12:00:00Z') }
  for (let i = 0; i < 5; i++) expandClassSchedules(schedules, window)
  const times: number[] = []
  let occurrences = 0
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint()
    occurrences = expandClassSchedules(schedules, window).length
    times.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  times.sort((a, b) => a - b)
  return { occurrences, medianMs: times[Math.floor(RUNS / 2)], worstMs: times[RUNS - 1] }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = benchScheduleExpansion()
  console.log(`schedule expansion: ${SCHEDULE_CLASSES} weekly classes for a year, ${result.occurrences} occurrences: median ${result.medianMs.toFixed(2)} ms, worst of ${RUNS} ${result.worstMs.toFixed(2)} ms (budget ${SCHEDULE_EXPANSION_TARGET_MS} ms)`)
}
