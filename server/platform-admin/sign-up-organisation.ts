import { sql } from 'kysely'
import { z } from 'zod'
import { addPeople, createTenant } from '#db/create-tenant'
import { asSystem } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import { err, ok, type WordedResult } from '#server/errors/result'
import { SUBDOMAIN } from '#server/franchises/franchise-form'
import type { Platform } from '#server/platform'
import { putTenantOnPlan } from '#server/plans/tenant-plan'

export const SIGN_UP_MESSAGES = {
  businessName: 'Business name is required!',
  orgId: 'Org Id is required!',
  orgIdShape: 'The Org Id becomes your address: lowercase letters, digits and hyphens, not starting or ending with a hyphen.',
  orgIdTaken: 'This Org Id is already in use. Choose another.',
  firstName: 'First name is required!',
  lastName: 'Last name is required!',
  email: 'Enter a valid email address.',
  password: 'The password must be at least 8 characters.',
  fix: 'Please correct the highlighted fields.',
} as const

/** Org ids that name the platform's own hosts, never an organisation. */
const RESERVED_ORG_IDS = new Set(['www', 'api', 'app', 'admin', 'mail', 'static', 'assets', 'cdn', 'status', 'help', 'support'])

const text = (max: number, message: string) =>
  z
    .string()
    .default('')
    .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, max))
    .pipe(z.string().min(1, message))

export const signUpSchema = z.object({
  businessName: text(200, SIGN_UP_MESSAGES.businessName),
  orgId: z
    .string()
    .default('')
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.string().min(1, SIGN_UP_MESSAGES.orgId).regex(SUBDOMAIN, SIGN_UP_MESSAGES.orgIdShape))
    .refine((value) => !RESERVED_ORG_IDS.has(value), SIGN_UP_MESSAGES.orgIdTaken),
  firstName: text(100, SIGN_UP_MESSAGES.firstName),
  lastName: text(100, SIGN_UP_MESSAGES.lastName),
  email: z.string().default('').transform((value) => value.trim().toLowerCase()).pipe(z.string().max(254).email(SIGN_UP_MESSAGES.email)),
  password: z.string().default('').pipe(z.string().min(8, SIGN_UP_MESSAGES.password).max(200, SIGN_UP_MESSAGES.password)),
})

export type SignUpFields = keyof z.infer<typeof signUpSchema>
export type SignUpErrors = Partial<Record<SignUpFields, string>>
export type SignUpValues = Partial<Record<Exclude<SignUpFields, 'password'>, string>>

export type SignUpResult = WordedResult<{ orgId: string; email: string }, 'invalid_input' | 'conflict' | 'rate_limited', { errors: SignUpErrors; values: SignUpValues }>

/**
 * A new organisation signs up on the platform's own site: its tenant with the standard website
 * pages, its admin (email not yet verified) and the Free plan, in one transaction, marked new so
 * its staff go through onboarding first. Refused with the field at fault; a taken org id (the
 * platform's own included) is said in its field. Attempts are limited per address.
 */
export async function signUpOrganisation(platform: Pick<Platform, 'database' | 'env' | 'attemptLimiter' | 'caches'>, form: FormData, input: { ip: string; now: Date }): Promise<SignUpResult> {
  const values: SignUpValues = {
    businessName: String(form.get('businessName') ?? '').slice(0, 200),
    orgId: String(form.get('orgId') ?? '').slice(0, 63),
    firstName: String(form.get('firstName') ?? '').slice(0, 100),
    lastName: String(form.get('lastName') ?? '').slice(0, 100),
    email: String(form.get('email') ?? '').slice(0, 254),
  }
  const parsed = signUpSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')))
  if (!parsed.success) {
    const errors: SignUpErrors = {}
    for (const issue of parsed.error.issues) errors[issue.path[0] as SignUpFields] ??= issue.message
    return err('invalid_input', SIGN_UP_MESSAGES.fix, { errors, values })
  }
  const fields = parsed.data
  const limitKeys = { tenantId: null, ip: input.ip, email: fields.email }
  const allowed = await platform.attemptLimiter.check('register', limitKeys)
  if (!allowed.ok) return err('rate_limited', allowed.message, { errors: {}, values })
  await platform.attemptLimiter.record('register', limitKeys)
  if (fields.orgId === platform.env.MASTER_ORG_ID) return err('conflict', SIGN_UP_MESSAGES.fix, { errors: { orgId: SIGN_UP_MESSAGES.orgIdTaken }, values })

  const passwordHash = await hashPassword(fields.password)
  try {
    const created = await asSystem(platform.database, 'a new organisation signs up', async (trx) => {
      if (await trx.selectFrom('tenants').select('id').where('org_id', '=', fields.orgId).executeTakeFirst()) return null
      const tenantId = await createTenant(trx, { orgId: fields.orgId, name: fields.businessName, isMasterFranchise: false, settings: { isNewTenant: true, email: fields.email } })
      const [adminId] = await addPeople(trx, tenantId, [{ firstName: fields.firstName, lastName: fields.lastName, email: fields.email, role: 'ROLE_ADMIN' }], passwordHash)
      // Signed up by themselves: the address is theirs to prove (onboarding offers the link).
      await trx.updateTable('contacts').set({ is_email_verified: false }).where('id', '=', adminId ?? '').execute()
      await trx.updateTable('tenants').set({ settings: sql`settings || ${JSON.stringify({ accountOwner: adminId })}::jsonb` }).where('id', '=', tenantId).execute()
      await putTenantOnPlan(trx, tenantId, 'free_plan', input.now)
      return tenantId
    })
    if (!created) return err('conflict', SIGN_UP_MESSAGES.fix, { errors: { orgId: SIGN_UP_MESSAGES.orgIdTaken }, values })
    platform.caches.changedAll(created)
    return ok({ orgId: fields.orgId, email: fields.email })
  } catch (error) {
    // Two sign-ups racing for one org id: the unique index keeps the first.
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') {
      return err('conflict', SIGN_UP_MESSAGES.fix, { errors: { orgId: SIGN_UP_MESSAGES.orgIdTaken }, values })
    }
    throw error
  }
}
