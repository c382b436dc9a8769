import { describe, expect, it } from 'vitest'
import { formatFooterDate } from '#server/shell/footer-date'

describe('formatFooterDate', () => {
  it.each([
    { iso: '2026-11-22T05:13:00Z', timeZone: 'UTC', text: 'Sun Nov-22-2026 05:13 AM' },
    { iso: '2026-11-22T05:13:00Z', timeZone: 'Asia/Kolkata', text: 'Sun Nov-22-2026 10:43 AM' },
    { iso: '2026-11-22T05:13:00Z', timeZone: 'America/Los_Angeles', text: 'Sat Nov-21-2026 09:13 PM' },
    { iso: '2026-07-04T16:00:00Z', timeZone: 'America/New_York', text: 'Sat Jul-04-2026 12:00 PM' },
    { iso: '2026-01-01T00:05:00Z', timeZone: 'UTC', text: 'Thu Jan-01-2026 12:05 AM' },
    { iso: '2026-11-22T05:13:00Z', timeZone: 'Not/AZone', text: 'Sun Nov-22-2026 05:13 AM' },
  ])("'ddd MMM-DD-YYYY hh:mm A' for $iso in $timeZone", ({ iso, timeZone, text }) => {
    expect(formatFooterDate(new Date(iso), timeZone)).toBe(text)
  })

  it('gives an empty string for an invalid date', () => {
    expect(formatFooterDate(new Date('nope'), 'UTC')).toBe('')
  })
})
