import { sql } from 'kysely'
import { contactLimitMessage } from '#server/plans/plan-limits'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { ROLE_STUDENT } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { withTenant } from '#db/tenant-scope'
import { landingAfterLogin } from './landing-after-login'
import { hashPassword } from './password'
import type { RequestFacts } from './sign-in'
import { startSession, type StartedSession } from './start-session'

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Login, or reset your password.'
export const UNKNOWN_ORG_MESSAGE = 'We could not find that organisation. Check the id and try again.'
export const OTHER_FRANCHISE_MESSAGE = 'This registration link belongs to another organisation.'

export interface Registered {
  session: StartedSession
  tenant: Tenant
  landing: string
}

/** The form field a refusal belongs to; null for the whole form. */
export type RegisterRefusal = { field: 'orgId' | 'email' | 'franchiseId' | null }

/**
 * Registered and signed in, or refused with the words to show: rate_limited, invalid_input (an
 * organisation or franchise that does not fit) or conflict (the email has an account).
 */
export type RegisterResult = WordedResult<Registered, 'rate_limited' | 'invalid_input' | 'conflict', RegisterRefusal>

export interface RegisterInput extends RequestFacts {
  hostTenant: Tenant | null
  orgId: string
  name: string
  lastName: string
  email: string
  password: string
  franchiseId: string | undefined
  redirectTo: string | null
}

/**
 * Self-registration (POST /register): a new student contact of the organisation, signed in
 * straight away. On a tenant host the host is the organisation; on the bare platform host
 * the orgId typed in names it.
 */
export async function registerStudent(
  platform: Pick<Platform, 'database' | 'env' | 'tenants' | 'attemptLimiter' | 'caches'>,
  input: RegisterInput,
): Promise<RegisterResult> {
  const limiter = platform.attemptLimiter
  const keys = { tenantId: input.hostTenant?.id ?? null, ip: input.ip, email: input.email }
  const allowed = await limiter.check('register', keys)
  if (!allowed.ok) return err('rate_limited', allowed.message, { field: null })
  await limiter.record('register', keys)

  const tenant = input.hostTenant ?? (input.orgId ? await platform.tenants.findByOrgId(input.orgId) : null)
  if (!tenant) return err('invalid_input', UNKNOWN_ORG_MESSAGE, { field: 'orgId' })
  const franchiseId = normaliseFranchiseId(input.franchiseId, platform.env.MASTER_ORG_ID)
  if (franchiseId && franchiseId !== tenant.orgId) return err('invalid_input', OTHER_FRANCHISE_MESSAGE, { field: 'franchiseId' })

  const passwordHash = await hashPassword(input.password)
  const contactId = await withTenant(platform.database, tenant.id, async (trx) => {
    const existing = await trx
      .selectFrom('contacts')
      .select('id')
      .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
      .executeTakeFirst()
    if (existing) return null
    const row = await trx
      .insertInto('contacts')
      .values({
        tenant_id: tenant.id,
        first_name: input.name,
        last_name: input.lastName,
        // Stored lower-cased: sign-in matches case-insensitively, and mail systems do too.
        email: input.email.toLowerCase(),
        role: ROLE_STUDENT,
        password_hash: passwordHash,
      })
      .returning('id')
      .executeTakeFirst()
    return row?.id ?? null
  }).catch((error: unknown) => {
    // Two registrations racing for one email: the unique index keeps only the first.
    if (isUniqueViolation(error)) return null
    // Past the studio's plan limit on contacts: nobody is registered.
    const limit = contactLimitMessage(error)
    if (limit) return { refusedBy: limit }
    throw error
  })
  if (contactId !== null && typeof contactId === 'object') {
    // The refused insert was rolled back; the write audit still counts the attempt.
    platform.caches.changed(tenant.id, ['contacts'])
    return err('invalid_input', contactId.refusedBy, { field: null })
  }
  if (!contactId) return err('conflict', EMAIL_TAKEN_MESSAGE, { field: 'email' })
  platform.caches.changed(tenant.id, ['contacts'])

  const session = await startSession(platform, {
    tenantId: tenant.id,
    contactId,
    method: 'register',
    rememberMe: false,
    ip: input.ip,
    userAgent: input.userAgent,
    previousToken: input.previousToken,
  })
  if (!session) throw new Error('a contact registered a moment ago could not sign in')
  const landing = await landingAfterLogin(platform, tenant, session.role, input.redirectTo)
  return ok({ session, tenant, landing })
}

/** "A franchise id equal to the master franchise constant is sent as empty" (spec 000 5). */
export function normaliseFranchiseId(value: string | undefined, masterOrgId: string): string {
  const id = (value ?? '').trim().toLowerCase()
  return id === masterOrgId.toLowerCase() ? '' : id
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505'
}
