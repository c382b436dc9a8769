import type { TenantExecutor } from '#db/tenant-scope'

/** Kinds of entries in a contact's activity log. */
export const ACTIVITY_TYPES = {
  formSubmitted: 'form_submitted',
  noteAdded: 'note_added',
  tagAdded: 'tag_added',
  guardianLinked: 'guardian_linked',
  /** A message staff wrote to the contact from the profile ('Send email'). */
  emailSent: 'email_sent',
  /** Login details (a link to set the password) mailed by staff. */
  credentialsSent: 'credentials_sent',
  /** A password reset link mailed by staff. */
  passwordResetSent: 'password_reset_sent',
  verificationSent: 'verification_sent',
  emailVerified: 'email_verified',
} as const

export type ActivityType = (typeof ACTIVITY_TYPES)[keyof typeof ACTIVITY_TYPES]

/** Adds one entry to a contact's activity log, in the caller's transaction. */
export async function recordActivity(
  trx: TenantExecutor,
  entry: { tenantId: string; contactId: string; type: ActivityType; text: string; details?: Record<string, unknown> },
): Promise<void> {
  await trx
    .insertInto('activities')
    .values({
      tenant_id: entry.tenantId,
      contact_id: entry.contactId,
      type: entry.type,
      text: entry.text,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute()
}
