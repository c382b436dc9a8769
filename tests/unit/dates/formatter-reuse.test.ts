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
    const texts = Array.from({ length: 50 }, (_, i) => formatInZone(Date.UTC(2026, 0, 1 + i), preferences, i % 2 ? 'dateTime' : 'activity'))
    expect(texts.slice(0, 2)).toEqual(['Thu Jan-01-2026 01:45 PM', '02-01-2026 01:45 PM'])
    // One to check the zone, one to format in it.
    expect(built).toBe(2)
  })
})
