import { asSystem } from '#db/tenant-scope'
import { action as dialogAction, loader as dialogLoader } from '#app/routes/_admin+/contacts+/$guId.edit-dialog'
import { CONTACT_FORM_MESSAGES } from '#server/contacts/contact-form-schema'
import { CONTACT_UPDATED_MESSAGE } from '#server/contacts/update-contact'
import { createTenant } from '#tests/support/fixtures'
import { callRoute, conformErrorsOf, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }

describe(`the Edit Contact dialog (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let grnWorld: UsersWorld
  let ada: { id: string; guid: string }
  let grnContact: string
  let strangerGuid: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    // Front desk may see contacts; staff may not (the Roles screen).
    world = await createUsersWorld(platform, 'contactdialog', { roles: { classes: granted, courses: granted, offers: granted, contacts: { staff: false, frontDesk: true } } })
    grnWorld = await createUsersWorld(platform, 'contactdialoggrn', { isSupportGrn: true, isMultiCountrySupport: true })
    const stranger = await createTenant(platform)
    await asSystem(platform.database, 'test fixture', async (trx) => {
      ada = await trx
        .insertInto('contacts')
        .values({
          tenant_id: world.tenant.id,
          first_name: 'Ada',
          last_name: 'Dialog',
          email: 'ada@contactdialog.test',
          phone: '555-010-0100',
          company: 'Kept Ltd',
          grn_number: 'G-KEPT',
          has_signed_waiver_form: false,
          subscribe_to_mailing_list: true,
        })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      await trx.insertInto('contacts').values({ tenant_id: world.tenant.id, first_name: 'Taken', last_name: 'Email', email: 'taken@contactdialog.test' }).execute()
      grnContact = (
        await trx
          .insertInto('contacts')
          .values({ tenant_id: grnWorld.tenant.id, first_name: 'Gia', last_name: 'Grn', email: 'gia@contactdialoggrn.test', phone: '+91-98765-43210', grn_number: 'G-1' })
          .returning('guid')
          .executeTakeFirstOrThrow()
      ).guid
      strangerGuid = (
        await trx.insertInto('contacts').values({ tenant_id: stranger.id, first_name: 'Far', last_name: 'Away', email: 'far@away.test' }).returning('guid').executeTakeFirstOrThrow()
      ).guid
    })
  })
  afterAll(() => platform.close())

  const contactRow = (id: string) => asSystem(platform.database, 'test check', (trx) => trx.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        contacts: await trx.selectFrom('contacts').selectAll().orderBy('id').execute(),
        audit: await trx.selectFrom('audit_log').select(['id', 'action']).orderBy('id').execute(),
      }),
    )
  const getDialog = (guId: string, cookie: string | null = world.cookies.admin, on = world) =>
    callRoute(dialogLoader, getRequest(`http://${on.host}/contacts/${guId}/edit-dialog`, cookie), on.context(), { guId })
  const postDialog = (guId: string, fields: Record<string, string>, cookie = world.cookies.admin, on = world): Promise<RouteOutcome> =>
    callRoute(dialogAction, formPostRequest(`http://${on.host}/contacts/${guId}/edit-dialog`, fields, cookie), on.context(), { guId })
  const valid = (overrides: Record<string, string> = {}) => ({ firstName: 'Ada', lastName: 'Lovelace', email: 'Ada.L@ContactDialog.test', phone: '555 010 0199', hasSignedWaiverForm: 'on', ...overrides })

  it('reads the dialog fields of the contact as the form posts them; GRN only where supported', async () => {
    const outcome = await getDialog(ada.guid)
    expect(outcome.status).toBe(200)
    expect(outcome.body).toMatchObject({
      guId: ada.guid,
      fullName: 'Ada Dialog',
      values: { firstName: 'Ada', lastName: 'Dialog', email: 'ada@contactdialog.test', phone: '555-010-0100', phoneCountry: 'USA', grnNumber: 'G-KEPT', subscribeToMailingList: 'on' },
      options: { supportsGrn: false },
    })
    expect((outcome.body as { values: Record<string, string> }).values).not.toHaveProperty('hasSignedWaiverForm')
    const grn = await getDialog(grnContact, grnWorld.cookies.admin, grnWorld)
    expect(grn.body).toMatchObject({ values: { grnNumber: 'G-1', phone: '98765-43210', phoneCountry: 'IND' }, options: { supportsGrn: true } })
  })

  it('is a 404 for another tenant\'s contact or a mangled id, a 403 without the permission, and a visitor signs in', async () => {
    expect((await getDialog(strangerGuid)).status).toBe(404)
    expect((await getDialog('not-a-guid')).status).toBe(404)
    expect((await getDialog(ada.guid, world.cookies.staff)).status).toBe(403)
    expect((await getDialog(ada.guid, world.cookies.frontDesk)).status).toBe(200)
    expect((await getDialog(ada.guid, null)).status).toBe(302)
    const before = await snapshot()
    expect((await postDialog(strangerGuid, valid())).status).toBe(404)
    expect((await postDialog('x%27--', valid())).status).toBe(404)
    expect((await postDialog(ada.guid, valid(), world.cookies.staff)).status).toBe(403)
    expect(await snapshot()).toBe(before)
  })

  it('refuses a missing name or email and a phone off the mask with the form\'s messages, writing nothing', async () => {
    const before = await snapshot()
    const outcome = await postDialog(ada.guid, { firstName: ' ', lastName: '', email: 'nope' })
    expect(outcome.status).toBe(400)
    expect(conformErrorsOf(outcome)).toEqual({
      firstName: [CONTACT_FORM_MESSAGES.firstNameRequired],
      lastName: [CONTACT_FORM_MESSAGES.lastNameRequired],
      email: [CONTACT_FORM_MESSAGES.emailInvalid],
    })
    expect(conformErrorsOf(await postDialog(ada.guid, valid({ phone: '12' })))).toEqual({ phone: [`${CONTACT_FORM_MESSAGES.phoneInvalid} (000-000-0000)`] })
    expect(conformErrorsOf(await postDialog(ada.guid, valid({ email: '' })))).toMatchObject({ email: [CONTACT_FORM_MESSAGES.emailRequired] })
    expect(await snapshot()).toBe(before)
  })

  it('refuses an email another contact of the studio has, in any letter case, with a clear message', async () => {
    const before = await snapshot()
    const outcome = await postDialog(ada.guid, valid({ email: 'TAKEN@contactdialog.test' }))
    expect(outcome.status).toBe(400)
    expect(conformErrorsOf(outcome)).toEqual({ email: [CONTACT_FORM_MESSAGES.duplicateEmail] })
    expect(await snapshot()).toBe(before)
  })

  it('saves the dialog\'s fields only, keeps the rest of the contact, and answers saved with the toast', async () => {
    const outcome = await postDialog(ada.guid, valid(), world.cookies.frontDesk)
    expect(outcome.status).toBe(200)
    expect(outcome.body).toEqual({ saved: true, guId: ada.guid })
    expect(toastOf(outcome)).toEqual({ type: 'success', message: CONTACT_UPDATED_MESSAGE })
    const row = await contactRow(ada.id)
    expect(row).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada.l@contactdialog.test',
      phone: '555-010-0199',
      has_signed_waiver_form: true,
      // An unticked box posts nothing: unsubscribed.
      subscribe_to_mailing_list: false,
      // Not in the dialog: kept as they were (GRN too, which this studio does not support).
      company: 'Kept Ltd',
      grn_number: 'G-KEPT',
    })
    // The same email again is this contact's own: no conflict.
    expect((await postDialog(ada.guid, valid())).status).toBe(200)
  })

  it('takes a dial code and the GRN number where the studio supports them', async () => {
    const outcome = await postDialog(grnContact, { firstName: 'Gia', lastName: 'Grn', email: 'gia@contactdialoggrn.test', phoneCountry: 'GBR', phone: '7700-900-123', grnNumber: 'G-2' }, grnWorld.cookies.admin, grnWorld)
    expect(outcome.status).toBe(200)
    const row = await asSystem(platform.database, 'test check', (trx) => trx.selectFrom('contacts').select(['phone', 'grn_number']).where('guid', '=', grnContact).executeTakeFirstOrThrow())
    expect(row).toEqual({ phone: '+44-7700-900-123', grn_number: 'G-2' })
  })
})
