import { describe, expect, it } from 'vitest'
import { calendarDaysBetween, relativeDayText } from '#server/dates/relative-day'
import { shownRelativeDay } from '#server/dates/tenant-dates'

const at = (iso: string) => new Date(iso)

describe('relative day text', () => {
  const now = at('2026-11-22T17:00:00Z') // 12:00 in New York
  it.each([
    ['2026-11-22T05:01:00Z', 'Today'], // 00:01 the same day in New York
    ['2026-11-22T16:59:00Z', 'Today'],
    ['2026-11-22T04:59:00Z', 'a day ago'], // 23:59 the day before
    ['2026-11-20T17:00:00Z', '2 days ago'],
    ['2026-10-28T17:00:00Z', '25 days ago'],
    ['2026-10-27T17:00:00Z', 'a month ago'],
    ['2026-08-22T17:00:00Z', '3 months ago'],
    ['2025-11-22T17:00:00Z', 'a year ago'],
    ['2023-11-22T17:00:00Z', '3 years ago'],
    ['2026-11-24T17:00:00Z', 'in 2 days'],
  ])('%s reads %s at noon in New York', (then, text) => {
    expect(relativeDayText(at(then), now, 'America/New_York')).toBe(text)
  })

  it('counts midnights in the zone, not in UTC', () => {
    // 23:50 and 00:10 in New York are 04:50 and 05:10 UTC: the same UTC day, two New York days.
    const before = at('2026-11-22T04:50:00Z')
    const after = at('2026-11-22T05:10:00Z')
    expect(relativeDayText(before, after, 'America/New_York')).toBe('a day ago')
    expect(relativeDayText(before, after, 'UTC')).toBe('Today')
    // 23:00 UTC is already tomorrow in Kolkata (04:30) and Istanbul (02:00).
    expect(relativeDayText(at('2026-11-22T17:00:00Z'), at('2026-11-22T23:00:00Z'), 'Asia/Kolkata')).toBe('a day ago')
    expect(relativeDayText(at('2026-11-22T20:30:00Z'), at('2026-11-22T21:30:00Z'), 'Europe/Istanbul')).toBe('a day ago')
  })

  it('counts a 23-hour or 25-hour day as one day', () => {
    expect(calendarDaysBetween(at('2026-03-08T05:00:00Z'), at('2026-03-09T04:00:00Z'), 'America/New_York')).toBe(1)
    expect(calendarDaysBetween(at('2026-11-01T04:00:00Z'), at('2026-11-02T05:00:00Z'), 'America/New_York')).toBe(1)
  })

  it("gives '' for a value that is not a date", () => {
    expect(relativeDayText(new Date('nope'), now, 'UTC')).toBe('')
  })
})

describe('relative days for <time>', () => {
  it('keep the instant for the dateTime attribute', () => {
    const preferences = { timezone: 'America/New_York', dateFormat: 'MM/dd/YYYY' } as const
    expect(shownRelativeDay('2026-11-22T04:50:00Z', preferences, at('2026-11-22T05:10:00Z'))).toEqual({ dateTime: '2026-11-22T04:50:00.000Z', text: 'a day ago' })
    expect(shownRelativeDay(null, preferences, at('2026-11-22T05:10:00Z'))).toBeNull()
  })
})
