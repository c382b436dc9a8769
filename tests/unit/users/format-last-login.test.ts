import { formatLastLogin } from '#server/users/format-last-login'

describe('Last Login Time', () => {
  it.each([
    [null, 'America/New_York', '-'],
    ['not a date', 'America/New_York', '-'],
    ['2026-03-04T05:06:00Z', 'America/New_York', 'Mar 4, 2026, 12:06 AM'],
    ['2026-03-04T05:06:00Z', 'Asia/Kolkata', 'Mar 4, 2026, 10:36 AM'],
    [new Date('2026-12-31T23:59:00Z'), 'UTC', 'Dec 31, 2026, 11:59 PM'],
    // An unknown time zone falls back to UTC rather than breaking the list.
    ['2026-03-04T05:06:00Z', 'Mars/Olympus_Mons', 'Mar 4, 2026, 5:06 AM'],
  ])('%s in %s reads %s', (at, zone, expected) => {
    expect(formatLastLogin(at, zone).replace(/\u202f/g, ' ')).toBe(expected)
  })
})
