import { afterEach, describe, expect, it } from 'vitest'
import { formatInZone } from '#server/dates/tenant-dates'

const Original = Intl.DateTimeFormat

afterEach(() => {
  Intl.DateTimeFormat = Original
})

describe('formatters', () => {
  it('are built once per zone, whatever the pattern and however many dates', () => {
    let built = 0
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args)
        built++
      }
    } as typeof Original
    const preferences = { timezone: 'Pacific/Chatham', dateFormat: 'dd-MM-YYYY' } as const
    const format = (i: number) => formatInZone(Date.UTC(2026, 0, 1 + i), preferences, i % 2 ? 'dateTime' : 'activity')
    // Both patterns once: at most one formatter to check the zone and one to format in it (none
    // when an earlier file in this worker built them: the files share modules).
    expect([format(0), format(1)]).toEqual(['Thu Jan-01-2026 01:45 PM', '02-01-2026 01:45 PM'])
    expect(built).toBeLessThanOrEqual(2)
    built = 0
    for (let i = 2; i < 50; i++) format(i)
    expect(built).toBe(0)
  })
})
