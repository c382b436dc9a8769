import { describe, expect, it } from 'vitest'
import { zonedParts, zoneOffsetMs } from '#server/dates/zoned-parts'

/** The wall clock as Intl reads it, with no remembering: what zonedParts must always agree with. */
function intlParts(date: Date, timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23', timeZoneName: 'short' })
  const values: Record<string, string> = {}
  for (const part of format.formatToParts(date)) values[part.type] = part.value
  const year = Number(values.year)
  const month = Number(values.month)
  const day = Number(values.day)
  return {
    year,
    month,
    day,
    hour: Number(values.hour) % 24,
    minute: Number(values.minute),
    second: Number(values.second),
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    zoneName: values.timeZoneName ?? 'UTC',
  }
}

const ZONES = ['America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe', 'Europe/Istanbul', 'Pacific/Chatham', 'UTC']

describe('zonedParts', () => {
  it('agrees with Intl minute by minute across the changes of 2026 in zones with odd offsets', () => {
    // Around the spring and autumn changes of both hemispheres.
    const windows = ['2026-03-08T05:00:00Z', '2026-11-01T04:00:00Z', '2026-04-04T14:00:00Z', '2026-10-03T15:00:00Z', '2026-03-29T00:00:00Z', '2026-09-26T13:00:00Z']
    for (const zone of ZONES) {
      for (const window of windows) {
        const from = Date.parse(window)
        for (let step = 0; step < 6 * 60; step += 7) {
          const at = new Date(from + step * 60_000 + 13_000)
          expect(zonedParts(at, zone), `${zone} ${at.toISOString()}`).toEqual(intlParts(at, zone))
        }
      }
    }
  })

  it('agrees with Intl on old dates, when zones kept local mean time to the second', () => {
    for (const iso of ['1850-06-01T12:00:00Z', '1883-11-18T16:59:59Z', '1883-11-18T17:00:01Z', '1920-01-01T00:00:00Z', '0050-03-01T10:00:00Z']) {
      const at = new Date(iso)
      for (const zone of ZONES) expect(zonedParts(at, zone), `${zone} ${iso}`).toEqual(intlParts(at, zone))
    }
  })

  it('agrees with Intl on random instants, asked twice', () => {
    let seed = 7
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31)
    for (let i = 0; i < 2000; i++) {
      const at = new Date(Date.UTC(1970, 0, 1) + Math.floor(random() * 80 * 365.25 * 86_400_000))
      const zone = ZONES[i % ZONES.length] ?? 'UTC'
      expect(zonedParts(at, zone)).toEqual(intlParts(at, zone))
      expect(zonedParts(at, zone)).toEqual(intlParts(at, zone))
    }
  })

  it('reads an unknown zone in UTC and gives offsets from the same reading', () => {
    const at = new Date('2026-07-01T12:34:56Z')
    expect(zonedParts(at, 'Not/AZone')).toMatchObject({ hour: 12, minute: 34, second: 56 })
    expect(zoneOffsetMs(at.getTime(), 'Asia/Kathmandu')).toBe((5 * 60 + 45) * 60_000)
  })
})
