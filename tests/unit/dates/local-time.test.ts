import { describe, expect, it } from 'vitest'
import { dateInputValue, timeInputValue, zonedDayBounds, zonedTimeToInstant } from '#server/dates/local-time'

const iso = (date: Date | null) => date?.toISOString() ?? null

describe('a local date and time in a zone, as a UTC instant', () => {
  it.each([
    // Ordinary days.
    ['2026-11-22', '10:43', 'Asia/Kolkata', '2026-11-22T05:13:00.000Z'],
    ['2026-11-22', '00:00', 'Europe/Istanbul', '2026-11-21T21:00:00.000Z'],
    ['2026-07-04', '12:00', 'America/New_York', '2026-07-04T16:00:00.000Z'],
    ['2026-01-15', '09:30:15', 'America/Los_Angeles', '2026-01-15T17:30:15.000Z'],
    // New York, 2026-03-08: 02:00-02:59 does not exist; a time in the gap moves forward by an hour.
    ['2026-03-08', '01:59', 'America/New_York', '2026-03-08T06:59:00.000Z'],
    ['2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-03-08', '03:00', 'America/New_York', '2026-03-08T07:00:00.000Z'],
    // New York, 2026-11-01: 01:00-01:59 happens twice; the first (EDT) is meant.
    ['2026-11-01', '00:59', 'America/New_York', '2026-11-01T04:59:00.000Z'],
    ['2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-11-01', '02:00', 'America/New_York', '2026-11-01T07:00:00.000Z'],
    // An unknown zone reads as UTC.
    ['2026-11-22', '10:43', 'Nowhere/Land', '2026-11-22T10:43:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(iso(zonedTimeToInstant(date, time, zone))).toBe(expected)
  })

  it.each([
    ['2026-02-30', '10:00'],
    ['2026-13-01', '10:00'],
    ['2026-11-22', '24:00'],
    ['2026-11-22', '10:60'],
    ['22/11/2026', '10:00'],
    ['2026-11-22', '10am'],
    ['', ''],
  ])('refuses %s %s', (date, time) => {
    expect(zonedTimeToInstant(date, time, 'America/New_York')).toBeNull()
  })

  it('gives back what the zone shows, every half hour through both 2026 changes in New York', () => {
    for (const day of ['2026-03-08', '2026-11-01']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
        const instant = zonedTimeToInstant(day, time, 'America/New_York')
        if (!instant) throw new Error(`no instant for ${day} ${time}`)
        const skipped = day === '2026-03-08' && time.startsWith('02:')
        expect(timeInputValue(instant, 'America/New_York')).toBe(skipped ? `03:${time.slice(3)}` : time)
        expect(dateInputValue(instant, 'America/New_York')).toBe(day)
      }
    }
  })
})

describe("a zone's calendar day", () => {
  it('is 23 hours when clocks spring forward and 25 when they fall back', () => {
    const spring = zonedDayBounds('2026-03-08', 'America/New_York')
    const autumn = zonedDayBounds('2026-11-01', 'America/New_York')
    expect({ start: iso(spring?.start ?? null), end: iso(spring?.end ?? null) }).toEqual({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' })
    expect({ start: iso(autumn?.start ?? null), end: iso(autumn?.end ?? null) }).toEqual({ start: '2026-11-01T04:00:00.000Z', end: '2026-11-02T05:00:00.000Z' })
  })

  it('starts at the half hour in Kolkata and crosses a month end', () => {
    const day = zonedDayBounds('2026-11-30', 'Asia/Kolkata')
    expect([iso(day?.start ?? null), iso(day?.end ?? null)]).toEqual(['2026-11-29T18:30:00.000Z', '2026-11-30T18:30:00.000Z'])
    expect(zonedDayBounds('2026-02-29', 'Asia/Kolkata')).toBeNull()
  })
})

describe('date input values', () => {
  it('are the calendar day in the zone, not in UTC', () => {
    const lateEvening = new Date('2026-11-22T03:00:00Z')
    expect(dateInputValue(lateEvening, 'America/Los_Angeles')).toBe('2026-11-21')
    expect(dateInputValue(lateEvening, 'Asia/Kolkata')).toBe('2026-11-22')
    expect(dateInputValue(new Date('2026-12-31T21:00:00Z'), 'Europe/Istanbul')).toBe('2027-01-01')
    expect(dateInputValue(new Date('nope'), 'UTC')).toBe('')
  })
})
