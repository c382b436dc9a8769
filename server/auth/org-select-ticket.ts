import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/** How long the 'Select Org To Login.' choice stays open after the password was checked. */
const TICKET_MINUTES = 10

const payloadSchema = z.object({
  /** The organisations (tenant ids) where this person proved who they are, with their contact. */
  choices: z.array(z.object({ tenantId: z.string().uuid(), contactId: z.string().uuid() })).min(1).max(100),
  method: z.enum(['password', 'google']),
  rememberMe: z.boolean(),
  redirectTo: z.string().max(2000).nullable(),
  exp: z.number().int(),
})

export type OrgSelectTicket = z.infer<typeof payloadSchema>

/**
 * The proof carried from the password (or Google) step to the organisation choice, as a
 * hidden form field, so the choice works without JavaScript and without sending the password
 * twice. Signed with the app secret; it only names organisations already verified.
 */
export function signOrgSelectTicket(secret: string, ticket: Omit<OrgSelectTicket, 'exp'>, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...ticket, exp: now + TICKET_MINUTES * 60_000 })).toString('base64url')
  return `${body}.${sign(secret, body)}`
}

export function readOrgSelectTicket(secret: string, value: unknown, now = Date.now()): OrgSelectTicket | null {
  if (typeof value !== 'string' || value.length > 20_000) return null
  const [body, signature, extra] = value.split('.')
  if (!body || !signature || extra !== undefined) return null
  const expected = Buffer.from(sign(secret, body))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const parsed = payloadSchema.safeParse(json)
  if (!parsed.success || parsed.data.exp <= now) return null
  return parsed.data
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', `org-select:${secret}`).update(body).digest('base64url')
}
