import { action as profileAction, loader as profileLoader } from '#app/routes/_session+/profile'
import { loader as dashboardLoader } from '#app/routes/_admin+/dashboard'
import { asSystem, withTenant } from '#db/tenant-scope'
import { loadDashboard } from '#server/dashboard/load-dashboard'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, formPostRequest, getRequest, redirectOrStatus } from '#tests/support/route-call'
import { tenantWithPeople, type Cookies } from './shell-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const HOST = 'figures.localhost'

async function addSubmission(platform: TestPlatform, tenant: Tenant, formId: string, input: { name: string; createdAt: Date }) {
  await asSystem(platform.database, 'test fixture', (trx) =>
    trx
      .insertInto('form_submissions')
      .values({
        tenant_id: tenant.id,
        form_id: formId,
        form_version: 1,
        form_name: 'Trial class',
        first_name: input.name,
        last_name: 'Visitor',
        email: `${input.name.toLowerCase()}@example.test`,
        data: JSON.stringify({}),
        integrity_hash: 'a'.repeat(64),
        download_token_hash: `${input.name}`.padEnd(64, 'b'),
        created_at: input.createdAt,
      })
      .execute(),
  )
}

describe(`dashboard figures and My Profile (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let cookies: Cookies
  let contacts: Record<keyof Cookies, { id: string }>
  let other: Tenant
  const now = new Date('2026-11-20T15:00:00Z')

  beforeAll(async () => {
    platform = await createTestPlatform()
    ;({ tenant, cookies, contacts } = await tenantWithPeople(platform, { orgId: 'figures', settings: { timezone: 'America/New_York' } }))
    other = await createTenant(platform, { orgId: 'figures-other' })
    // Another tenant's people and submissions must never be counted.
    await createContact(platform, other, { email: 'elsewhere@other.test' })

    const old = await createContact(platform, tenant, { role: null, email: 'old@figures.test' })
    const lateOctober = await createContact(platform, tenant, { role: null, email: 'late-october@figures.test' })
    await asSystem(platform.database, 'test fixture', async (trx) => {
      await trx.updateTable('contacts').set({ created_at: new Date('2026-03-01T12:00:00Z') }).where('id', '=', old.id).execute()
      // 23:30 on 31 October in New York is already November in UTC: still last month here.
      await trx.updateTable('contacts').set({ created_at: new Date('2026-11-01T03:30:00Z') }).where('id', '=', lateOctober.id).execute()
      await trx.updateTable('contacts').set({ created_at: new Date('2026-11-05T12:00:00Z') }).where('tenant_id', '=', tenant.id).where('id', 'not in', [old.id, lateOctober.id]).execute()
    })
    const form = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('custom_forms').values({ tenant_id: tenant.id, name: 'Trial class', form_type: 'GENERAL', is_published: true }).returning('id').executeTakeFirstOrThrow(),
    )
    await addSubmission(platform, tenant, form.id, { name: 'Nina', createdAt: new Date('2026-11-18T10:00:00Z') })
    await addSubmission(platform, tenant, form.id, { name: 'Omar', createdAt: new Date('2026-10-02T10:00:00Z') })
    const otherForm = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('custom_forms').values({ tenant_id: other.id, name: 'Theirs', form_type: 'GENERAL', is_published: true }).returning('id').executeTakeFirstOrThrow(),
    )
    await addSubmission(platform, other, otherForm.id, { name: 'Zed', createdAt: new Date('2026-11-18T10:00:00Z') })
  })
  afterAll(() => platform.close())

  it('counts contacts, new contacts in the tenant’s month, people by role and form submissions', async () => {
    const dashboard = await loadDashboard(platform.database, tenant, now)
    expect(dashboard.monthLabel).toBe('November 2026')
    expect(dashboard.contacts).toEqual({ total: 6, newThisMonth: 4, students: 1, staff: 3 })
    expect(dashboard.forms).toEqual({ published: 1, submissions: 2, submissionsThisMonth: 1 })
    expect(dashboard.recentSubmissions.map((submission) => submission.name)).toEqual(['Nina Visitor', 'Omar Visitor'])
    expect(dashboard.recentContacts).toHaveLength(5)
    expect(dashboard.recentContacts.map((contact) => contact.email)).not.toContain('old@figures.test')
  })

  it('shows the figures to staff, with the last sign-in in the tenant’s zone and date format and recent submissions in days', async () => {
    await asSystem(platform.database, 'test fixture', (trx) =>
      trx.updateTable('contacts').set({ last_login_at: new Date('2026-11-19T14:05:00Z') }).where('id', '=', contacts.ROLE_STAFF.id).execute(),
    )
    const outcome = await callRoute(dashboardLoader, getRequest(`http://${HOST}/dashboard`, cookies.ROLE_STAFF), contextFor(platform, tenant))
    expect(outcome.status).toBe(200)
    type Shown = { dateTime: string; text: string } | null
    const body = outcome.body as {
      dashboard: { contacts: { total: number }; recentSubmissions: Array<{ name: string; received: Shown }> }
      lastSignIn: Shown
      links: { settings: boolean }
    }
    expect(body.dashboard.contacts.total).toBe(6)
    expect(body.lastSignIn).toEqual({ dateTime: '2026-11-19T14:05:00.000Z', text: '11/19/2026 09:05 AM' })
    const nina = body.dashboard.recentSubmissions.find((submission) => submission.name === 'Nina Visitor')
    expect(nina?.received?.dateTime).toBe('2026-11-18T10:00:00.000Z')
    expect(nina?.received?.text).toMatch(/^(Today|a day ago|\d+ days ago|a month ago|\d+ months ago|a year ago|\d+ years ago)$/)
    expect(body.links.settings).toBe(false)
  })

  describe('My Profile', () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields)

    it('shows the signed-in person their own details in their own layout', async () => {
      const student = await callRoute(profileLoader, getRequest(`http://${HOST}/profile`, cookies.ROLE_STUDENT), contextFor(platform, tenant))
      const body = student.body as { shell: { kind: string }; profile: { email: string }; roleLabel: string }
      expect(body.shell.kind).toBe('student')
      expect(body.profile.email).toBe('role_student@figures.test')
      expect(body.roleLabel).toBe('Student')
      const staff = await callRoute(profileLoader, getRequest(`http://${HOST}/profile`, cookies.ROLE_FRONTDESK), contextFor(platform, tenant))
      expect((staff.body as { shell: { kind: string } }).shell.kind).toBe('staff')
    })

    it('gives visitors the 404 page and an ended session the sign-in page', async () => {
      expect(redirectOrStatus(await callRoute(profileLoader, getRequest(`http://${HOST}/profile`), contextFor(platform, tenant)))).toBe('redirect /404')
      const ended = await createSessionCookie(platform, tenant, contacts.ROLE_STUDENT, { expiresAt: new Date(Date.now() - 1000) })
      expect(redirectOrStatus(await callRoute(profileLoader, getRequest(`http://${HOST}/profile`, ended), contextFor(platform, tenant)))).toBe(
        'redirect /login?redirectTo=%2Fprofile',
      )
    })

    it('saves name and phone for the signed-in contact only, with a toast', async () => {
      const outcome = await callRoute(
        profileAction,
        formPostRequest(`http://${HOST}/profile`, form({ firstName: '  Stella ', lastName: 'Stone', phone: '+1 (555) 010-7777' }), cookies.ROLE_STUDENT),
        contextFor(platform, tenant),
      )
      expect(redirectOrStatus(outcome)).toBe('redirect /profile')
      expect(outcome.setCookies.join('\n')).toMatch(/^toast=/m)
      const row = await withTenant(platform.database, tenant.id, (trx) =>
        trx.selectFrom('contacts').select(['first_name', 'last_name', 'phone']).where('id', '=', contacts.ROLE_STUDENT.id).executeTakeFirstOrThrow(),
      )
      expect(row).toEqual({ first_name: 'Stella', last_name: 'Stone', phone: '+1 (555) 010-7777' })
    })

    it.each([
      [{ firstName: '', lastName: 'Stone', phone: '' }, 'firstName', 'First name is required.'],
      [{ firstName: 'Stella', lastName: '   ', phone: '' }, 'lastName', 'Last name is required.'],
      [{ firstName: 'Stella', lastName: 'Stone', phone: '12' }, 'phone', 'Enter a phone number with at least 7 digits.'],
      [{ firstName: 'Stella', lastName: 'Stone', phone: '555<script>' }, 'phone', 'Use digits, spaces and + ( ) - only.'],
      [{ firstName: 'x'.repeat(101), lastName: 'Stone', phone: '' }, 'firstName', 'First name can be at most 100 characters.'],
    ])('refuses %o with a message on the field and writes nothing', async (fields, field, message) => {
      const before = await withTenant(platform.database, tenant.id, (trx) =>
        trx.selectFrom('contacts').select(['first_name', 'last_name', 'phone']).where('id', '=', contacts.ROLE_ADMIN.id).executeTakeFirstOrThrow(),
      )
      const outcome = await callRoute(profileAction, formPostRequest(`http://${HOST}/profile`, form(fields), cookies.ROLE_ADMIN), contextFor(platform, tenant))
      expect(outcome.status).toBe(400)
      const reply = outcome.body as { error: Record<string, string[] | null> }
      expect(reply.error[field]).toEqual([message])
      const after = await withTenant(platform.database, tenant.id, (trx) =>
        trx.selectFrom('contacts').select(['first_name', 'last_name', 'phone']).where('id', '=', contacts.ROLE_ADMIN.id).executeTakeFirstOrThrow(),
      )
      expect(after).toEqual(before)
    })

    it('cannot be used from another tenant’s host with this tenant’s session', async () => {
      const outcome = await callRoute(
        profileAction,
        formPostRequest('http://figures-other.localhost/profile', form({ firstName: 'Hijack', lastName: 'Attempt', phone: '' }), cookies.ROLE_STUDENT),
        contextFor(platform, other),
      )
      expect(redirectOrStatus(outcome)).toBe('redirect /login?redirectTo=%2Fprofile')
      const row = await withTenant(platform.database, tenant.id, (trx) =>
        trx.selectFrom('contacts').select('first_name').where('id', '=', contacts.ROLE_STUDENT.id).executeTakeFirstOrThrow(),
      )
      expect(row.first_name).not.toBe('Hijack')
    })
  })
})
