import { z } from 'zod'

const guidSchema = z.string().uuid()

/**
 * A contact guid taken from a URL or a form, or null when it cannot be one. Checked before it
 * reaches SQL so that a mangled id is a 404 and never a database cast error.
 */
export function parseContactGuid(unverified: unknown): string | null {
  const parsed = guidSchema.safeParse(unverified)
  return parsed.success ? parsed.data.toLowerCase() : null
}
