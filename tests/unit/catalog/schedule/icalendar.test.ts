import { escapeText, foldLine, icalendarDocument, utcDateTime } from '#server/catalog/schedule/icalendar'

describe('iCalendar text (RFC 5545)', () => {
  it.each([
    ['plain', 'Morning Vinyasa', 'Morning Vinyasa'],
    ['comma and semicolon', 'Yoga, Pilates; more', 'Yoga\\, Pilates\\; more'],
    ['backslash first', 'a\\b,c', 'a\\\\b\\,c'],
    ['newlines of every kind', 'one\ntwo\r\nthree\rfour', 'one\\ntwo\\nthree\\nfour'],
    ['colon is left alone', 'Room: Main', 'Room: Main'],
  ])('escapes %s', (_label, input, expected) => {
    expect(escapeText(input)).toBe(expected)
  })

  it('leaves a line of 75 octets whole', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`
    expect(Buffer.byteLength(line)).toBe(75)
    expect(foldLine(line)).toBe(line)
  })

  it('folds a long line into lines of at most 75 octets, each continuation starting with a space', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(20)}`
    const folded = foldLine(line).split('\r\n')
    expect(folded.length).toBe(3)
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75)
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true)
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line)
  })

  it('never splits a multi-byte character when folding', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`
    const folded = foldLine(line).split('\r\n')
    for (const part of folded) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75)
      expect(part).not.toContain('\uFFFD')
    }
    expect(Buffer.byteLength(folded[0] ?? '')).toBe(74) // 8 + 33 two-octet characters; one more would pass 75
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line)
  })

  it('writes instants in UTC basic form', () => {
    expect(utcDateTime(new Date('2026-03-09T13:00:00.000Z'))).toBe('20260309T130000Z')
  })

  it('builds a calendar with CRLF lines, one VEVENT per occurrence and cancelled ones marked', () => {
    const text = icalendarDocument({
      productId: '-//Demo Studio//Public calendar//EN',
      name: 'Demo Studio',
      generatedAt: new Date('2026-11-24T08:00:00Z'),
      events: [
        { uid: 'c1/20261125T070000@demo', start: new Date('2026-11-25T12:00:00Z'), end: new Date('2026-11-25T13:00:00Z'), summary: 'Vinyasa, Level 1', location: 'Main Studio' },
        { uid: 'c2/20261126T181500@demo', start: new Date('2026-11-26T23:15:00Z'), end: new Date('2026-11-27T00:15:00Z'), summary: 'Power Yoga', cancelled: true },
      ],
    })
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.split('\r\n').slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0'])
    expect(text.replace(/\r\n/g, '').includes('\n')).toBe(false)
    expect(text.match(/BEGIN:VEVENT/g)?.length).toBe(2)
    expect(text).toContain('UID:c1/20261125T070000@demo\r\nDTSTAMP:20261124T080000Z\r\nDTSTART:20261125T120000Z\r\nDTEND:20261125T130000Z\r\nSUMMARY:Vinyasa\\, Level 1\r\nLOCATION:Main Studio\r\nSTATUS:CONFIRMED')
    expect(text).toContain('SUMMARY:Power Yoga\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n')
  })
})
