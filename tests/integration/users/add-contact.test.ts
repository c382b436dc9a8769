import { asSystem } from '#db/tenant-scope'
import { action, loader } from '#app/routes/_admin+/settings+/users.add'
import { CONTACT_FORM_MESSAGES } from '#server/contacts/contact-form-schema'
import { CONTACT_ADDED_MESSAGE } from '#server/users/create-user'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, conformErrorsOf, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createUsersWorld, snapshotUserData, type UsersWorld } from './users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`Create Contact: /settings/users/add (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let grnWorld: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'addc')
    grnWorld = await createUsersWorld(platform, 'addgrn', { isSupportGrn: true })
  })
  afterAll(() => platform.close())

  const post = (fields: Record<string, string>, cookie: string | null = world.cookies.admin, target: UsersWorld = world) =>
    callRoute(action, formPostRequest(`http://${target.host}/settings/users/add`, new URLSearchParams(fields), cookie), target.context())
  const contactByEmail = (email: string) =>
    asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('contacts').selectAll().where('email', '=', email).executeTakeFirst(),
    )
  const valid = { firstName: ' Nia ', lastName: 'New', email: 'Nia.New@Example.test', phone: '+1 (555) 010-0199', hasSignedWaiverForm: 'on', subscribeToMailingList: 'on' }

  it('tells the page whether to ask for a GRN number', async () => {
    expect((await callRoute(loader, getRequest(`http://${world.host}/settings/users/add`, world.cookies.admin), world.context())).body).toMatchObject({ contactForm: { supportsGrn: false, phone: { multiCountry: false } } })
    expect((await callRoute(loader, getRequest(`http://${grnWorld.host}/settings/users/add`, grnWorld.cookies.admin), grnWorld.context())).body).toMatchObject({ contactForm: { supportsGrn: true } })
  })

  it('creates the contact as a Staff user and opens their page with the toast', async () => {
    const outcome = await post({ ...valid, grnNumber: 'ignored-without-grn' })
    expect(outcome.status).toBe(302)
    const row = await contactByEmail('nia.new@example.test')
    expect(row).toMatchObject({
      tenant_id: world.tenant.id,
      first_name: 'Nia',
      last_name: 'New',
      phone: '555-010-0199',
      role: 'ROLE_STAFF',
      has_signed_waiver_form: true,
      subscribe_to_mailing_list: true,
      grn_number: null,
      password_hash: null,
    })
    expect(outcome.location).toBe(`/settings/users/${row?.guid}`)
    expect(toastOf(outcome)).toEqual({ type: 'success', message: CONTACT_ADDED_MESSAGE })
    const audit = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('audit_log').select(['action', 'actor_contact_id']).where('target_id', '=', row?.guid ?? '').execute(),
    )
    expect(audit).toEqual([{ action: 'user.added', actor_contact_id: world.admin.id }])
  })

  it('stores unticked checkboxes as false and the GRN number when the organisation supports it', async () => {
    const outcome = await post({ firstName: 'Gus', lastName: 'Grn', email: 'gus@grn.test', grnNumber: 'GRN-42' }, grnWorld.cookies.admin, grnWorld)
    expect(outcome.status).toBe(302)
    expect(await contactByEmail('gus@grn.test')).toMatchObject({ grn_number: 'GRN-42', has_signed_waiver_form: false, subscribe_to_mailing_list: false, phone: null })
  })

  it.each([
    ['no first name', { ...valid, firstName: '   ' }, 'firstName', CONTACT_FORM_MESSAGES.firstNameRequired],
    ['no last name', { ...valid, lastName: '' }, 'lastName', CONTACT_FORM_MESSAGES.lastNameRequired],
    ['no email', { ...valid, email: '' }, 'email', CONTACT_FORM_MESSAGES.emailRequired],
    ['a bad email', { ...valid, email: 'nia@' }, 'email', CONTACT_FORM_MESSAGES.emailInvalid],
    ['a bad phone', { ...valid, phone: 'call me' }, 'phone', `${CONTACT_FORM_MESSAGES.phoneInvalid} (000-000-0000)`],
    ['a short phone', { ...valid, phone: '12-34' }, 'phone', `${CONTACT_FORM_MESSAGES.phoneInvalid} (000-000-0000)`],
    ['a huge first name', { ...valid, firstName: 'x'.repeat(101) }, 'firstName', CONTACT_FORM_MESSAGES.tooLong],
    ['an email used in any letter case', { ...valid, email: 'ADMIN@addc.test' }, 'email', CONTACT_FORM_MESSAGES.duplicateEmail],
  ])('refuses %s with its message and writes nothing', async (_case, fields, field, message) => {
    const before = await snapshotUserData(platform)
    const outcome = await post(fields)
    expect(outcome.status).toBe(400)
    expect(conformErrorsOf(outcome)[field]).toEqual([message])
    expect(await snapshotUserData(platform)).toBe(before)
  })

  it('lets another organisation use the same email', async () => {
    const own = await post({ ...valid, email: 'admin@addc.test' }, grnWorld.cookies.admin, grnWorld)
    expect(own.status).toBe(302)
  })

  it('treats a session of another organisation as signed out', async () => {
    const before = await snapshotUserData(platform)
    const outcome = await post({ ...valid, email: 'crossing@addc.test' }, world.cookies.admin, grnWorld)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toMatch(/^\/login\?redirectTo=/)
    expect(await snapshotUserData(platform)).toBe(before)
  })

  it('needs an admin: staff, front desk and students get 403 and nothing is written', async () => {
    const before = await snapshotUserData(platform)
    for (const cookie of [world.cookies.staff, world.cookies.frontDesk, world.cookies.student]) {
      expect((await post({ ...valid, email: 'sneaky@addc.test' }, cookie)).status).toBe(403)
      expect((await callRoute(loader, getRequest(`http://${world.host}/settings/users/add`, cookie), world.context())).status).toBe(403)
    }
    expect((await post(valid, null)).status).toBe(302)
    expect(await snapshotUserData(platform)).toBe(before)
  })

  it('answers a body that is not a form with messages, not a 500', async () => {
    const before = await snapshotUserData(platform)
    const outcome = await callRoute(
      action,
      formPostRequest(`http://${world.host}/settings/users/add`, '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nbroken', world.cookies.admin, { 'Content-Type': 'multipart/form-data; boundary=zzz' }),
      world.context(),
    )
    expect(outcome.status).toBe(400)
    expect(await snapshotUserData(platform)).toBe(before)
  })
})
