import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ClassSchedule, WeeklyRule } from '#server/catalog/class-schedule'
import { expandClassSchedule, expandClassSchedules, findOccurrence } from '#server/catalog/expand-class-schedule'
import { addDays, parseCalendarDate, weekdayOfDay } from '#server/catalog/calendar-date'
import { localStartKey } from '#server/catalog/occurrence-key'
import { ZoneClock } from '#server/catalog/zone-clock'
import { zonedTimeToInstant } from '#server/dates/local-time'
import { dateInputValue, timeInputValue } from '#server/dates/local-time'

const NY = 'America/New_York'
const KOLKATA = 'Asia/Kolkata'

function schedule(overrides: Partial<ClassSchedule> & { rules?: WeeklyRule[] }): ClassSchedule {
  return { classId: 'yoga', timeZone: NY, teacherId: 't1', roomId: 'r1', rules: [], sessions: [], changes: [], ...overrides }
}

function weekly(overrides: Partial<WeeklyRule> = {}): WeeklyRule {
  return { id: 'mon-wed', weekdays: [1, 3], startTime: '09:00', durationMinutes: 60, startsOn: '2026-01-01', ends: { until: '2026-12-31' }, ...overrides }
}

const window = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) })
const starts = (list: { start: Date }[]) => list.map((o) => o.start.toISOString())

describe('a weekly class in New York keeps its wall-clock time across DST changes', () => {
  it('09:00 on Mondays is 14:00 UTC before the March change and 13:00 UTC after it', () => {
    const list = expandClassSchedule(schedule({ rules: [weekly({ weekdays: [1] })] }), window('2026-03-01T00:00:00Z', '2026-03-17T00:00:00Z'))
    expect(starts(list)).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-16T13:00:00.000Z'])
    expect(list.map((o) => o.local.time)).toEqual(['09:00', '09:00', '09:00'])
  })

  it('09:00 on Sundays around the November change: 13:00 UTC, then 14:00 UTC', () => {
    const list = expandClassSchedule(schedule({ rules: [weekly({ weekdays: [0] })] }), window('2026-10-25T00:00:00Z', '2026-11-09T00:00:00Z'))
    expect(starts(list)).toEqual(['2026-10-25T13:00:00.000Z', '2026-11-01T14:00:00.000Z', '2026-11-08T14:00:00.000Z'])
  })

  it('a 02:30 class on the spring-forward Sunday moves forward by the gap, to 03:30 EDT, and keeps its identity', () => {
    const list = expandClassSchedule(schedule({ rules: [weekly({ weekdays: [0], startTime: '02:30' })] }), window('2026-03-01T00:00:00Z', '2026-03-16T00:00:00Z'))
    expect(starts(list)).toEqual(['2026-03-01T07:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-15T06:30:00.000Z'])
    expect(list[1].local).toEqual({ date: '2026-03-08', time: '03:30' })
    expect(list[1].scheduled).toEqual({ date: '2026-03-08', time: '02:30' })
    expect(list[1].id).toBe('yoga/20260308T023000')
  })

  it('a 01:30 class on the fall-back Sunday is the first 01:30 (EDT), and lasts its 60 elapsed minutes', () => {
    const [occurrence] = expandClassSchedule(schedule({ rules: [weekly({ weekdays: [0], startTime: '01:30' })] }), window('2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'))
    expect(occurrence.start.toISOString()).toBe('2026-11-01T05:30:00.000Z')
    expect(occurrence.end.toISOString()).toBe('2026-11-01T06:30:00.000Z')
    expect(occurrence.local).toEqual({ date: '2026-11-01', time: '01:30' })
  })
})

describe('a weekly class in Kolkata (+05:30, no DST)', () => {
  it('07:15 is always 01:45 UTC, and a 23:45 class falls on the previous UTC day', () => {
    const rules = [weekly({ id: 'a', weekdays: [2], startTime: '07:15' }), weekly({ id: 'b', weekdays: [2], startTime: '23:45' })]
    const list = expandClassSchedule(schedule({ timeZone: KOLKATA, rules }), window('2026-03-09T00:00:00Z', '2026-03-12T00:00:00Z'))
    expect(starts(list)).toEqual(['2026-03-10T01:45:00.000Z', '2026-03-10T18:15:00.000Z'])
    expect(list.map((o) => o.local)).toEqual([
      { date: '2026-03-10', time: '07:15' },
      { date: '2026-03-10', time: '23:45' },
    ])
  })

  it('a class at 00:30 on 1 January starts on 31 December in UTC', () => {
    const list = expandClassSchedule(schedule({ timeZone: KOLKATA, rules: [weekly({ weekdays: [4], startTime: '00:30', startsOn: '2026-01-01' })] }), window('2025-12-31T00:00:00Z', '2026-01-02T00:00:00Z'))
    expect(starts(list)).toEqual(['2025-12-31T19:00:00.000Z'])
  })
})

describe('the span of a rule', () => {
  it('until is the last date, inclusive', () => {
    const list = expandClassSchedule(schedule({ rules: [weekly({ weekdays: [1], startsOn: '2026-06-01', ends: { until: '2026-06-15' } })] }), window('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'))
    expect(list.map((o) => o.scheduled.date)).toEqual(['2026-06-01', '2026-06-08', '2026-06-15'])
  })

  it('for N weeks covers N weeks from the first date', () => {
    // 2026-06-03 is a Wednesday: Mondays and Wednesdays for 2 weeks are 3, 8, 10 and 15 June.
    const list = expandClassSchedule(schedule({ rules: [weekly({ startsOn: '2026-06-03', ends: { weeks: 2 } })] }), window('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'))
    expect(list.map((o) => o.scheduled.date)).toEqual(['2026-06-03', '2026-06-08', '2026-06-10', '2026-06-15'])
  })

  it('an empty or backward window, and a rule that ends before it starts, give nothing', () => {
    const s = schedule({ rules: [weekly({ startsOn: '2026-06-03', ends: { until: '2026-06-01' } })] })
    expect(expandClassSchedule(s, window('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'))).toEqual([])
    expect(expandClassSchedule(schedule({ rules: [weekly()] }), window('2026-06-10T00:00:00Z', '2026-06-10T00:00:00Z'))).toEqual([])
  })

  it('an occurrence belongs to the window its start falls in: from included, to excluded', () => {
    const s = schedule({ rules: [weekly({ weekdays: [1], startsOn: '2026-06-01', ends: { weeks: 1 } })] })
    expect(starts(expandClassSchedule(s, window('2026-06-01T13:00:00Z', '2026-06-01T13:00:00.001Z')))).toEqual(['2026-06-01T13:00:00.000Z'])
    expect(expandClassSchedule(s, window('2026-06-01T12:00:00Z', '2026-06-01T13:00:00Z'))).toEqual([])
  })
})

describe('one-off sessions and changed occurrences', () => {
  const base = schedule({
    rules: [weekly({ weekdays: [1], startsOn: '2026-06-01', ends: { weeks: 3 } })],
    sessions: [
      { id: 's1', date: '2026-06-06', startTime: '10:00', durationMinutes: 90, roomId: 'studio-b' },
      // The same local start as a rule occurrence: one occurrence, not two.
      { id: 's2', date: '2026-06-08', startTime: '09:00', durationMinutes: 60 },
    ],
  })
  const june = window('2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z')

  it('a one-off session joins the series with its own length and room', () => {
    const list = expandClassSchedule(base, june)
    expect(list.map((o) => [localStartKey(o.scheduled), o.scheduleId, o.durationMinutes, o.roomId])).toEqual([
      ['2026-06-01T09:00', 'mon-wed', 60, 'r1'],
      ['2026-06-06T10:00', null, 90, 'studio-b'],
      ['2026-06-08T09:00', 'mon-wed', 60, 'r1'],
      ['2026-06-15T09:00', 'mon-wed', 60, 'r1'],
    ])
  })

  it('a cancelled occurrence is left out, or shown as cancelled when asked', () => {
    const s = { ...base, changes: [{ of: { date: '2026-06-08', time: '09:00' }, cancelled: true }] }
    expect(expandClassSchedule(s, june).map((o) => o.scheduled.date)).toEqual(['2026-06-01', '2026-06-06', '2026-06-15'])
    const all = expandClassSchedule(s, june, { includeCancelled: true })
    expect(all.map((o) => [o.scheduled.date, o.cancelled])).toEqual([
      ['2026-06-01', false],
      ['2026-06-06', false],
      ['2026-06-08', true],
      ['2026-06-15', false],
    ])
  })

  it('a moved occurrence keeps its identity, takes its new time, teacher and room, and is sorted where it now falls', () => {
    const s = { ...base, changes: [{ of: { date: '2026-06-15', time: '09:00' }, cancelled: false, moveTo: { date: '2026-06-02', time: '18:00' }, teacherId: 't2', roomId: null }] }
    const list = expandClassSchedule(s, june)
    const moved = list[1]
    expect(moved.id).toBe('yoga/20260615T090000')
    expect(moved.local).toEqual({ date: '2026-06-02', time: '18:00' })
    expect(moved.start.toISOString()).toBe('2026-06-02T22:00:00.000Z')
    expect([moved.teacherId, moved.roomId, moved.changed, moved.scheduleId]).toEqual(['t2', null, true, 'mon-wed'])
    expect(list.map((o) => o.local.date)).toEqual(['2026-06-01', '2026-06-02', '2026-06-06', '2026-06-08'])
  })

  it('a moved occurrence shows in the window it moved into, and not in the one it left', () => {
    const s = { ...base, changes: [{ of: { date: '2026-06-01', time: '09:00' }, cancelled: false, moveTo: { date: '2026-07-03', time: '09:00' } }] }
    expect(expandClassSchedule(s, june).map((o) => o.scheduled.date)).not.toContain('2026-06-01')
    expect(expandClassSchedule(s, window('2026-07-01T00:00:00Z', '2026-08-01T00:00:00Z')).map((o) => o.id)).toEqual(['yoga/20260601T090000'])
  })

  it('a change of a start the class does not have is ignored', () => {
    const s = { ...base, changes: [{ of: { date: '2026-06-09', time: '09:00' }, cancelled: false, moveTo: { date: '2026-06-10', time: '09:00' } }] }
    expect(expandClassSchedule(s, june)).toHaveLength(4)
  })

  it('findOccurrence finds a booking’s occurrence wherever it was moved, says when it is cancelled, and refuses starts never scheduled', () => {
    const s = {
      ...base,
      changes: [
        { of: { date: '2026-06-15', time: '09:00' }, cancelled: false, moveTo: { date: '2026-06-16', time: '07:00' } },
        { of: { date: '2026-06-08', time: '09:00' }, cancelled: true },
      ],
    }
    expect(findOccurrence(s, { date: '2026-06-15', time: '09:00' })?.start.toISOString()).toBe('2026-06-16T11:00:00.000Z')
    expect(findOccurrence(s, { date: '2026-06-08', time: '09:00' })?.cancelled).toBe(true)
    expect(findOccurrence(s, { date: '2026-06-06', time: '10:00' })?.scheduleId).toBeNull()
    expect(findOccurrence(s, { date: '2026-06-15', time: '09:30' })).toBeNull()
    expect(findOccurrence(s, { date: '2026-06-22', time: '09:00' })).toBeNull()
  })
})

describe('several classes', () => {
  it('merge into one list sorted by start, in each class’s zone', () => {
    const list = expandClassSchedules(
      [schedule({ classId: 'ny', rules: [weekly({ weekdays: [1] })] }), schedule({ classId: 'in', timeZone: KOLKATA, rules: [weekly({ weekdays: [1] })] })],
      window('2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'),
    )
    expect(list.map((o) => [o.classId, o.start.toISOString()])).toEqual([
      ['in', '2026-06-01T03:30:00.000Z'],
      ['ny', '2026-06-01T13:00:00.000Z'],
    ])
  })
})

describe('the zone clock agrees with zonedTimeToInstant (decision 095)', () => {
  it.each([
    [NY, '2026-03-08'],
    [NY, '2026-11-01'],
    ['Europe/London', '2026-03-29'],
    ['Europe/London', '2026-10-25'],
    // Lord Howe Island moves its clocks by half an hour.
    ['Australia/Lord_Howe', '2026-04-05'],
    ['Australia/Lord_Howe', '2026-10-04'],
    [KOLKATA, '2026-03-08'],
  ])('every quarter hour of the days around a change in %s on %s', (zone, date) => {
    const clock = new ZoneClock(zone)
    for (const day of [addDays(date, -1)!, date, addDays(date, 1)!]) {
      for (let minutes = 0; minutes < 1440; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
        expect(clock.instantMs(parseCalendarDate(day)!, minutes), `${day} ${time}`).toBe(zonedTimeToInstant(day, time, zone)!.getTime())
      }
    }
  })
})

describe('properties of an expansion', () => {
  const zones = fc.constantFrom(NY, KOLKATA, 'Europe/London', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Pacific/Auckland')
  const time = fc.record({ h: fc.integer({ min: 0, max: 23 }), m: fc.constantFrom(0, 15, 30, 45) }).map(({ h, m }) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
  const rule = fc.record({
    id: fc.constantFrom('r1', 'r2', 'r3'),
    weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    startTime: time,
    durationMinutes: fc.integer({ min: 15, max: 180 }),
    startsOn: fc.integer({ min: 0, max: 400 }).map((n) => addDays('2025-12-01', n)!),
    ends: fc.oneof(fc.integer({ min: 1, max: 60 }).map((weeks) => ({ weeks })), fc.integer({ min: 0, max: 400 }).map((n) => ({ until: addDays('2026-01-01', n)! }))),
  })

  it('every occurrence is on a chosen weekday at the rule’s wall-clock time (or just past a DST gap), once, in order, inside the window', () => {
    fc.assert(
      fc.property(zones, fc.array(rule, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 120 }), (zone, rules, startDay, days) => {
        const from = new Date(Date.UTC(2026, 0, 1 + startDay))
        const to = new Date(from.getTime() + days * 86_400_000)
        const list = expandClassSchedule(schedule({ timeZone: zone, rules }), { from, to })
        const ids = new Set(list.map((o) => o.id))
        expect(ids.size).toBe(list.length)
        for (let i = 1; i < list.length; i++) expect(list[i - 1].start.getTime()).toBeLessThanOrEqual(list[i].start.getTime())
        for (const o of list) {
          expect(o.start >= from && o.start < to).toBe(true)
          const owner = rules.find((r) => r.id === o.scheduleId && r.startTime === o.scheduled.time && r.weekdays.includes(weekdayOfDay(parseCalendarDate(o.scheduled.date)!)))
          expect(owner).toBeDefined()
          // What the zone's clock shows at the instant is the scheduled time, unless that time does not exist that day.
          const shownDate = dateInputValue(o.start, zone)
          const shownTime = timeInputValue(o.start, zone)
          expect({ date: shownDate, time: shownTime }).toEqual(o.local)
          if (shownTime !== o.scheduled.time) {
            expect(shownDate).toBe(o.scheduled.date)
            expect(shownTime > o.scheduled.time).toBe(true)
            expect(zonedTimeToInstant(o.scheduled.date, o.scheduled.time, zone)?.getTime()).toBe(o.start.getTime())
          }
        }
      }),
      { numRuns: 150 },
    )
  })

  it('expanding two adjacent windows gives the same occurrences as one window over both', () => {
    fc.assert(
      fc.property(zones, fc.array(rule, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), (zone, rules, startDay, a, b) => {
        const s = schedule({ timeZone: zone, rules })
        const from = new Date(Date.UTC(2026, 0, 1 + startDay, 7))
        const middle = new Date(from.getTime() + a * 86_400_000 + 3_600_000)
        const to = new Date(middle.getTime() + b * 86_400_000)
        const whole = expandClassSchedule(s, { from, to }).map((o) => o.id)
        const parts = [...expandClassSchedule(s, { from, to: middle }), ...expandClassSchedule(s, { from: middle, to })].map((o) => o.id)
        expect(parts).toEqual(whole)
      }),
      { numRuns: 100 },
    )
  })
})
