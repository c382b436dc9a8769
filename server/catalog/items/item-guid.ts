import { z } from 'zod'

const guidSchema = z.string().uuid()

/** An item guid taken from an address or a form, or null when it cannot be one (then: 404). */
export function parseItemGuid(unverified: unknown): string | null {
  const parsed = guidSchema.safeParse(unverified)
  return parsed.success ? parsed.data.toLowerCase() : null
}
