import type { TenantExecutor } from '#db/tenant-scope'

/** The contact a profile action works on, as the action needs it. */
export interface ContactActionTarget {
  id: string
  guid: string
  email: string | null
  fullName: string
  role: string | null
  /** A password is set: the contact can sign in. */
  hasLogin: boolean
  isEmailVerified: boolean
  isAccountLocked: boolean
  /** The language they chose, if any: what the emails to them are written in (else the studio's). */
  language: string | null
}

/**
 * The contact behind a (checked) guid in the caller's tenant transaction, row-locked so that
 * two staff pressing the same button at once act one after the other; null for another
 * tenant's or a deleted contact (row-level security hides the former).
 */
export async function lockActionTarget(trx: TenantExecutor, guid: string): Promise<ContactActionTarget | null> {
  const row = await trx
    .selectFrom('contacts')
    .select(['id', 'guid', 'email', 'first_name', 'last_name', 'role', 'password_hash', 'is_email_verified', 'is_account_locked', 'language'])
    .where('guid', '=', guid)
    .forUpdate()
    .executeTakeFirst()
  if (!row) return null
  return {
    id: row.id,
    guid: row.guid,
    email: row.email?.trim() || null,
    fullName: contactDisplayName(row.first_name, row.last_name, row.email),
    role: row.role,
    hasLogin: row.password_hash !== null,
    isEmailVerified: row.is_email_verified,
    isAccountLocked: row.is_account_locked,
    language: row.language,
  }
}

/** First and last name, or the email for a contact without a name. */
export function contactDisplayName(firstName: string, lastName: string, email: string | null): string {
  return `${firstName} ${lastName}`.trim() || email || 'This contact'
}
