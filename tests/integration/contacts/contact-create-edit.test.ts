import fc from 'fast-check'
import { asSystem } from '#db/tenant-scope'
import { action as editAction, loader as editLoader } from '#app/routes/_admin+/contacts+/$guId.edit'
import { action as newAction, loader as newLoader } from '#app/routes/_admin+/contacts+/new'
import { CONTACT_FORM_MESSAGES } from '#server/contacts/contact-form-schema'
import { CONTACT_CREATED_MESSAGE } from '#server/contacts/create-contact'
import { CONTACT_UPDATED_MESSAGE } from '#server/contacts/update-contact'
import { customFieldKey } from '#server/forms/form-inputs'
import { createTenant } from '#tests/support/fixtures'
import { callRoute, conformErrorsOf, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }
const PHONE_MESSAGE = `${CONTACT_FORM_MESSAGES.phoneInvalid} (000-000-0000)`

describe(`Create Contact and Edit Contact (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let grnWorld: UsersWorld
  let fields: Record<'shirt' | 'belt' | 'years' | 'photos' | 'notes', string>
  let nia: { id: string; guid: string }
  let strangerGuid: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    // Front desk may see contacts; staff may not (the Roles screen).
    world = await createUsersWorld(platform, 'contactedit', { roles: { classes: granted, courses: granted, offers: granted, contacts: { staff: false, frontDesk: true } } })
    grnWorld = await createUsersWorld(platform, 'contactgrn', { isSupportGrn: true, isMultiCountrySupport: true })
    const stranger = await createTenant(platform)
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const inserted = await trx
        .insertInto('custom_fields')
        .values([
          { tenant_id: world.tenant.id, name: 'Shirt Size', type: 'dropdown', options: JSON.stringify(['S', 'M', 'L']) },
          { tenant_id: world.tenant.id, name: 'Belt', type: 'text', options: '[]' },
          { tenant_id: world.tenant.id, name: 'Years Training', type: 'number', options: '[]' },
          { tenant_id: world.tenant.id, name: 'Photos Allowed', type: 'checkbox', is_mandatory: true, options: '[]' },
          { tenant_id: world.tenant.id, name: 'Notes', type: 'textarea', options: '[]' },
          { tenant_id: world.tenant.id, name: 'Section', type: 'header', options: '[]' },
        ])
        .returning(['guid', 'name'])
        .execute()
      const guidOf = (name: string) => inserted.find((row) => row.name === name)?.guid ?? ''
      fields = { shirt: guidOf('Shirt Size'), belt: guidOf('Belt'), years: guidOf('Years Training'), photos: guidOf('Photos Allowed'), notes: guidOf('Notes') }
      nia = await trx
        .insertInto('contacts')
        .values({ tenant_id: world.tenant.id, first_name: 'Nia', last_name: 'Edit', email: 'nia@contactedit.test', phone: '555-010-0100' })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      await trx.insertInto('contacts').values({ tenant_id: world.tenant.id, first_name: 'Taken', last_name: 'Email', email: 'taken@contactedit.test' }).execute()
      strangerGuid = (
        await trx
          .insertInto('contacts')
          .values({ tenant_id: stranger.id, first_name: 'Far', last_name: 'Away', email: 'far@away.test' })
          .returning('guid')
          .executeTakeFirstOrThrow()
      ).guid
    })
  })
  afterAll(() => platform.close())

  const contactRow = (email: string) =>
    asSystem(platform.database, 'test check', (trx) => trx.selectFrom('contacts').selectAll().where('email', '=', email).executeTakeFirst())
  const fieldValues = (contactId: string) =>
    asSystem(platform.database, 'test check', (trx) =>
      trx
        .selectFrom('contact_field_values as v')
        .innerJoin('custom_fields as f', 'f.id', 'v.field_id')
        .select(['f.name', 'v.value_text', 'v.value_number', 'v.value_bool'])
        .where('v.contact_id', '=', contactId)
        .orderBy('f.name')
        .execute(),
    )
  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        contacts: await trx.selectFrom('contacts').selectAll().orderBy('id').execute(),
        values: await trx.selectFrom('contact_field_values').selectAll().orderBy('contact_id').orderBy('field_id').execute(),
        audit: await trx.selectFrom('audit_log').select(['id', 'action']).orderBy('id').execute(),
      }),
    )

  const postNew = (fieldsToPost: Record<string, string>, cookie = world.cookies.admin, on = world): Promise<RouteOutcome> =>
    callRoute(newAction, formPostRequest(`http://${on.host}/contacts/new`, fieldsToPost, cookie), on.context())
  const postEdit = (guId: string, fieldsToPost: Record<string, string>, cookie = world.cookies.admin, on = world): Promise<RouteOutcome> =>
    callRoute(editAction, formPostRequest(`http://${on.host}/contacts/${guId}/edit`, fieldsToPost, cookie), on.context(), { guId })
  const getEdit = (guId: string, cookie = world.cookies.admin) =>
    callRoute(editLoader, getRequest(`http://${world.host}/contacts/${guId}/edit`, cookie), world.context(), { guId })

  describe('Create Contact', () => {
    const valid = { firstName: ' Ola ', lastName: 'New', email: 'Ola.New@Example.test', phone: '+1 (555) 010-0199', hasSignedWaiverForm: 'on', subscribeToMailingList: 'on' }

    it('is for the admin and roles granted contacts; staff without it get 403; a visitor signs in', async () => {
      const get = (cookie: string | null) => callRoute(newLoader, getRequest(`http://${world.host}/contacts/new`, cookie), world.context())
      expect((await get(world.cookies.admin)).status).toBe(200)
      expect((await get(world.cookies.frontDesk)).status).toBe(200)
      expect((await get(world.cookies.staff)).status).toBe(403)
      expect((await get(null)).status).toBe(302)
      expect((await postNew(valid, world.cookies.staff)).status).toBe(403)
      expect(await contactRow('ola.new@example.test')).toBeUndefined()
    })

    it('adds a contact without a login, in the tenant mask, and opens the profile with the toast', async () => {
      const outcome = await postNew(valid, world.cookies.frontDesk)
      expect(outcome.status).toBe(302)
      const row = await contactRow('ola.new@example.test')
      expect(row).toMatchObject({ tenant_id: world.tenant.id, first_name: 'Ola', last_name: 'New', phone: '555-010-0199', role: null, password_hash: null, has_signed_waiver_form: true, subscribe_to_mailing_list: true })
      expect(outcome.location).toBe(`/contacts/${row?.guid}/detail`)
      expect(toastOf(outcome)).toEqual({ type: 'success', message: CONTACT_CREATED_MESSAGE })
      const audit = await asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('audit_log').select(['action', 'actor_contact_id']).where('target_id', '=', row?.guid ?? '').execute(),
      )
      expect(audit).toEqual([{ action: 'contact.created', actor_contact_id: world.frontDesk.id }])
    })

    it.each([
      ['no first name', { ...valid, email: 'a1@x.test', firstName: ' ' }, 'firstName', CONTACT_FORM_MESSAGES.firstNameRequired],
      ['no last name', { ...valid, email: 'a2@x.test', lastName: '' }, 'lastName', CONTACT_FORM_MESSAGES.lastNameRequired],
      ['no email', { ...valid, email: '' }, 'email', CONTACT_FORM_MESSAGES.emailRequired],
      ['a bad email', { ...valid, email: 'ola@' }, 'email', CONTACT_FORM_MESSAGES.emailInvalid],
      ['a phone off the mask', { ...valid, email: 'a3@x.test', phone: '555-0100' }, 'phone', PHONE_MESSAGE],
      ['an email this organisation has, in capitals', { ...valid, email: 'TAKEN@contactedit.test' }, 'email', CONTACT_FORM_MESSAGES.duplicateEmail],
    ])('refuses %s with its message and writes nothing', async (_case, body, field, message) => {
      const before = await snapshot()
      const outcome = await postNew(body)
      expect(outcome.status).toBe(400)
      expect(conformErrorsOf(outcome)[field]).toEqual([message])
      expect(await snapshot()).toBe(before)
    })

    it('lets another organisation have the same email, and takes a dial code and GRN where supported', async () => {
      const outcome = await postNew({ ...valid, email: 'taken@contactedit.test', phoneCountry: 'IND', phone: '98765 43210', grnNumber: 'G-7' }, grnWorld.cookies.admin, grnWorld)
      expect(outcome.status).toBe(302)
      const row = await asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('contacts').selectAll().where('tenant_id', '=', grnWorld.tenant.id).where('email', '=', 'taken@contactedit.test').executeTakeFirst(),
      )
      expect(row).toMatchObject({ phone: '+91-98765-43210', grn_number: 'G-7' })
    })
  })

  describe('Edit Contact', () => {
    const full = (overrides: Record<string, string> = {}): Record<string, string> => ({
      firstName: 'Nia',
      lastName: 'Edited',
      email: 'Nia@ContactEdit.test',
      phone: '555 010 0101',
      altEmail1: 'nia.work@contactedit.test',
      addressLine1: '1 Studio Way',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'United States',
      dateOfBirth: '2012-05-04',
      company: 'Dojo Kids',
      description: 'Prefers evening classes.\nAllergic to peanuts.',
      emergencyContactName: 'Mo Edit',
      emergencyContactPhone: '(555) 010-0102',
      leadSource: 'Website',
      category: 'Kids',
      salesStage: 'Trial',
      isStatusClient: 'on',
      isStatusMember: 'on',
      isSendReminder: 'on',
      motherName: 'Mo Edit',
      motherEmail: 'mo@contactedit.test',
      [customFieldKey(fields.shirt)]: 'M',
      [customFieldKey(fields.belt)]: 'Yellow',
      [customFieldKey(fields.years)]: '3.5',
      [customFieldKey(fields.photos)]: 'on',
      [customFieldKey(fields.notes)]: 'Likes sparring',
      ...overrides,
    })

    it('shows the contact as the form posts it, with its custom fields; 404 for another tenant or a mangled id; 403 without the permission', async () => {
      const outcome = await getEdit(nia.guid)
      expect(outcome.status).toBe(200)
      expect(outcome.body).toMatchObject({
        guId: nia.guid,
        fullName: 'Nia Edit',
        values: { firstName: 'Nia', email: 'nia@contactedit.test', phone: '555-010-0100', phoneCountry: 'USA', isSendReminder: 'on' },
        options: { supportsGrn: false },
      })
      const labels = (outcome.body as { customInputs: Array<{ label: string; required: boolean }> }).customInputs.map((input) => input.label)
      expect(labels).toEqual(['Belt', 'Notes', 'Photos Allowed', 'Shirt Size', 'Years Training'])
      expect((await getEdit(strangerGuid)).status).toBe(404)
      expect((await getEdit('not-a-guid')).status).toBe(404)
      expect((await getEdit(nia.guid, world.cookies.staff)).status).toBe(403)
    })

    it('saves every field and the custom field values by type, then opens the profile with the toast', async () => {
      const outcome = await postEdit(nia.guid, full(), world.cookies.frontDesk)
      expect(outcome.status).toBe(302)
      expect(outcome.location).toBe(`/contacts/${nia.guid}/detail`)
      expect(toastOf(outcome)).toEqual({ type: 'success', message: CONTACT_UPDATED_MESSAGE })
      expect(await contactRow('nia@contactedit.test')).toMatchObject({
        last_name: 'Edited',
        phone: '555-010-0101',
        alt_email1: 'nia.work@contactedit.test',
        date_of_birth: '2012-05-04',
        description: 'Prefers evening classes.\nAllergic to peanuts.',
        emergency_contact_phone: '555-010-0102',
        is_status_client: true,
        is_status_member: true,
        is_status_lead: false,
        is_send_reminder: true,
        is_send_sms_reminder: false,
        has_signed_waiver_form: false,
        mother_email: 'mo@contactedit.test',
        sales_stage: 'Trial',
      })
      const values = await fieldValues(nia.id)
      expect(values.map((row) => ({ ...row, value_number: row.value_number === null ? null : Number(row.value_number) }))).toEqual([
        { name: 'Belt', value_text: 'Yellow', value_number: null, value_bool: null },
        { name: 'Notes', value_text: 'Likes sparring', value_number: null, value_bool: null },
        { name: 'Photos Allowed', value_text: null, value_number: null, value_bool: true },
        { name: 'Shirt Size', value_text: 'M', value_number: null, value_bool: null },
        { name: 'Years Training', value_text: null, value_number: 3.5, value_bool: null },
      ])
      const shown = await getEdit(nia.guid)
      expect(shown.body).toMatchObject({ values: { [customFieldKey(fields.years)]: '3.5', [customFieldKey(fields.photos)]: 'on', [customFieldKey(fields.shirt)]: 'M' } })
      const audit = await asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('audit_log').select(['action', 'details']).where('target_id', '=', nia.guid).execute(),
      )
      expect(audit).toEqual([{ action: 'contact.updated', details: { changed: expect.arrayContaining(['lastName', 'phone', 'dateOfBirth']) } }])
    })

    it('clears what is emptied and keeps the GRN number when the organisation does not support GRN', async () => {
      await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('contacts').set({ grn_number: 'KEEP-1' }).where('id', '=', nia.id).execute())
      const outcome = await postEdit(nia.guid, full({ [customFieldKey(fields.belt)]: '', [customFieldKey(fields.photos)]: '', altEmail1: '', grnNumber: 'IGNORED' }))
      expect(outcome.status).toBe(302)
      expect(await contactRow('nia@contactedit.test')).toMatchObject({ alt_email1: null, grn_number: 'KEEP-1' })
      expect((await fieldValues(nia.id)).map((row) => row.name)).toEqual(['Notes', 'Shirt Size', 'Years Training'])
    })

    it.each([
      ['a name left out', { firstName: '' }, 'firstName', CONTACT_FORM_MESSAGES.firstNameRequired],
      ['an email another contact has', { email: 'Taken@contactedit.test' }, 'email', CONTACT_FORM_MESSAGES.duplicateEmail],
      ['an alternate email the same as the email', { altEmail2: 'NIA@contactedit.test' }, 'altEmail2', CONTACT_FORM_MESSAGES.sameAsEmail],
      ['a bad alternate email', { altEmail3: 'nope@' }, 'altEmail3', CONTACT_FORM_MESSAGES.emailInvalid],
      ['a birth date in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', CONTACT_FORM_MESSAGES.dateInvalid],
      ['a birth date that is no date', { dateOfBirth: '2012-02-30' }, 'dateOfBirth', CONTACT_FORM_MESSAGES.dateInvalid],
      ['an emergency phone off the mask', { emergencyContactPhone: '12' }, 'emergencyContactPhone', PHONE_MESSAGE],
      ['an emergency contact name over 255', { emergencyContactName: 'x'.repeat(256) }, 'emergencyContactName', CONTACT_FORM_MESSAGES.tooLong],
      ['a description with a NUL', { description: 'a\u0000b' }, 'description', CONTACT_FORM_MESSAGES.badCharacters],
    ])('refuses %s with its message and writes nothing', async (_case, overrides, field, message) => {
      const before = await snapshot()
      const outcome = await postEdit(nia.guid, full(overrides))
      expect(outcome.status).toBe(400)
      expect(conformErrorsOf(outcome)[field]).toEqual([message])
      expect(await snapshot()).toBe(before)
    })

    it('checks custom fields by the registration forms\' rules and says which', async () => {
      const before = await snapshot()
      const outcome = await postEdit(nia.guid, full({ [customFieldKey(fields.shirt)]: 'XXL', [customFieldKey(fields.years)]: 'three' }))
      expect(outcome.status).toBe(400)
      expect(conformErrorsOf(outcome)).toMatchObject({
        [customFieldKey(fields.shirt)]: ['Please choose one of the options for Shirt Size.'],
        [customFieldKey(fields.years)]: ['Years Training must be a number.'],
      })
      expect(await snapshot()).toBe(before)
    })

    it('drops control characters from custom answers as a public form does, instead of failing on them', async () => {
      const outcome = await postEdit(nia.guid, full({ [customFieldKey(fields.belt)]: 'Gre\u0000en' }))
      expect(outcome.status).toBe(302)
      expect((await fieldValues(nia.id)).find((row) => row.name === 'Belt')?.value_text).toBe('Green')
    })

    it('is a 404 for another tenant\'s contact and a 403 without the permission, writing nothing', async () => {
      const before = await snapshot()
      expect((await postEdit(strangerGuid, full())).status).toBe(404)
      expect((await postEdit('x%27--', full())).status).toBe(404)
      expect((await postEdit(nia.guid, full(), world.cookies.staff)).status).toBe(403)
      expect(await snapshot()).toBe(before)
    })

    it('never answers a 500 and a refusal writes nothing, whatever is posted', async () => {
      const keys = Object.keys(full())
      const value = fc.oneof(
        fc.constantFrom('', ' ', 'on', 'M', 'XXL', '2012-05-04', '2999-01-01', 'nia@contactedit.test', 'taken@contactedit.test', '555-010-0199', 'x'.repeat(300)),
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 20 }).map((text) => `${text}\u0000`),
      )
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys, 'phoneCountry', 'grnNumber', 'tenant_id'), value, { maxKeys: 8 }), async (changes) => {
          const before = await snapshot()
          const outcome = await postEdit(nia.guid, full(changes))
          expect([302, 400]).toContain(outcome.status)
          if (outcome.status === 400) expect(await snapshot()).toBe(before)
        }),
        { numRuns: 40 },
      )
    })
  })
})
