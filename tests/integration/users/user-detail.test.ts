import { asSystem } from '#db/tenant-scope'
import { requireAdmin, requireStaff, getSessionUser } from '#app/utils/auth.server'
import { action, loader } from '#app/routes/_admin+/settings+/users.$id'
import { LAST_ADMIN_DEMOTE_MESSAGE, LAST_ADMIN_SUSPEND_MESSAGE, USER_UPDATED_MESSAGE } from '#server/users/update-user'
import { ROLE_REQUIRED_MESSAGE } from '#server/users/user-settings-schema'
import { createContact } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, conformErrorsOf, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createUsersWorld, snapshotUserData, type UsersWorld } from './users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`user detail: /settings/users/:id (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'detail')
  })
  afterAll(() => platform.close())

  const load = (guid: string, cookie: string | null) =>
    callRoute(loader, getRequest(`http://${world.host}/settings/users/${guid}`, cookie), world.context(), { id: guid })
  const save = (guid: string, fields: Record<string, string>, cookie: string | null = world.cookies.admin) =>
    callRoute(action, formPostRequest(`http://${world.host}/settings/users/${guid}`, new URLSearchParams(fields), cookie), world.context(), { id: guid })
  const contactRow = (id: string) =>
    asSystem(platform.database, 'test check', (trx) => trx.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow())

  it('shows the user, their settings and the Users List sidebar of staff users', async () => {
    const outcome = await load(world.staff.guid, world.cookies.admin)
    expect(outcome.status).toBe(200)
    const page = outcome.body as { user: Record<string, unknown>; users: { name: string }[] }
    expect(page.user).toMatchObject({ guid: world.staff.guid, name: 'Sam Staff', email: 'staff@detail.test', role: 'ROLE_STAFF', isTeacher: false })
    expect(page.users.map((user) => user.name)).toEqual(['Ada Admin', 'Fran Desk', 'Sam Staff'])
  })

  it('is a 404 for another tenant\'s user, an unknown guid and a mangled id', async () => {
    for (const id of [world.outsider.guid, '00000000-0000-4000-8000-000000000000', 'not-a-guid', "1' or '1'='1"]) {
      expect((await load(id, world.cookies.admin)).status).toBe(404)
      expect((await save(id, { role: 'ROLE_STAFF' })).status).toBe(404)
    }
    const outsider = await contactRow(world.outsider.id)
    expect(outsider.role).toBe('ROLE_STAFF')
  })

  it('needs an admin: signed out goes to login, staff, front desk and students get 403', async () => {
    const before = await snapshotUserData(platform)
    const signedOut = await save(world.staff.guid, { role: 'ROLE_ADMIN' }, null)
    expect(signedOut.status).toBe(302)
    expect(signedOut.location).toMatch(/^\/login\?redirectTo=/)
    for (const cookie of [world.cookies.staff, world.cookies.frontDesk, world.cookies.student]) {
      expect((await load(world.staff.guid, cookie)).status).toBe(403)
      expect((await save(world.staff.guid, { role: 'ROLE_ADMIN' }, cookie)).status).toBe(403)
    }
    expect(await snapshotUserData(platform)).toBe(before)
  })

  it('saves notifications, teacher and role, and tells the admin so', async () => {
    const target = await createContact(platform, world.tenant, { role: 'ROLE_STAFF', email: 'save@detail.test' })
    const outcome = await save(target.guid, { notifySales: 'on', notifyProduct: 'on', isTeacher: 'on', role: 'ROLE_FRONTDESK' })
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe(`/settings/users/${target.guid}`)
    expect(toastOf(outcome)).toEqual({ type: 'success', message: USER_UPDATED_MESSAGE })
    const row = await contactRow(target.id)
    expect(row).toMatchObject({ notify_sales: true, notify_contact: false, notify_product: true, is_teacher: true, is_account_locked: false, role: 'ROLE_FRONTDESK' })
    const audit = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('audit_log').selectAll().where('target_id', '=', target.guid).execute(),
    )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'user.role_changed', actor_contact_id: world.admin.id, tenant_id: world.tenant.id })
    expect(audit[0]?.details).toEqual({ before: { role: 'ROLE_STAFF' }, after: { role: 'ROLE_FRONTDESK' } })

    // Unticked boxes post nothing: saving again without them turns them off.
    await save(target.guid, { role: 'ROLE_FRONTDESK' })
    expect(await contactRow(target.id)).toMatchObject({ notify_sales: false, notify_product: false, is_teacher: false })
  })

  it('refuses a missing or unknown role with the message and writes nothing', async () => {
    const before = await snapshotUserData(platform)
    const bodies: Record<string, string>[] = [{}, { role: 'ROLE_OWNER' }, { role: '' }, { role: 'ROLE_STAFF', isTeacher: 'yes' }]
    for (const fields of bodies) {
      const outcome = await save(world.staff.guid, fields)
      expect(outcome.status).toBe(400)
      const errors = conformErrorsOf(outcome)
      expect(Object.values(errors).flat().length).toBeGreaterThan(0)
      if (!('isTeacher' in fields)) expect(errors.role).toEqual([ROLE_REQUIRED_MESSAGE])
    }
    expect(await snapshotUserData(platform)).toBe(before)
  })

  it('suspending ends the user\'s sessions at once; reinstating lets them sign in again', async () => {
    const target = await createContact(platform, world.tenant, { role: 'ROLE_STAFF', email: 'suspend@detail.test' })
    const cookie = await createSessionCookie(platform, world.tenant, target)
    const secondDevice = await createSessionCookie(platform, world.tenant, target)
    expect(await getSessionUser(getRequest(`http://${world.host}/dashboard`, cookie), world.context())).not.toBeNull()

    const outcome = await save(target.guid, { role: 'ROLE_STAFF', isAccountLocked: 'on' })
    expect(outcome.status).toBe(302)
    const sessions = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('sessions').select('id').where('contact_id', '=', target.id).execute(),
    )
    expect(sessions).toEqual([])
    for (const stale of [cookie, secondDevice]) {
      expect(await getSessionUser(getRequest(`http://${world.host}/dashboard`, stale), world.context())).toBeNull()
    }
    const actions = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('audit_log').select(['action', 'details']).where('target_id', '=', target.guid).execute(),
    )
    expect(actions).toEqual([{ action: 'user.suspended', details: { before: { isAccountLocked: false }, after: { isAccountLocked: true } } }])

    await save(target.guid, { role: 'ROLE_STAFF' })
    expect((await contactRow(target.id)).is_account_locked).toBe(false)
    const fresh = await createSessionCookie(platform, world.tenant, target)
    expect(await getSessionUser(getRequest(`http://${world.host}/dashboard`, fresh), world.context())).not.toBeNull()
  })

  it('a role change takes effect on the user\'s next request', async () => {
    const target = await createContact(platform, world.tenant, { role: 'ROLE_STAFF', email: 'promote@detail.test' })
    const cookie = await createSessionCookie(platform, world.tenant, target)
    const settingsRequest = () => getRequest(`http://${world.host}/settings/users`, cookie)
    await expect(requireAdmin(settingsRequest(), world.context())).rejects.toMatchObject({ status: 403 })

    await save(target.guid, { role: 'ROLE_ADMIN' })
    await expect(requireAdmin(settingsRequest(), world.context())).resolves.toMatchObject({ user: { contactId: target.id, role: 'ROLE_ADMIN' } })

    await save(target.guid, { role: 'ROLE_STUDENT' })
    await expect(requireStaff(settingsRequest(), world.context())).rejects.toMatchObject({ status: 403 })
  })

  describe('the last active admin', () => {
    it('cannot be demoted or suspended, with a clear message, and nothing is written', async () => {
      const lonely = await createUsersWorld(platform, 'lonely')
      const before = await snapshotUserData(platform)
      const post = (fields: Record<string, string>) =>
        callRoute(
          action,
          formPostRequest(`http://${lonely.host}/settings/users/${lonely.admin.guid}`, new URLSearchParams(fields), lonely.cookies.admin),
          lonely.context(),
          { id: lonely.admin.guid },
        )
      const demoted = await post({ role: 'ROLE_STAFF' })
      expect(demoted.status).toBe(400)
      expect(conformErrorsOf(demoted)['']).toEqual([LAST_ADMIN_DEMOTE_MESSAGE])
      const suspended = await post({ role: 'ROLE_ADMIN', isAccountLocked: 'on' })
      expect(suspended.status).toBe(400)
      expect(conformErrorsOf(suspended)['']).toEqual([LAST_ADMIN_SUSPEND_MESSAGE])
      expect(await snapshotUserData(platform)).toBe(before)

      // Their own notification settings still save.
      const own = await post({ role: 'ROLE_ADMIN', notifyContact: 'on' })
      expect(own.status).toBe(302)
    })

    it('can be demoted once another active admin exists; a suspended admin does not count', async () => {
      const pair = await createUsersWorld(platform, 'pair')
      const second = await createContact(platform, pair.tenant, { role: 'ROLE_ADMIN', email: 'second@pair.test', isAccountLocked: true })
      const post = (guid: string, fields: Record<string, string>) =>
        callRoute(action, formPostRequest(`http://${pair.host}/settings/users/${guid}`, new URLSearchParams(fields), pair.cookies.admin), pair.context(), { id: guid })
      expect((await post(pair.admin.guid, { role: 'ROLE_STAFF' })).status).toBe(400)
      expect((await post(second.guid, { role: 'ROLE_ADMIN' })).status).toBe(302)
      // The admin demotes themselves: they land where their new role starts, not on a 403.
      const self = await post(pair.admin.guid, { role: 'ROLE_STAFF' })
      expect(self.status).toBe(302)
      expect(self.location).toBe('/calendar')
      expect((await contactRow(pair.admin.id)).role).toBe('ROLE_STAFF')
      // Now `second` is the last one.
      const secondCookie = await createSessionCookie(platform, pair.tenant, second)
      const last = await callRoute(
        action,
        formPostRequest(`http://${pair.host}/settings/users/${second.guid}`, new URLSearchParams({ role: 'ROLE_STUDENT' }), secondCookie),
        pair.context(),
        { id: second.guid },
      )
      expect(last.status).toBe(400)
    })

    it('two admins demoting each other at the same time leave one admin', async () => {
      const duel = await createUsersWorld(platform, 'duel')
      const rival = await createContact(platform, duel.tenant, { role: 'ROLE_ADMIN', email: 'rival@duel.test' })
      const rivalCookie = await createSessionCookie(platform, duel.tenant, rival)
      const post = (guid: string, cookie: string) =>
        callRoute(action, formPostRequest(`http://${duel.host}/settings/users/${guid}`, new URLSearchParams({ role: 'ROLE_STAFF' }), cookie), duel.context(), { id: guid })
      const outcomes = await Promise.all([post(rival.guid, duel.cookies.admin), post(duel.admin.guid, rivalCookie)])
      // One wins. The other is refused as the last admin (400), or, when the winner already
      // committed before its guard ran, as no longer an admin at all (403).
      const statuses = outcomes.map((outcome) => outcome.status).sort()
      expect(statuses[0]).toBe(302)
      expect([400, 403]).toContain(statuses[1])
      const admins = await asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('contacts').select('id').where('tenant_id', '=', duel.tenant.id).where('role', '=', 'ROLE_ADMIN').execute(),
      )
      expect(admins).toHaveLength(1)
    })
  })
})
