import { action, loader } from '#app/routes/_admin+/contacts+/bulk'
import { loader as listLoader } from '#app/routes/_admin+/contacts+/_index'
import { asSystem } from '#db/tenant-scope'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }

/**
 * Decision: a guId of another studio (or one deleted meanwhile) in a bulk selection is ignored
 * and said ('1 contact was not found and left alone'), not a 404 for the whole action: a page
 * that went stale must not block acting on the rest, and nothing of the other studio is read,
 * changed or named.
 */
describe(`bulk delete and tag on the contacts list (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  const guid = new Map<string, string>()
  let strangerGuid = ''
  let strangerTagId = ''

  async function person(firstName: string, lastName: string, extra: { member?: boolean } = {}) {
    const row = await asSystem(platform.database, 'test fixture', (trx) =>
      trx
        .insertInto('contacts')
        .values({ tenant_id: world.tenant.id, first_name: firstName, last_name: lastName, email: `${firstName.toLowerCase()}@bulk.test`, is_status_member: extra.member ?? false })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow(),
    )
    guid.set(firstName, row.guid)
    return row
  }

  async function snapshot(): Promise<string> {
    return asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        contacts: await trx.selectFrom('contacts').select(['id', 'is_archived', 'updated_at']).orderBy('id').execute(),
        tags: await trx.selectFrom('tags').select(['id', 'name']).orderBy('id').execute(),
        contactTags: await trx.selectFrom('contact_tags').select(['contact_id', 'tag_id']).orderBy('contact_id').orderBy('tag_id').execute(),
      }),
    )
  }

  async function tagsOf(firstName: string): Promise<string[]> {
    return asSystem(platform.database, 'test check', async (trx) =>
      (
        await trx
          .selectFrom('contact_tags')
          .innerJoin('tags', 'tags.id', 'contact_tags.tag_id')
          .innerJoin('contacts', 'contacts.id', 'contact_tags.contact_id')
          .select('tags.name')
          .where('contacts.guid', '=', guid.get(firstName) ?? '')
          .orderBy('tags.name')
          .execute()
      ).map((row) => row.name),
    )
  }

  const post = (fields: Array<[string, string]>, cookie = world.cookies.admin) =>
    callRoute(action, formPostRequest(`http://${world.host}/contacts/bulk`, new URLSearchParams(fields), cookie), world.context())
  const confirmation = (search: string, cookie = world.cookies.admin) => callRoute(loader, getRequest(`http://${world.host}/contacts/bulk${search}`, cookie), world.context())
  const ids = (...names: string[]) => names.map((name): [string, string] => ['id', guid.get(name) ?? `missing ${name}`])
  const stats = async () => ((await callRoute(listLoader, getRequest(`http://${world.host}/contacts`, world.cookies.admin), world.context())).body as { stats: { total: number; byStatus: { member: number } } }).stats

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'bulkworld', { roles: { classes: granted, courses: granted, offers: granted, contacts: { staff: false, frontDesk: true } } })
    for (const name of ['Alma', 'Bruno', 'Carmen', 'Dario', 'Elena', 'Filipa', 'Gustavo']) await person(name, 'Bulk', { member: name === 'Alma' || name === 'Carmen' })
    guid.set('Ada', world.admin.guid)
    guid.set('Sam', world.staff.guid)
    guid.set('Stu', world.student.guid)
    const carmen = await asSystem(platform.database, 'test fixture', (trx) => trx.selectFrom('contacts').select('id').where('guid', '=', guid.get('Carmen') ?? '').executeTakeFirstOrThrow())
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const form = await trx.insertInto('custom_forms').values({ tenant_id: world.tenant.id, name: 'Waiver', form_type: 'WAIVER' }).returning('id').executeTakeFirstOrThrow()
      await trx
        .insertInto('form_submissions')
        .values({ tenant_id: world.tenant.id, form_id: form.id, form_version: 1, form_name: 'Waiver', contact_id: carmen.id, data: JSON.stringify({}), integrity_hash: 'x', download_token_hash: 'bulk-token-1' })
        .execute()
      const stranger = await trx.insertInto('contacts').values({ tenant_id: world.other.id, first_name: 'Otto', last_name: 'Elsewhere', email: 'otto@elsewhere.test' }).returning('guid').executeTakeFirstOrThrow()
      strangerGuid = stranger.guid
      strangerTagId = (await trx.insertInto('tags').values({ tenant_id: world.other.id, name: 'Theirs' }).returning('id').executeTakeFirstOrThrow()).id
    })
  })
  afterAll(() => platform.close())

  it('answers 403 to a role the Roles screen does not grant, writing nothing', async () => {
    const before = await snapshot()
    expect((await confirmation(`?bulk=delete&id=${guid.get('Alma')}`, world.cookies.staff)).status).toBe(403)
    expect((await post([['intent', 'delete'], ...ids('Alma')], world.cookies.staff)).status).toBe(403)
    expect((await post([['intent', 'tag'], ['newTag', 'X'], ...ids('Alma')], world.cookies.student)).status).toBe(403)
    expect(await snapshot()).toBe(before)
  })

  it('the confirmation page says how many, and what of the selection was not found', async () => {
    const page = await confirmation(`?bulk=delete&id=${guid.get('Alma')}&id=${guid.get('Bruno')}&id=${strangerGuid}&q=bulk`, world.cookies.frontDesk)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ action: 'delete', count: 2, notFound: 1, allMatching: false, back: '/contacts?q=bulk' })
    // The hidden fields carry the selection and the list the person came from.
    expect((page.body as { carried: Array<[string, string]> }).carried).toEqual([...ids('Alma', 'Bruno'), ['id', strangerGuid], ['q', 'bulk']])
    // Without JavaScript the header box selects the page: its rows come as pageId.
    const wholePage = await confirmation(`?bulk=tag&selectPage=1&pageId=${guid.get('Alma')}&pageId=${guid.get('Bruno')}`)
    expect(wholePage.body).toMatchObject({ action: 'tag', count: 2 })
    const all = await confirmation('?bulk=export&all=1&q=%40bulk.test')
    expect(all.body).toMatchObject({ action: 'export', count: 7, allMatching: true })
  })

  it('a confirmation of nothing, of an unreadable id or of an unknown action goes back to the list with the reason', async () => {
    for (const [search, message] of [
      ['?bulk=delete&q=x', 'Select at least one contact.'],
      ['?bulk=delete&id=not-a-guid', 'A selected contact could not be read; nothing was changed.'],
      [`?bulk=explode&id=${guid.get('Alma')}`, 'Choose Delete, Tag or Export for the selected contacts.'],
      ['?bulk=delete&all=1&status=vip', 'The filter could not be read (status); nothing was changed.'],
    ] as const) {
      const outcome = await confirmation(search)
      expect(outcome.status, search).toBe(302)
      expect(outcome.location).toBe(search.includes('q=x') ? '/contacts?q=x' : '/contacts')
      expect(toastOf(outcome)).toEqual({ type: 'error', message })
    }
  })

  it('refuses an unreadable selection, an empty one or an unknown intent with 400 and writes nothing', async () => {
    const before = await snapshot()
    expect(await post([['intent', 'delete'], ['id', 'nope']])).toMatchObject({ status: 400, body: { formError: 'A selected contact could not be read; nothing was changed.' } })
    expect(await post([['intent', 'delete']])).toMatchObject({ status: 400, body: { formError: 'Select at least one contact.' } })
    expect(await post([['intent', 'purge'], ...ids('Alma')])).toMatchObject({ status: 400 })
    expect(await post([['intent', 'delete'], ['all', '1'], ['status', 'vip']])).toMatchObject({ status: 400 })
    expect(await post([['intent', 'tag'], ...ids('Alma')])).toMatchObject({ status: 400, body: { tagErrors: { tagId: ['Choose a tag or type a new one.'] } } })
    expect(await post([['intent', 'tag'], ['newTag', 'x'.repeat(101)], ...ids('Alma')])).toMatchObject({ status: 400, body: { tagErrors: { newTag: ['A tag name is at most 100 characters.'] } } })
    expect(await post([['intent', 'tag'], ['tagId', 'bad'], ...ids('Alma')])).toMatchObject({ status: 400, body: { tagErrors: { tagId: ['Choose a tag from the list.'] } } })
    expect(await post([['intent', 'tag'], ['mode', 'remove'], ['newTag', 'VIP'], ...ids('Alma')])).toMatchObject({ status: 400 })
    // Another studio's tag is not there.
    expect(await post([['intent', 'tag'], ['tagId', strangerTagId], ...ids('Alma')])).toMatchObject({ status: 404, body: { formError: 'That tag no longer exists.' } })
    expect(await snapshot()).toBe(before)
  })

  it('tags the selected contacts with a new tag once, whatever its case, and removes it again', async () => {
    const added = await post([['intent', 'tag'], ['newTag', '  Summer   Camp '], ...ids('Alma', 'Bruno'), ['q', 'bulk']], world.cookies.frontDesk)
    expect(added.status).toBe(302)
    expect(added.location).toBe('/contacts?q=bulk')
    expect(toastOf(added)).toEqual({ type: 'success', message: "Tag 'Summer Camp' added to 2 contacts." })
    expect(await tagsOf('Alma')).toEqual(['Summer Camp'])
    // The same name in another case is the same tag; adding again changes nothing.
    const again = await post([['intent', 'tag'], ['newTag', 'summer camp'], ...ids('Alma', 'Bruno', 'Carmen')])
    expect(toastOf(again)?.message).toBe("Tag 'Summer Camp' added to 1 contact. 2 contacts had it already.")
    const tags = await asSystem(platform.database, 'test check', (trx) => trx.selectFrom('tags').select('name').where('tenant_id', '=', world.tenant.id).execute())
    expect(tags.map((tag) => tag.name)).toEqual(['Summer Camp'])
    const tagId = await asSystem(platform.database, 'test check', (trx) => trx.selectFrom('tags').select('id').where('tenant_id', '=', world.tenant.id).executeTakeFirstOrThrow())
    const removed = await post([['intent', 'tag'], ['mode', 'remove'], ['tagId', tagId.id], ...ids('Alma', 'Dario')])
    expect(toastOf(removed)?.message).toBe("Tag 'Summer Camp' removed from 1 contact. 1 contact did not have it.")
    expect(await tagsOf('Alma')).toEqual([])
    expect(await tagsOf('Bruno')).toEqual(['Summer Camp'])
  })

  it("tags all that match the filter, and leaves another studio's guId alone, saying so", async () => {
    const all = await post([['intent', 'tag'], ['newTag', 'Members'], ['all', '1'], ['status', 'member']])
    expect(toastOf(all)?.message).toBe("Tag 'Members' added to 2 contacts.")
    expect(await tagsOf('Alma')).toEqual(['Members'])
    expect(await tagsOf('Carmen')).toEqual(['Members', 'Summer Camp'])
    expect(await tagsOf('Dario')).toEqual([])
    const foreign = await post([['intent', 'tag'], ['newTag', 'Members'], ['id', strangerGuid], ...ids('Dario')])
    expect(toastOf(foreign)?.message).toBe("Tag 'Members' added to 1 contact. 1 contact was not found and left alone.")
    const theirs = await asSystem(platform.database, 'test check', (trx) => trx.selectFrom('contact_tags').select('tag_id').where('tenant_id', '=', world.other.id).execute())
    expect(theirs).toEqual([])
  })

  it('deletes, archives those with form submissions, refuses staff logins and oneself, and the totals follow', async () => {
    const before = await stats()
    const outcome = await post([['intent', 'delete'], ...ids('Bruno', 'Carmen', 'Dario', 'Ada', 'Sam', 'Stu'), ['id', strangerGuid]])
    expect(outcome.status).toBe(302)
    expect(toastOf(outcome)).toEqual({
      type: 'success',
      message: '3 contacts deleted; 1 archived because they have form submissions. 1 contact with a staff login was not deleted. You cannot delete yourself. 1 contact was not found and left alone.',
    })
    const left = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('contacts').select(['first_name', 'is_archived']).where('tenant_id', '=', world.tenant.id).orderBy('first_name').execute(),
    )
    expect(left.map((row) => `${row.first_name}${row.is_archived ? ' (archived)' : ''}`)).toEqual(['Ada', 'Alma', 'Carmen (archived)', 'Elena', 'Filipa', 'Fran', 'Gustavo', 'Sam'])
    // The submission keeps its contact; the other studio's contact is untouched.
    const submission = await asSystem(platform.database, 'test check', (trx) => trx.selectFrom('form_submissions').select('contact_id').executeTakeFirstOrThrow())
    expect(submission.contact_id).not.toBeNull()
    const otto = await asSystem(platform.database, 'test check', (trx) => trx.selectFrom('contacts').select('is_archived').where('guid', '=', strangerGuid).executeTakeFirst())
    expect(otto).toEqual({ is_archived: false })
    // Deleted and archived both leave the totals; Carmen was a member.
    const after = await stats()
    expect(after.total).toBe(before.total - 4)
    expect(after.byStatus.member).toBe(before.byStatus.member - 1)
    const counted = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('contacts').select((eb) => eb.fn.countAll<string | number>().as('n')).where('tenant_id', '=', world.tenant.id).where('is_archived', '=', false).executeTakeFirstOrThrow(),
    )
    expect(after.total).toBe(Number(counted.n))
    // One audit line says who did it and whom it reached.
    const audit = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('audit_log').select(['actor_contact_id', 'details']).where('tenant_id', '=', world.tenant.id).where('action', '=', 'contacts.deleted').execute(),
    )
    expect(audit).toEqual([{ actor_contact_id: world.admin.id, details: expect.objectContaining({ deleted: 3, archived: 1, refused: 2 }) }])
    expect((audit[0]?.details as { deletedGuids: string[] }).deletedGuids).toHaveLength(3)
  })

  it('deletes all that match the filter, and only those', async () => {
    const outcome = await post([['intent', 'delete'], ['all', '1'], ['q', 'filipa']])
    expect(toastOf(outcome)?.message).toBe('1 contact deleted.')
    const names = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('contacts').select('first_name').where('tenant_id', '=', world.tenant.id).where('is_archived', '=', false).orderBy('first_name').execute(),
    )
    expect(names.map((row) => row.first_name)).toEqual(['Ada', 'Alma', 'Elena', 'Fran', 'Gustavo', 'Sam'])
  })

  it('archives a contact enrolled in a course instead of deleting it, keeping the enrolment', async () => {
    const gustavo = guid.get('Gustavo') ?? ''
    const enrolmentId = await asSystem(platform.database, 'test fixture', async (trx) => {
      const contact = await trx.selectFrom('contacts').select('id').where('guid', '=', gustavo).executeTakeFirstOrThrow()
      const course = await trx.insertInto('catalog_items').values({ tenant_id: world.tenant.id, kind: 'course', name: 'Yoga Basics', slug: 'yoga-basics' }).returning('id').executeTakeFirstOrThrow()
      return (await trx.insertInto('course_enrolments').values({ tenant_id: world.tenant.id, course_id: course.id, contact_id: contact.id }).returning('id').executeTakeFirstOrThrow()).id
    })
    const outcome = await post([['intent', 'delete'], ...ids('Gustavo')])
    expect(toastOf(outcome)).toEqual({ type: 'success', message: '0 contacts deleted; 1 archived because they have course enrolments.' })
    const kept = await asSystem(platform.database, 'test check', async (trx) => ({
      contact: await trx.selectFrom('contacts').select('is_archived').where('guid', '=', gustavo).executeTakeFirst(),
      enrolment: await trx.selectFrom('course_enrolments').select('id').where('id', '=', enrolmentId).executeTakeFirst(),
    }))
    expect(kept).toEqual({ contact: { is_archived: true }, enrolment: { id: enrolmentId } })
  })
})
