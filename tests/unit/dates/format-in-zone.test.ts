import { describe, expect, it } from 'vitest'
import { DATE_FORMATS, type DateFormat } from '#server/dates/date-formats'
import { formatPattern } from '#server/dates/date-pattern'
import { formatDate, formatDateTime, formatInZone, formatTime, machineDateTime, shownDate, type DatePreferences } from '#server/dates/tenant-dates'

const newYork: DatePreferences = { timezone: 'America/New_York', dateFormat: 'MM/dd/YYYY' }
const zone = (timezone: string, dateFormat: DateFormat = 'MM/dd/YYYY'): DatePreferences => ({ timezone, dateFormat })

describe("the footer's 'ddd MMM-DD-YYYY hh:mm A'", () => {
  it.each([
    { iso: '2026-11-22T05:13:00Z', timeZone: 'UTC', text: 'Sun Nov-22-2026 05:13 AM' },
    { iso: '2026-11-22T05:13:00Z', timeZone: 'Asia/Kolkata', text: 'Sun Nov-22-2026 10:43 AM' },
    { iso: '2026-11-22T05:13:00Z', timeZone: 'America/Los_Angeles', text: 'Sat Nov-21-2026 09:13 PM' },
    { iso: '2026-07-04T16:00:00Z', timeZone: 'America/New_York', text: 'Sat Jul-04-2026 12:00 PM' },
    { iso: '2026-01-01T00:05:00Z', timeZone: 'UTC', text: 'Thu Jan-01-2026 12:05 AM' },
    { iso: '2026-11-22T21:30:00Z', timeZone: 'Europe/Istanbul', text: 'Mon Nov-23-2026 12:30 AM' },
  ])('$iso in $timeZone reads $text', ({ iso, timeZone, text }) => {
    expect(formatInZone(iso, zone(timeZone), 'activity')).toBe(text)
  })
})

describe("the tenant's date format setting", () => {
  const at = '2026-03-04T15:06:00Z'
  it.each([
    ['MM/dd/YYYY', '03/04/2026'],
    ['MM dd YYYY', '03 04 2026'],
    ['MM-dd-YYYY', '03-04-2026'],
    ['MMM dd YYYY', 'Mar 04 2026'],
    ['dd/MM/YYYY', '04/03/2026'],
    ['dd-MM-YYYY', '04-03-2026'],
  ] as const)('%s gives %s', (dateFormat, text) => {
    expect(formatDate(at, zone('America/New_York', dateFormat))).toBe(text)
  })

  it('covers every option the spec lists', () => {
    expect(DATE_FORMATS).toEqual(['MM/dd/YYYY', 'MM dd YYYY', 'MM-dd-YYYY', 'MMM dd YYYY', 'dd/MM/YYYY', 'dd-MM-YYYY'])
  })

  it('puts the time after the date on a 12-hour clock', () => {
    expect(formatDateTime(at, zone('Asia/Kolkata', 'dd/MM/YYYY'))).toBe('04/03/2026 08:36 PM')
    expect(formatTime(at, newYork)).toBe('10:06 AM')
    expect(formatTime('2026-03-04T05:00:00Z', zone('UTC'))).toBe('05:00 AM')
    expect(formatTime('2026-03-04T12:00:00Z', zone('UTC'))).toBe('12:00 PM')
    expect(formatTime('2026-03-04T00:00:00Z', zone('UTC'))).toBe('12:00 AM')
  })
})

describe('zones around daylight saving changes', () => {
  it.each([
    // America/New_York springs forward at 07:00 UTC on 2026-03-08 (02:00 EST becomes 03:00 EDT).
    ['2026-03-08T06:59:00Z', 'America/New_York', '03/08/2026 01:59 AM EST'],
    ['2026-03-08T07:00:00Z', 'America/New_York', '03/08/2026 03:00 AM EDT'],
    // ... and falls back at 06:00 UTC on 2026-11-01: 01:30 happens twice.
    ['2026-11-01T05:30:00Z', 'America/New_York', '11/01/2026 01:30 AM EDT'],
    ['2026-11-01T06:30:00Z', 'America/New_York', '11/01/2026 01:30 AM EST'],
    // Istanbul keeps UTC+3 all year; Kolkata is UTC+5:30.
    ['2026-07-01T21:00:00Z', 'Europe/Istanbul', '07/02/2026 12:00 AM GMT+3'],
    ['2026-01-01T21:00:00Z', 'Europe/Istanbul', '01/02/2026 12:00 AM GMT+3'],
    ['2026-11-22T18:29:00Z', 'Asia/Kolkata', '11/22/2026 11:59 PM GMT+5:30'],
    ['2026-11-22T18:30:00Z', 'Asia/Kolkata', '11/23/2026 12:00 AM GMT+5:30'],
  ])('%s in %s reads %s', (iso, timeZone, text) => {
    expect(formatInZone(iso, zone(timeZone), 'dateTimeZone')).toBe(text)
  })
})

describe('values that cannot be shown', () => {
  it('reads an unknown or empty zone as UTC without throwing', () => {
    expect(formatInZone('2026-11-22T05:13:00Z', zone('Mars/Olympus_Mons'), 'dateTimeZone')).toBe('11/22/2026 05:13 AM UTC')
    expect(formatInZone('2026-11-22T05:13:00Z', zone(''), 'activity')).toBe('Sun Nov-22-2026 05:13 AM')
  })

  it("gives '' for a value that is not a date, and no ShownDate for none", () => {
    expect(formatDateTime('not a date', newYork)).toBe('')
    expect(machineDateTime(new Date(Number.NaN))).toBe('')
    expect(shownDate(null, newYork)).toBeNull()
    expect(shownDate(undefined, newYork)).toBeNull()
    expect(shownDate('nope', newYork)).toBeNull()
  })
})

describe('dates for <time>', () => {
  it('carries the UTC instant for the dateTime attribute and the text in the zone', () => {
    expect(shownDate(new Date('2026-11-22T05:13:00Z'), zone('America/Los_Angeles'))).toEqual({
      dateTime: '2026-11-22T05:13:00.000Z',
      text: '11/21/2026 09:13 PM',
    })
    expect(shownDate(Date.UTC(2026, 10, 22, 5, 13), newYork, 'monthYear')).toEqual({ dateTime: '2026-11-22T05:13:00.000Z', text: 'November 2026' })
    expect(shownDate('2026-11-22T05:13:00Z', newYork, 'longDate')?.text).toBe('Sunday, November 22, 2026')
  })
})

describe('patterns', () => {
  it('prints bracketed text as it is and keeps other characters', () => {
    expect(formatPattern(new Date('2026-11-22T05:13:09Z'), 'UTC', '[Day] D, HH:mm:ss a (z)')).toBe('Day 22, 05:13:09 am (UTC)')
  })
})

describe('short weekday names in Turkish', () => {
  it('writes the short names Turkish uses, not the first three letters (Pazartesi is Pzt, Cumartesi Cmt)', () => {
    // 29 Nov 2026 is a Sunday; the week that follows, day by day at noon in Istanbul.
    const week = Array.from({ length: 7 }, (_unused, day) => formatPattern(new Date(Date.UTC(2026, 10, 29 + day, 9)), 'Europe/Istanbul', 'ddd', 'tr'))
    expect(week).toEqual(['Paz', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt'])
    expect(formatPattern(new Date(Date.UTC(2026, 10, 30, 9)), 'Europe/Istanbul', 'ddd DD MMM YYYY HH:mm', 'tr')).toBe('Pzt 30 Kas 2026 12:00')
    expect(formatPattern(new Date(Date.UTC(2026, 10, 30, 9)), 'UTC', 'ddd', 'en')).toBe('Mon')
  })
})
