import { action as bulkAction, loader as bulkLoader } from '#app/routes/_admin+/contacts+/bulk'
import { loader as exportLoader } from '#app/routes/_admin+/contacts+/export[.csv]'
import { loader as listLoader } from '#app/routes/_admin+/contacts+/_index'
import { asSystem } from '#db/tenant-scope'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }

interface ListBody {
  total: number
  filtered: boolean
  ignored: string[]
  rows: Array<{ name: string }>
  options: { customFields: Array<{ guId: string; name: string; type: string; options: string[] }> }
  customField: { fieldGuId: string | null; problem: string | null }
}

/**
 * Decisions: a field the studio does not have (deleted, or another studio's) is left out of the
 * list without a word, as a stale bookmark should be; a value that does not fit its field ('abc'
 * for a number) is said next to the filter and narrows nothing, since an empty list would read
 * as 'nobody has it'. A bulk action or export on all that match refuses both, rather than reach
 * everyone.
 */
describe(`the contacts list filtered by a custom field (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  const field = new Map<string, { id: string; guid: string }>()
  let foreignField = ''

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'cfworld', { roles: { classes: granted, courses: granted, offers: granted, contacts: granted } })
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const tenantId = world.tenant.id
      const fields = await trx
        .insertInto('custom_fields')
        .values([
          { tenant_id: tenantId, name: 'Level', type: 'dropdown', options: JSON.stringify(['Beginner', 'Advanced']) },
          { tenant_id: tenantId, name: 'Age', type: 'number', options: '[]' },
          { tenant_id: tenantId, name: 'Waiver signed', type: 'checkbox', options: '[]' },
          { tenant_id: tenantId, name: 'Notes', type: 'textarea', options: '[]' },
          { tenant_id: tenantId, name: 'About you', type: 'header', options: '[]' },
        ])
        .returning(['id', 'guid', 'name'])
        .execute()
      for (const row of fields) field.set(row.name, row)
      const people = await trx
        .insertInto('contacts')
        .values(
          ['Alma', 'Bruno', 'Carmen', 'Dario', 'Elena'].map((name) => ({
            tenant_id: tenantId,
            first_name: name,
            last_name: 'Field',
            email: `${name.toLowerCase()}@cf.test`,
            is_archived: name === 'Elena',
            is_status_member: name !== 'Carmen',
          })),
        )
        .returning(['id', 'first_name'])
        .execute()
      const id = (name: string) => people.find((row) => row.first_name === name)?.id ?? ''
      const of = (name: string) => field.get(name)?.id ?? ''
      await trx
        .insertInto('contact_field_values')
        .values([
          { tenant_id: tenantId, contact_id: id('Alma'), field_id: of('Level'), value_text: 'Beginner' },
          { tenant_id: tenantId, contact_id: id('Alma'), field_id: of('Age'), value_number: '30' },
          { tenant_id: tenantId, contact_id: id('Alma'), field_id: of('Waiver signed'), value_bool: true },
          { tenant_id: tenantId, contact_id: id('Alma'), field_id: of('Notes'), value_text: 'Bad knee; José’s pupil, 100% keen' },
          { tenant_id: tenantId, contact_id: id('Bruno'), field_id: of('Level'), value_text: 'Advanced' },
          { tenant_id: tenantId, contact_id: id('Bruno'), field_id: of('Age'), value_number: '30.00' },
          { tenant_id: tenantId, contact_id: id('Bruno'), field_id: of('Notes'), value_text: 'KNEE surgery in May' },
          { tenant_id: tenantId, contact_id: id('Carmen'), field_id: of('Level'), value_text: 'Beginner' },
          { tenant_id: tenantId, contact_id: id('Carmen'), field_id: of('Age'), value_number: '41.5' },
          { tenant_id: tenantId, contact_id: id('Elena'), field_id: of('Level'), value_text: 'Beginner' },
        ])
        .execute()
      // Another studio with a field of the same name, and a contact holding its value.
      const theirs = await trx.insertInto('custom_fields').values({ tenant_id: world.other.id, name: 'Level', type: 'dropdown', options: JSON.stringify(['Beginner']) }).returning(['id', 'guid']).executeTakeFirstOrThrow()
      foreignField = theirs.guid
      const otto = await trx.insertInto('contacts').values({ tenant_id: world.other.id, first_name: 'Otto', last_name: 'Field', email: 'otto@cf.test' }).returning('id').executeTakeFirstOrThrow()
      await trx.insertInto('contact_field_values').values({ tenant_id: world.other.id, contact_id: otto.id, field_id: theirs.id, value_text: 'Beginner' }).execute()
    })
  })
  afterAll(() => platform.close())

  const guidOf = (name: string) => field.get(name)?.guid ?? ''
  const cf = (name: string, value: string) => `cf=${guidOf(name)}&cfv=${encodeURIComponent(value)}`
  const list = async (search: string) => {
    const outcome = await callRoute(listLoader, getRequest(`http://${world.host}/contacts?${search}`, world.cookies.admin), world.context())
    expect(outcome.status, search).toBe(200)
    return outcome.body as ListBody
  }
  const names = async (search: string) => (await list(search)).rows.map((row) => row.name)
  const everyone = ['Alma Field', 'Bruno Field', 'Carmen Field', 'Dario Field']

  it('offers the studio’s own fields, headers aside, in name order', async () => {
    const body = await list('')
    expect(body.options.customFields).toEqual([
      { guId: guidOf('Age'), name: 'Age', type: 'number', options: [] },
      { guId: guidOf('Level'), name: 'Level', type: 'dropdown', options: ['Beginner', 'Advanced'] },
      { guId: guidOf('Notes'), name: 'Notes', type: 'textarea', options: [] },
      { guId: guidOf('Waiver signed'), name: 'Waiver signed', type: 'checkbox', options: [] },
    ])
    expect(body.customField).toEqual({ fieldGuId: null, problem: null })
  })

  it.each([
    // A choice is its option exactly, however it was typed; archived contacts stay out.
    ['Level', 'Beginner', ['Alma Field', 'Carmen Field']],
    ['Level', 'advanced', ['Bruno Field']],
    // A number equals as a number: 30 is 30.00.
    ['Age', '30', ['Alma Field', 'Bruno Field']],
    ['Age', '41.50', ['Carmen Field']],
    ['Age', '7', []],
    // A tick box: yes is ticked; no is everyone else (an unticked box is stored as nothing).
    ['Waiver signed', 'yes', ['Alma Field']],
    ['Waiver signed', 'No', ['Bruno Field', 'Carmen Field', 'Dario Field']],
    // Text contains, ignoring case and accents; wildcards are plain characters.
    ['Notes', 'knee', ['Alma Field', 'Bruno Field']],
    ['Notes', 'jose', ['Alma Field']],
    ['Notes', '100%', ['Alma Field']],
    ['Notes', '%', ['Alma Field']],
    ['Notes', '_', []],
  ])('filters %s = %j', async (name, value, expected) => {
    const body = await list(`q=cf.test&${cf(name, value)}`)
    expect(body.rows.map((row) => row.name)).toEqual(expected)
    expect(body.total).toBe(expected.length)
    expect(body).toMatchObject({ filtered: true, ignored: [], customField: { fieldGuId: guidOf(name), problem: null } })
  })

  it('finds the field by its id as well, and combines with the other filters', async () => {
    expect(await names(`q=cf.test&cf=${field.get('Level')?.id}&cfv=Beginner`)).toEqual(['Alma Field', 'Carmen Field'])
    expect(await names(`status=member&${cf('Level', 'Beginner')}`)).toEqual(['Alma Field'])
    expect(await names(`q=bruno&${cf('Age', '30')}`)).toEqual(['Bruno Field'])
  })

  it('keeps a field chosen without a value, narrowing nothing', async () => {
    const body = await list(`q=cf.test&cf=${guidOf('Level')}`)
    expect(body.rows.map((row) => row.name)).toEqual(everyone)
    expect(body).toMatchObject({ filtered: true, customField: { fieldGuId: guidOf('Level'), problem: null } })
  })

  it('leaves out, without a word, a field of another studio or one that does not exist', async () => {
    for (const ref of [foreignField, '6f1d2c3b-0000-4000-8000-00000000dead']) {
      const body = await list(`q=cf.test&cf=${ref}&cfv=Beginner`)
      expect(body.rows.map((row) => row.name), ref).toEqual(everyone)
      expect(body).toMatchObject({ ignored: [], customField: { fieldGuId: null, problem: null } })
    }
  })

  it.each([
    ['Age', 'abc', 'Age holds numbers: enter a number such as 12 or 3.5. This filter is not applied.'],
    ['Age', '1; drop table contacts', 'Age holds numbers: enter a number such as 12 or 3.5. This filter is not applied.'],
    ['Level', 'Expert', '“Expert” is not an option of Level, so this filter is not applied. Choose one of: Beginner, Advanced.'],
    ['Waiver signed', 'maybe', 'Waiver signed is a tick box: choose Yes or No. This filter is not applied.'],
  ])('says a value that does not fit (%s = %j) next to the filter, and narrows nothing', async (name, value, problem) => {
    const body = await list(`q=cf.test&${cf(name, value)}`)
    expect(body.rows.map((row) => row.name)).toEqual(everyone)
    expect(body.customField).toEqual({ fieldGuId: guidOf(name), problem })
  })

  it('never fails on what a URL can hold', async () => {
    expect((await list('q=cf.test&cfv=Beginner')).customField).toEqual({ fieldGuId: null, problem: 'Choose a custom field to look for “Beginner” in; this filter is not applied.' })
    expect(await list('cf=level&cfv=x')).toMatchObject({ ignored: ['cf'] })
    for (const value of [`9${'9'.repeat(99)}`, '-0.000000000000000000001', '\\', "'", '\u0000']) {
      await list(`q=cf.test&${cf('Age', value)}`)
      await list(`q=cf.test&${cf('Notes', value)}`)
      await list(`q=cf.test&${cf('Level', value)}`)
      await list(`q=cf.test&${cf('Waiver signed', value)}`)
    }
    expect(await names(`q=cf.test&${cf('Age', `9${'9'.repeat(99)}`)}`)).toEqual([])
  })

  describe('all that match, in bulk and in the export', () => {
    const confirmation = (search: string) => callRoute(bulkLoader, getRequest(`http://${world.host}/contacts/bulk?${search}`, world.cookies.admin), world.context())
    const post = (search: string) => callRoute(bulkAction, formPostRequest(`http://${world.host}/contacts/bulk`, new URLSearchParams(search), world.cookies.admin), world.context())
    const exported = async (search: string) => {
      const outcome = await callRoute(exportLoader, getRequest(`http://${world.host}/contacts/export.csv?${search}`, world.cookies.admin), world.context())
      return { status: outcome.status, firstNames: String(outcome.body).split('\r\n').slice(1, -1).map((line) => line.split(',')[1]) }
    }
    const tagged = async (tagName: string) =>
      asSystem(platform.database, 'test check', async (trx) =>
        (
          await trx
            .selectFrom('contact_tags')
            .innerJoin('tags', 'tags.id', 'contact_tags.tag_id')
            .innerJoin('contacts', 'contacts.id', 'contact_tags.contact_id')
            .select('contacts.first_name')
            .where('tags.name', '=', tagName)
            .orderBy('contacts.first_name')
            .execute()
        ).map((row) => row.first_name),
      )

    it('counts, tags and exports only those the list shows', async () => {
      expect((await confirmation(`bulk=tag&all=1&${cf('Level', 'beginner')}`)).body).toMatchObject({ action: 'tag', count: 2, allMatching: true })
      expect((await confirmation(`bulk=export&all=1&${cf('Waiver signed', 'no')}&q=cf.test`)).body).toMatchObject({ count: 3 })
      const outcome = await post(`intent=tag&newTag=Beginners&all=1&${cf('Level', 'Beginner')}`)
      expect(outcome.status).toBe(302)
      expect(toastOf(outcome)?.type).toBe('success')
      expect(await tagged('Beginners')).toEqual(['Alma', 'Carmen'])
      expect(await exported(`all=1&${cf('Notes', 'KNEE')}`)).toEqual({ status: 200, firstNames: ['"Alma"', '"Bruno"'] })
      expect(await exported(cf('Age', '30'))).toEqual({ status: 200, firstNames: ['"Alma"', '"Bruno"'] })
    })

    it.each([
      [() => cf('Age', 'abc'), 'Age holds numbers: enter a number such as 12 or 3.5. This filter is not applied. Nothing was changed.'],
      [() => `cf=${foreignField}&cfv=Beginner`, 'The custom field in the filter no longer exists; nothing was changed.'],
      [() => 'cfv=Beginner', 'Choose a custom field to look for “Beginner” in; this filter is not applied. Nothing was changed.'],
    ])('refuses a condition the list could not apply, rather than reach everyone (%#)', async (search, message) => {
      const confirm = await confirmation(`bulk=delete&all=1&${search()}`)
      expect(confirm.status).toBe(302)
      expect(toastOf(confirm)).toEqual({ type: 'error', message })
      expect(await post(`intent=tag&newTag=Refused&all=1&${search()}`)).toMatchObject({ status: 400, body: { formError: message } })
      expect(await post(`intent=delete&all=1&${search()}`)).toMatchObject({ status: 400, body: { formError: message } })
      expect(await tagged('Refused')).toEqual([])
      expect((await names('q=cf.test')).length).toBe(4)
      expect((await exported(`all=1&${search()}`)).status).toBe(400)
    })
  })
})
