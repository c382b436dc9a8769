import { z } from 'zod'

const uuid = z.string().uuid()

/**
 * What a session is doing besides "signed in as its contact", kept in `sessions.state`.
 * - preview.web: staff see the public site; their own identity and role are unchanged.
 * - preview.student: staff see the student portal as a student (their own contact).
 * - preview.contact: the session's contact is the chosen student; staffContactId is who asked.
 * - franchise: this session lives in a child tenant on behalf of a master franchise's staff
 *   member (masterContactId, a contact of masterTenantId); see franchise-switch.ts.
 * - handoff: the row was made by a franchise switch and is not a session until the child's
 *   host exchanges the one-time code for a cookie.
 */
export const sessionStateSchema = z
  .object({
    preview: z
      .object({
        kind: z.enum(['web', 'student', 'contact']),
        staffContactId: uuid,
      })
      .optional(),
    franchise: z
      .object({
        masterTenantId: uuid,
        masterContactId: uuid,
        /** Where Master View goes back to: the origin the switch was made from. */
        returnOrigin: z.string().url(),
      })
      .optional(),
    handoff: z.literal(true).optional(),
  })
  .strict()

export type SessionState = z.infer<typeof sessionStateSchema>
export type PreviewKind = NonNullable<SessionState['preview']>['kind']

/** A stored state we cannot read is not trusted: the session is treated as absent. */
export function parseSessionState(stored: unknown): SessionState | null {
  const parsed = sessionStateSchema.safeParse(stored ?? {})
  return parsed.success ? parsed.data : null
}
