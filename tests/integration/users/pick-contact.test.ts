import { asSystem } from '#db/tenant-scope'
import { action, loader } from '#app/routes/_admin+/settings+/users.pick'
import { PICK_REQUIRED_MESSAGE, PICKED_CONTACT_GONE_MESSAGE } from '#server/users/add-user-from-contact'
import { USER_UPDATED_MESSAGE } from '#server/users/update-user'
import { createContact } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, conformErrorsOf, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createUsersWorld, snapshotUserData, type UsersWorld } from './users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`contact picker: /settings/users/pick (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'pick')
  })
  afterAll(() => platform.close())

  const pick = (contactId: string | null, cookie: string | null = world.cookies.admin) =>
    callRoute(
      action,
      formPostRequest(`http://${world.host}/settings/users/pick`, new URLSearchParams(contactId === null ? {} : { contactId }), cookie),
      world.context(),
    )
  const roleOf = (id: string) =>
    asSystem(platform.database, 'test check', async (trx) => (await trx.selectFrom('contacts').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role)

  it('lists matches for the page version (no JavaScript), and nothing before a search', async () => {
    const empty = await callRoute(loader, getRequest(`http://${world.host}/settings/users/pick`, world.cookies.admin), world.context())
    expect(empty.body).toEqual({ q: '', items: [], title: 'Search' })
    const found = await callRoute(loader, getRequest(`http://${world.host}/settings/users/pick?q=stu`, world.cookies.admin), world.context())
    expect(found.body).toEqual({ q: 'stu', items: [{ id: world.student.guid, label: 'Stu Dent', email: 'student@pick.test' }], title: 'Search' })
  })

  it('adds the picked contact to the Users list as Staff, audits it and opens their page', async () => {
    const member = await createContact(platform, world.tenant, { role: 'ROLE_STUDENT', email: 'member@pick.test' })
    const outcome = await pick(member.guid)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe(`/settings/users/${member.guid}`)
    expect(toastOf(outcome)).toEqual({ type: 'success', message: USER_UPDATED_MESSAGE })
    expect(await roleOf(member.id)).toBe('ROLE_STAFF')
    const audit = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('audit_log').select(['action', 'details']).where('target_id', '=', member.guid).execute(),
    )
    expect(audit).toEqual([{ action: 'user.added', details: { before: { role: 'ROLE_STUDENT' }, after: { role: 'ROLE_STAFF' } } }])
  })

  it('leaves someone already in the list as they are and just opens their page', async () => {
    const before = await snapshotUserData(platform)
    const outcome = await pick(world.frontDesk.guid)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe(`/settings/users/${world.frontDesk.guid}`)
    expect(toastOf(outcome)).toBeNull()
    expect(await snapshotUserData(platform)).toBe(before)
  })

  it('asks for a pick when none was made, and writes nothing', async () => {
    const before = await snapshotUserData(platform)
    for (const contactId of [null, '', '   ']) {
      const outcome = await pick(contactId)
      expect(outcome.status).toBe(400)
      expect(conformErrorsOf(outcome)['']).toEqual([PICK_REQUIRED_MESSAGE])
    }
    expect(await snapshotUserData(platform)).toBe(before)
  })

  it('is a 404 for another tenant\'s contact or a made-up id, and writes nothing', async () => {
    const before = await snapshotUserData(platform)
    for (const contactId of [world.outsider.guid, '00000000-0000-4000-8000-000000000000', 'x'.repeat(500)]) {
      const outcome = await pick(contactId)
      expect(outcome.status).toBe(404)
      expect(conformErrorsOf(outcome)['']).toEqual([PICKED_CONTACT_GONE_MESSAGE])
    }
    expect(await snapshotUserData(platform)).toBe(before)
  })

  it('needs an admin', async () => {
    const before = await snapshotUserData(platform)
    for (const cookie of [world.cookies.staff, world.cookies.frontDesk, world.cookies.student]) {
      expect((await pick(world.student.guid, cookie)).status).toBe(403)
      expect((await callRoute(loader, getRequest(`http://${world.host}/settings/users/pick?q=a`, cookie), world.context())).status).toBe(403)
    }
    expect((await pick(world.student.guid, null)).status).toBe(302)
    expect(await snapshotUserData(platform)).toBe(before)
  })
})
