import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { Role } from '#server/shell/roles'
import type { ContactFormInput } from './contact-form-schema'

/** Postgres' unique_violation, raised by the case-insensitive per-tenant email index. */
const UNIQUE_VIOLATION = '23505'

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
}

/** Whether this tenant already has a contact with this email, in any letter case. */
export async function emailIsTaken(trx: TenantExecutor, email: string): Promise<boolean> {
  const row = await trx
    .selectFrom('contacts')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
  return row !== undefined
}

/** Inserts a contact from the Create Contact dialog into the executor's tenant. */
export async function insertContact(
  trx: TenantExecutor,
  tenantId: string,
  input: ContactFormInput,
  role: Role | null,
): Promise<{ id: string; guid: string }> {
  return trx
    .insertInto('contacts')
    .values({
      tenant_id: tenantId,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      grn_number: input.grnNumber,
      has_signed_waiver_form: input.hasSignedWaiverForm,
      subscribe_to_mailing_list: input.subscribeToMailingList,
      role,
    })
    .returning(['id', 'guid'])
    .executeTakeFirstOrThrow()
}
