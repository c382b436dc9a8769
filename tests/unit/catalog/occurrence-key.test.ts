import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatClsStartTime, occurrenceId, parseClsStartTime } from '#server/catalog/occurrence-key'
import { formatCalendarDate, parseCalendarDate, weekdayOfDay } from '#server/catalog/calendar-date'

describe('clsStartTime of the sign-up address', () => {
  it('is the scheduled local start in the iCalendar local form', () => {
    expect(formatClsStartTime({ date: '2026-03-08', time: '02:30' })).toBe('20260308T023000')
    expect(occurrenceId('c9f1', { date: '2026-11-01', time: '01:30' })).toBe('c9f1/20261101T013000')
  })

  it('reads back what it wrote', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 0, max: 1439 }), (day, minutes) => {
        const start = { date: formatCalendarDate(day), time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` }
        expect(parseClsStartTime(formatClsStartTime(start))).toEqual(start)
      }),
    )
  })

  it.each(['', '2026-03-08T02:30', '20260230T090000', '20260308T243000', '20260308T096000', '20260308T090030', '1772953200000', '20260308t090000', '20260308T0900'])('refuses %j', (value) => {
    expect(parseClsStartTime(value)).toBeNull()
  })

  it('a malformed start is a programming error', () => {
    expect(() => formatClsStartTime({ date: '2026-3-8', time: '9:00' })).toThrow()
  })
})

describe('calendar dates', () => {
  it('count days from 1970-01-01 and know the weekday', () => {
    expect(parseCalendarDate('1970-01-01')).toBe(0)
    expect(weekdayOfDay(parseCalendarDate('2026-11-24')!)).toBe(2)
    expect(weekdayOfDay(parseCalendarDate('1969-12-28')!)).toBe(0)
    expect(formatCalendarDate(parseCalendarDate('2028-02-29')!)).toBe('2028-02-29')
    expect(parseCalendarDate('2027-02-29')).toBeNull()
  })
})
