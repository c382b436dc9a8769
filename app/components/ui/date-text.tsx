import type { ShownDate } from '#server/dates/tenant-dates'

/**
 * A date the server formatted in the tenant's time zone, inside `<time>` so the exact instant
 * stays machine-readable (and a title shows it in UTC). No date shows `empty`.
 */
export function DateText({ value, empty = null, className }: { value: ShownDate | null; empty?: string | null; className?: string }) {
  if (!value) return empty
  return (
    <time dateTime={value.dateTime} className={className}>
      {value.text}
    </time>
  )
}
