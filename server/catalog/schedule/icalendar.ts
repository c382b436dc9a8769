/** One VEVENT of an exported calendar. */
export interface CalendarEvent {
  uid: string
  start: Date
  end: Date
  summary: string
  location?: string | null
  description?: string | null
  cancelled?: boolean
}

export interface CalendarDocument {
  /** PRODID: who made the file. */
  productId: string
  /** X-WR-CALNAME: what calendar apps call the subscription. */
  name: string
  /** DTSTAMP of every event: when the file was made. */
  generatedAt: Date
  events: readonly CalendarEvent[]
}

const CRLF = '\r\n'
const MAX_LINE_OCTETS = 75

/**
 * An iCalendar file (RFC 5545): times in UTC, text escaped, every content line folded at 75
 * octets and ended with CRLF. A cancelled occurrence stays in the file with STATUS:CANCELLED,
 * so a subscribed calendar removes it rather than keeping a stale copy.
 */
export function icalendarDocument(document: CalendarDocument): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(document.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(document.name)}`,
  ]
  const stamp = utcDateTime(document.generatedAt)
  for (const event of document.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcDateTime(event.start)}`,
      `DTEND:${utcDateTime(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    )
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
    lines.push(`STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join(CRLF) + CRLF
}

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, newlines as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * Folds a content line (RFC 5545 3.1): no line longer than 75 octets of UTF-8; each
 * continuation starts with one space, which counts. A character is never split across lines.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8')
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current)
      current = ` ${char}`
      octets = 1 + size
    } else {
      current += char
      octets += size
    }
  }
  parts.push(current)
  return parts.join(CRLF)
}

/** '20260309T140000Z' */
export function utcDateTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')
}
