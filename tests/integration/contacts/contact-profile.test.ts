import { action, loader } from '#app/routes/_admin+/contacts+/$guId.detail'
import { loader as detailsLoader } from '#app/routes/_admin+/contacts+/$guId.details'
import { asSystem } from '#db/tenant-scope'
import type { ContactProfile } from '#server/contacts/profile/load-contact-profile'
import { linkCycleMessage, PROFILE_MESSAGES, tagCreatedMessage } from '#server/contacts/profile/profile-forms'
import { callRoute, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }

type Person = { id: string; guid: string }
type LoaderBody = { profile: ContactProfile }

describe(`the contact profile, /contacts/{guId}/detail (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let people: Record<'pat' | 'kim' | 'kai' | 'gran' | 'gone' | 'bare', Person>
  let tagIds: Record<'beginner' | 'evening', string>
  let strangerNote: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    // The Roles screen gives Contacts to front desk and not to staff.
    world = await createUsersWorld(platform, 'profilepage', {
      isSupportGrn: true,
      roles: { classes: granted, courses: granted, offers: granted, contacts: { staff: false, frontDesk: true } },
    })
    const tenantId = world.tenant.id
    ;({ people, tagIds, strangerNote } = await asSystem(platform.database, 'test fixture', async (trx) => {
      const rows = await trx
        .insertInto('contacts')
        .values([
          { tenant_id: tenantId, first_name: 'Pat', last_name: 'Parent', email: 'pat@profilepage.test', phone: '555-0100', is_status_client: true, balance_minor: -4550, grn_number: 'GRN-7', date_of_birth: '1985-02-03', city: 'Springfield', address_line1: '1 Main St' },
          { tenant_id: tenantId, first_name: 'Kim', last_name: 'Kid', email: 'kim@profilepage.test', is_status_member: true },
          { tenant_id: tenantId, first_name: 'Kai', last_name: 'Kid', email: 'kai@profilepage.test' },
          { tenant_id: tenantId, first_name: 'Gran', last_name: 'Grand', email: 'gran@profilepage.test' },
          { tenant_id: tenantId, first_name: 'Gone', last_name: 'Away', email: 'gone@profilepage.test', is_archived: true },
          { tenant_id: tenantId, first_name: 'Bare', last_name: 'Bones', email: null },
        ])
        .returning(['id', 'guid', 'first_name'])
        .execute()
      const by = (name: string) => {
        const row = rows.find((r) => r.first_name === name)
        if (!row) throw new Error(`fixture ${name} missing`)
        return { id: row.id, guid: row.guid }
      }
      const tags = await trx.insertInto('tags').values([{ tenant_id: tenantId, name: 'Beginner' }, { tenant_id: tenantId, name: 'Evening' }]).returning(['id', 'name']).execute()
      const fields = await trx
        .insertInto('custom_fields')
        .values([
          { tenant_id: tenantId, name: 'T-shirt size', type: 'text', options: JSON.stringify([]) },
          { tenant_id: tenantId, name: 'Years of practice', type: 'number', options: JSON.stringify([]) },
          { tenant_id: tenantId, name: 'Has injuries', type: 'checkbox', options: JSON.stringify([]) },
          { tenant_id: tenantId, name: 'About you', type: 'header', options: JSON.stringify([]) },
          { tenant_id: tenantId, name: 'Favourite class', type: 'text', options: JSON.stringify([]) },
        ])
        .returning(['id', 'name'])
        .execute()
      const field = (name: string) => fields.find((f) => f.name === name)?.id ?? ''
      await trx
        .insertInto('contact_field_values')
        .values([
          { tenant_id: tenantId, contact_id: by('Pat').id, field_id: field('T-shirt size'), value_text: 'M' },
          { tenant_id: tenantId, contact_id: by('Pat').id, field_id: field('Years of practice'), value_number: '4.5' },
          { tenant_id: tenantId, contact_id: by('Pat').id, field_id: field('Has injuries'), value_bool: false },
        ])
        .execute()
      await trx.insertInto('activities').values({ tenant_id: tenantId, contact_id: by('Pat').id, type: 'form_submitted', text: 'Submitted Trial Class', details: '{}' }).execute()
      await trx.insertInto('outbound_emails').values({ tenant_id: tenantId, to_address: 'PAT@profilepage.test', from_address: 'studio@profilepage.test', subject: 'Welcome to the studio', text_body: 'Hi', status: 'sent', sent_at: new Date() }).execute()
      // Staff emailed Pat from the profile: the email and its log entry record the one message.
      await trx.insertInto('activities').values({ tenant_id: tenantId, contact_id: by('Pat').id, type: 'email_sent', text: 'Email "Welcome to the studio" sent by Ada Admin', details: '{}' }).execute()
      // A note of another contact (Gran), to prove a note guid is checked against the profile's contact.
      const note = await trx.insertInto('contact_notes').values({ tenant_id: tenantId, contact_id: by('Gran').id, author_name: 'Someone', body: 'Not Pat’s' }).returning('guid').executeTakeFirstOrThrow()
      return {
        people: { pat: by('Pat'), kim: by('Kim'), kai: by('Kai'), gran: by('Gran'), gone: by('Gone'), bare: by('Bare') },
        tagIds: { beginner: tags.find((t) => t.name === 'Beginner')?.id ?? '', evening: tags.find((t) => t.name === 'Evening')?.id ?? '' },
        strangerNote: note.guid,
      }
    }))
  })
  afterAll(() => platform.close())

  const url = (guid: string, search = '') => `http://${world.host}/contacts/${guid}/detail${search}`
  const get = (guid: string, search = '', cookie: string | null = world.cookies.admin) => callRoute(loader, getRequest(url(guid, search), cookie), world.context(), { guId: guid })
  const post = (guid: string, fields: Record<string, string>, cookie: string | null = world.cookies.admin) =>
    callRoute(action, formPostRequest(url(guid), fields, cookie), world.context(), { guId: guid })
  const profileOf = (outcome: RouteOutcome) => (outcome.body as LoaderBody).profile
  const failureOf = (outcome: RouteOutcome) => outcome.body as { intent: string; formErrors: string[]; fieldErrors: Record<string, string[]> }

  /** Everything the profile's actions may write, for "wrote nothing" checks. */
  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        notes: await trx.selectFrom('contact_notes').selectAll().orderBy('id').execute(),
        tags: await trx.selectFrom('tags').selectAll().orderBy('id').execute(),
        contactTags: await trx.selectFrom('contact_tags').selectAll().orderBy('contact_id').orderBy('tag_id').execute(),
        guardians: await trx.selectFrom('contact_guardians').selectAll().orderBy('guardian_id').orderBy('child_id').execute(),
        activities: await trx.selectFrom('activities').select(['id']).orderBy('id').execute(),
      }),
    )

  const expectRefused = async (guid: string, fields: Record<string, string>, status: number, message: string | RegExp) => {
    const before = await snapshot()
    const outcome = await post(guid, fields)
    expect(outcome.status).toBe(status)
    const failure = failureOf(outcome)
    const messages = [...failure.formErrors, ...Object.values(failure.fieldErrors).flat()]
    expect(messages.some((m) => (typeof message === 'string' ? m === message : message.test(m))), `${JSON.stringify(messages)}`).toBe(true)
    expect(await snapshot()).toBe(before)
  }

  const expectDone = (outcome: RouteOutcome, guid: string, tab: string, message: string) => {
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe(`/contacts/${guid}/detail?tab=${tab}`)
    expect(toastOf(outcome)).toEqual({ type: 'success', message })
  }

  describe('the page', () => {
    it('opens for the admin and front desk; 403 for staff without the permission; a visitor signs in', async () => {
      expect((await get(people.pat.guid)).status).toBe(200)
      expect((await get(people.pat.guid, '', world.cookies.frontDesk)).status).toBe(200)
      expect((await get(people.pat.guid, '', world.cookies.staff)).status).toBe(403)
      expect((await get(people.pat.guid, '', null)).status).toBe(302)
    })

    it("is a 404 for another tenant's contact and for a malformed guid", async () => {
      expect((await get(world.outsider.guid)).status).toBe(404)
      expect((await get('not-a-guid')).status).toBe(404)
      expect((await get("1' or 1=1 --")).status).toBe(404)
    })

    it('shows the header: name, statuses, balance with sign and two decimals, reach, and what the actions menu needs', async () => {
      const { header } = profileOf(await get(people.pat.guid))
      expect(header).toMatchObject({ guId: people.pat.guid, fullName: 'Pat Parent', initials: 'PP', pictureUrl: null, statuses: ['Client'], balance: '-$45.50', balanceSign: -1, email: 'pat@profilepage.test', phone: '555-0100', hasLogin: false, isEmailVerified: false, isArchived: false })
    })

    it('opens an archived contact with the Archived mark', async () => {
      const outcome = await get(people.gone.guid)
      expect(outcome.status).toBe(200)
      expect(profileOf(outcome).header.isArchived).toBe(true)
    })

    it('lists every detail, empty ones as not given, the GRN where the tenant uses it, the birth date in the tenant format', async () => {
      const { section } = profileOf(await get(people.pat.guid))
      if (section.tab !== 'details') throw new Error('details expected')
      const items = new Map(section.groups.flatMap((group) => group.items).map((item) => [item.label, item]))
      expect(items.get('GRN number')?.value).toBe('GRN-7')
      expect(items.get('Date of birth')?.value).toBe('02/03/1985')
      expect(items.get('Address')?.value).toBe('1 Main St\nSpringfield')
      expect(items.get('Company')?.value).toBeNull()
      expect(items.get('Alternate email 3')?.value).toBeNull()
      expect(items.get("Father's phone")?.value).toBeNull()
      expect(items.get('Created')?.date?.text).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M$/)
    })

    it('lists the custom fields (headers aside) with values by type, unanswered ones as null', async () => {
      const { section } = profileOf(await get(people.pat.guid, '?tab=custom-fields'))
      if (section.tab !== 'custom-fields') throw new Error('custom fields expected')
      expect(section.fields.map((field) => [field.name, field.value])).toEqual([
        ['Favourite class', null],
        ['Has injuries', 'No'],
        ['T-shirt size', 'M'],
        ['Years of practice', '4.5'],
      ])
    })

    it('merges the timeline newest first: activities, notes, emails to the address (any case) and sign-ins', async () => {
      const { section } = profileOf(await get(people.pat.guid, '?tab=timeline'))
      if (section.tab !== 'timeline') throw new Error('timeline expected')
      const kinds = section.entries.map((entry) => entry.kind)
      expect(kinds).toEqual(expect.arrayContaining(['activity', 'email']))
      expect(section.entries.find((entry) => entry.kind === 'email')?.text).toBe('Email "Welcome to the studio" sent')
      expect(section.entries.filter((entry) => entry.text.includes('Welcome to the studio'))).toHaveLength(1)
      const times = section.entries.map((entry) => entry.at?.dateTime ?? '')
      expect([...times].sort().reverse()).toEqual(times)
      // The admin signed in (their session exists): a sign-in is on their own timeline.
      const admin = profileOf(await get(world.admin.guid, '?tab=timeline')).section
      if (admin.tab !== 'timeline') throw new Error('timeline expected')
      expect(admin.entries.map((entry) => entry.text)).toContain('Signed in')
    })

    it('redirects /details to /detail, and is a 404 for another tenant there too', async () => {
      const call = (guid: string, cookie: string | null = world.cookies.admin) =>
        callRoute(detailsLoader, getRequest(`http://${world.host}/contacts/${guid}/details`, cookie), world.context(), { guId: guid })
      const moved = await call(people.pat.guid.toUpperCase())
      expect(moved.status).toBe(301)
      expect(moved.location).toBe(`/contacts/${people.pat.guid}/detail`)
      expect((await call(world.outsider.guid)).status).toBe(404)
      expect((await call('nope')).status).toBe(404)
      expect((await call(people.pat.guid, world.cookies.staff)).status).toBe(403)
    })
  })

  describe('notes', () => {
    it('adds a note signed by the staff member, with an activity; edits it (edited mark) and deletes it', async () => {
      expectDone(await post(people.pat.guid, { intent: 'add-note', body: '  Prefers mornings.\r\nAsk about the workshop.  ' }), people.pat.guid, 'notes', PROFILE_MESSAGES.noteAdded)
      const note = await asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('contact_notes').selectAll().where('contact_id', '=', people.pat.id).executeTakeFirstOrThrow(),
      )
      expect(note).toMatchObject({ body: 'Prefers mornings.\nAsk about the workshop.', author_name: 'Ada Admin', author_contact_id: world.admin.id })
      const activity = await asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('activities').select(['type', 'text']).where('contact_id', '=', people.pat.id).where('type', '=', 'note_added').executeTakeFirst(),
      )
      expect(activity).toEqual({ type: 'note_added', text: 'Note added by Ada Admin' })

      let listed = profileOf(await get(people.pat.guid, '?tab=notes')).section
      if (listed.tab !== 'notes') throw new Error('notes expected')
      expect(listed.notes).toHaveLength(1)
      expect(listed.notes[0]).toMatchObject({ authorName: 'Ada Admin', edited: null })

      expectDone(await post(people.pat.guid, { intent: 'update-note', noteId: note.guid, body: 'Prefers evenings now.' }), people.pat.guid, 'notes', PROFILE_MESSAGES.noteUpdated)
      listed = profileOf(await get(people.pat.guid, '?tab=notes')).section
      if (listed.tab !== 'notes') throw new Error('notes expected')
      expect(listed.notes[0].body).toBe('Prefers evenings now.')
      expect(listed.notes[0].edited).not.toBeNull()

      expectDone(await post(people.pat.guid, { intent: 'delete-note', noteId: note.guid }), people.pat.guid, 'notes', PROFILE_MESSAGES.noteDeleted)
      listed = profileOf(await get(people.pat.guid, '?tab=notes')).section
      if (listed.tab !== 'notes') throw new Error('notes expected')
      expect(listed.notes).toEqual([])
    })

    it('refuses an empty, blank or too long note, and a note of another contact, writing nothing', async () => {
      await expectRefused(people.pat.guid, { intent: 'add-note', body: '' }, 400, PROFILE_MESSAGES.noteRequired)
      await expectRefused(people.pat.guid, { intent: 'add-note', body: ' \n\t ' }, 400, PROFILE_MESSAGES.noteRequired)
      await expectRefused(people.pat.guid, { intent: 'add-note' }, 400, PROFILE_MESSAGES.noteRequired)
      await expectRefused(people.pat.guid, { intent: 'add-note', body: 'x'.repeat(5001) }, 400, PROFILE_MESSAGES.noteTooLong)
      await expectRefused(people.pat.guid, { intent: 'update-note', noteId: strangerNote, body: 'Hijacked' }, 404, PROFILE_MESSAGES.noteGone)
      await expectRefused(people.pat.guid, { intent: 'update-note', noteId: 'nope', body: 'Hijacked' }, 400, PROFILE_MESSAGES.noteGone)
      await expectRefused(people.pat.guid, { intent: 'delete-note', noteId: strangerNote }, 404, PROFILE_MESSAGES.noteGone)
      await expectRefused(people.pat.guid, { intent: 'delete-note', noteId: '' }, 400, PROFILE_MESSAGES.noteGone)
      await expectRefused(people.pat.guid, { intent: 'launch-rockets' }, 400, PROFILE_MESSAGES.unknownIntent)
    })
  })

  describe('tags', () => {
    it('adds an existing tag by its name in any case, creates a new one inline, and removes one', async () => {
      expectDone(await post(people.kim.guid, { intent: 'add-tag', tagName: 'bEGINNER' }), people.kim.guid, 'tags', PROFILE_MESSAGES.tagAdded)
      expectDone(await post(people.kim.guid, { intent: 'add-tag', tagName: '  Summer   Camp ' }), people.kim.guid, 'tags', tagCreatedMessage('Summer Camp'))
      let section = profileOf(await get(people.kim.guid, '?tab=tags')).section
      if (section.tab !== 'tags') throw new Error('tags expected')
      expect(section.tags.map((tag) => tag.name)).toEqual(['Beginner', 'Summer Camp'])
      expect(section.others.map((tag) => tag.name)).toEqual(['Evening'])
      const activities = await asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('activities').select('text').where('contact_id', '=', people.kim.id).where('type', '=', 'tag_added').orderBy('created_at').orderBy('text').execute(),
      )
      expect(activities.map((row) => row.text).sort()).toEqual(['Tag "Beginner" added', 'Tag "Summer Camp" added'])

      expectDone(await post(people.kim.guid, { intent: 'remove-tag', tagId: tagIds.beginner }), people.kim.guid, 'tags', PROFILE_MESSAGES.tagRemoved)
      section = profileOf(await get(people.kim.guid, '?tab=tags')).section
      if (section.tab !== 'tags') throw new Error('tags expected')
      expect(section.tags.map((tag) => tag.name)).toEqual(['Summer Camp'])
    })

    it('refuses a tag the contact has (any case), an empty or too long name, and a tag not on the contact, writing nothing', async () => {
      await post(people.kai.guid, { intent: 'add-tag', tagName: 'Evening' })
      await expectRefused(people.kai.guid, { intent: 'add-tag', tagName: 'EVENING' }, 400, PROFILE_MESSAGES.tagAlreadyOn)
      await expectRefused(people.kai.guid, { intent: 'add-tag', tagName: '   ' }, 400, PROFILE_MESSAGES.tagRequired)
      await expectRefused(people.kai.guid, { intent: 'add-tag', tagName: 'x'.repeat(101) }, 400, PROFILE_MESSAGES.tagTooLong)
      await expectRefused(people.kai.guid, { intent: 'remove-tag', tagId: tagIds.beginner }, 404, PROFILE_MESSAGES.tagGone)
      await expectRefused(people.kai.guid, { intent: 'remove-tag', tagId: 'Evening' }, 400, PROFILE_MESSAGES.tagGone)
    })
  })

  describe('family', () => {
    it('links a guardian (the first becomes the emergency contact), a second guardian, children and siblings; switches and unlinks', async () => {
      // Pat is Kim's mother, picked from Kim's page.
      expectDone(await post(people.kim.guid, { intent: 'link-family', otherId: people.pat.guid, role: 'guardian', relation: 'mother' }), people.kim.guid, 'family', PROFILE_MESSAGES.familyLinked)
      // Kai is Pat's child, picked from Pat's page.
      expectDone(await post(people.pat.guid, { intent: 'link-family', otherId: people.kai.guid, role: 'child', relation: 'mother' }), people.pat.guid, 'family', PROFILE_MESSAGES.familyLinked)
      // Gran is Kim's second guardian: not the emergency contact.
      expectDone(await post(people.kim.guid, { intent: 'link-family', otherId: people.gran.guid, role: 'guardian', relation: 'guardian' }), people.kim.guid, 'family', PROFILE_MESSAGES.familyLinked)

      const familyOf = async (guid: string) => {
        const section = profileOf(await get(guid, '?tab=family')).section
        if (section.tab !== 'family') throw new Error('family expected')
        return section.family
      }
      let kim = await familyOf(people.kim.guid)
      expect(kim.guardians.map((g) => [g.name, g.relation, g.isEmergencyContact])).toEqual([
        ['Gran Grand', 'guardian', false],
        ['Pat Parent', 'mother', true],
      ])
      expect(kim.siblings.map((s) => s.name)).toEqual(['Kai Kid'])
      const pat = await familyOf(people.pat.guid)
      expect(pat.children.map((c) => c.name)).toEqual(['Kai Kid', 'Kim Kid'])
      expect((await familyOf(people.kai.guid)).siblings.map((s) => s.name)).toEqual(['Kim Kid'])

      // Without JavaScript the family tab searches on the page: the contacts search, this contact left out.
      const searched = profileOf(await get(people.kim.guid, '?tab=family&q=kid')).section
      if (searched.tab !== 'family') throw new Error('family expected')
      expect(searched.search).toEqual({ q: 'kid', items: [{ id: people.kai.guid, label: 'Kai Kid', email: 'kai@profilepage.test' }] })

      const linked = await asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('activities').select('text').where('type', '=', 'guardian_linked').where('contact_id', '=', people.kim.id).orderBy('text').execute(),
      )
      expect(linked.map((row) => row.text)).toEqual(['Gran Grand linked as guardian', 'Pat Parent linked as mother'])

      expectDone(await post(people.kim.guid, { intent: 'set-emergency', guardianId: people.gran.guid }), people.kim.guid, 'family', PROFILE_MESSAGES.emergencyChanged)
      kim = await familyOf(people.kim.guid)
      expect(kim.guardians.map((g) => [g.name, g.isEmergencyContact])).toEqual([
        ['Gran Grand', true],
        ['Pat Parent', false],
      ])
      // Unlinking the emergency contact hands the role to the remaining guardian.
      expectDone(await post(people.gran.guid, { intent: 'unlink-family', guardianId: people.gran.guid, childId: people.kim.guid }), people.gran.guid, 'family', PROFILE_MESSAGES.familyUnlinked)
      kim = await familyOf(people.kim.guid)
      expect(kim.guardians.map((g) => [g.name, g.isEmergencyContact])).toEqual([['Pat Parent', true]])
    })

    it('refuses linking to itself, a duplicate either way, a loop, an unknown or foreign contact, and links it is not part of, writing nothing', async () => {
      // Pat looks after Kim and Kai (previous test); Gran is linked to nobody now.
      await expectRefused(people.kim.guid, { intent: 'link-family', otherId: people.kim.guid, role: 'guardian', relation: 'guardian' }, 400, PROFILE_MESSAGES.linkSelf)
      await expectRefused(people.kim.guid, { intent: 'link-family', otherId: people.pat.guid, role: 'guardian', relation: 'father' }, 400, PROFILE_MESSAGES.linkDuplicate)
      await expectRefused(people.pat.guid, { intent: 'link-family', otherId: people.kim.guid, role: 'guardian', relation: 'guardian' }, 400, PROFILE_MESSAGES.linkDuplicate)
      // Gran becomes Pat's guardian; then Kim (Pat's child) cannot become Gran's guardian.
      await post(people.pat.guid, { intent: 'link-family', otherId: people.gran.guid, role: 'guardian', relation: 'mother' })
      await expectRefused(people.gran.guid, { intent: 'link-family', otherId: people.kim.guid, role: 'guardian', relation: 'guardian' }, 400, linkCycleMessage('Kim Kid', 'Gran Grand'))
      await expectRefused(people.kim.guid, { intent: 'link-family', otherId: world.outsider.guid, role: 'guardian', relation: 'guardian' }, 404, PROFILE_MESSAGES.pickedGone)
      await expectRefused(people.kim.guid, { intent: 'link-family', otherId: '', role: 'guardian', relation: 'guardian' }, 400, PROFILE_MESSAGES.pickContact)
      await expectRefused(people.kim.guid, { intent: 'link-family', otherId: people.gran.guid, role: 'uncle', relation: 'guardian' }, 400, PROFILE_MESSAGES.unknownIntent)
      await expectRefused(people.kim.guid, { intent: 'link-family', otherId: people.gran.guid, role: 'guardian', relation: 'aunt' }, 400, PROFILE_MESSAGES.unknownIntent)
      // Kai's page cannot unlink Pat and Kim, nor make a stranger Kai's emergency contact.
      await expectRefused(people.kai.guid, { intent: 'unlink-family', guardianId: people.pat.guid, childId: people.kim.guid }, 404, PROFILE_MESSAGES.linkGone)
      await expectRefused(people.kai.guid, { intent: 'set-emergency', guardianId: people.gran.guid }, 404, PROFILE_MESSAGES.linkGone)
      await expectRefused(people.kai.guid, { intent: 'unlink-family', guardianId: people.gran.guid, childId: people.kai.guid }, 404, PROFILE_MESSAGES.linkGone)
    })
  })

  describe('every form', () => {
    const forms = (): Array<Record<string, string>> => [
      { intent: 'add-note', body: 'Hello' },
      { intent: 'update-note', noteId: strangerNote, body: 'Hello' },
      { intent: 'delete-note', noteId: strangerNote },
      { intent: 'add-tag', tagName: 'Evening' },
      { intent: 'remove-tag', tagId: tagIds.evening },
      { intent: 'link-family', otherId: people.pat.guid, role: 'guardian', relation: 'guardian' },
      { intent: 'unlink-family', guardianId: people.pat.guid, childId: people.kim.guid },
      { intent: 'set-emergency', guardianId: people.pat.guid },
      { intent: 'nonsense' },
    ]

    it("is a 404 for another tenant's contact or a malformed guid, and a 403 without the permission, writing nothing", async () => {
      const before = await snapshot()
      for (const fields of forms()) {
        expect((await post(world.outsider.guid, fields)).status, fields.intent).toBe(404)
        expect((await post('not-a-guid', fields)).status, fields.intent).toBe(404)
        expect((await post(people.kim.guid, fields, world.cookies.staff)).status, fields.intent).toBe(403)
      }
      expect(await snapshot()).toBe(before)
    })
  })
})
