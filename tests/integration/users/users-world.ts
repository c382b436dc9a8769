import { asSystem } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant, type FixtureRole } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, type TestPlatform } from '#tests/support/test-platform'

type Contact = Awaited<ReturnType<typeof createContact>>

export interface UsersWorld {
  tenant: Tenant
  other: Tenant
  host: string
  admin: Contact
  staff: Contact
  frontDesk: Contact
  student: Contact
  /** A contact of the other tenant: its guid must be a 404 here. */
  outsider: Contact
  cookies: { admin: string; staff: string; frontDesk: string; student: string }
  context: () => ReturnType<typeof contextFor>
}

/** Two organisations; the first has one user of each role, each signed in. */
export async function createUsersWorld(platform: TestPlatform, orgId: string, settings: Record<string, unknown> = {}): Promise<UsersWorld> {
  const tenant = await createTenant(platform, { orgId, settings })
  const other = await createTenant(platform, { orgId: `${orgId}-other` })
  const make = (role: FixtureRole, email: string, firstName: string, lastName: string) =>
    createContact(platform, tenant, { role, email, firstName, lastName, password: undefined })
  const admin = await make('ROLE_ADMIN', `admin@${orgId}.test`, 'Ada', 'Admin')
  const staff = await make('ROLE_STAFF', `staff@${orgId}.test`, 'Sam', 'Staff')
  const frontDesk = await make('ROLE_FRONTDESK', `desk@${orgId}.test`, 'Fran', 'Desk')
  const student = await make('ROLE_STUDENT', `student@${orgId}.test`, 'Stu', 'Dent')
  const outsider = await createContact(platform, other, { role: 'ROLE_STAFF', email: `outsider@${orgId}.test`, firstName: 'Otto', lastName: 'Outsider' })
  return {
    tenant,
    other,
    host: `${orgId}.localhost`,
    admin,
    staff,
    frontDesk,
    student,
    outsider,
    cookies: {
      admin: await createSessionCookie(platform, tenant, admin),
      staff: await createSessionCookie(platform, tenant, staff),
      frontDesk: await createSessionCookie(platform, tenant, frontDesk),
      student: await createSessionCookie(platform, tenant, student),
    },
    context: () => contextFor(platform, tenant),
  }
}

/** Everything the users actions may write, for "wrote nothing" checks. */
export async function snapshotUserData(platform: TestPlatform): Promise<string> {
  return asSystem(platform.database, 'test snapshot', async (trx) => {
    const contacts = await trx.selectFrom('contacts').selectAll().orderBy('id').execute()
    const sessions = await trx.selectFrom('sessions').select(['id', 'contact_id']).orderBy('id').execute()
    const audit = await trx.selectFrom('audit_log').select(['id', 'action', 'target_id']).orderBy('id').execute()
    return JSON.stringify({ contacts, sessions, audit })
  })
}
