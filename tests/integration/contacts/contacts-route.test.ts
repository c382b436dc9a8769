import { loader as autocompleteLoader } from '#app/routes/_admin+/contacts+/autocomplete'
import { loader } from '#app/routes/_admin+/contacts+/_index'
import { action as previewAsContact } from '#app/routes/_session+/preview.as-contact'
import { asSystem } from '#db/tenant-scope'
import { CONTACT_SEARCH_LIMIT } from '#server/contacts/search-contacts'
import { createTenant } from '#tests/support/fixtures'
import { callRoute, formPostRequest, getRequest } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }

describe(`/contacts and its autocomplete (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    // The Roles screen gives Contacts to front desk and not to staff.
    world = await createUsersWorld(platform, 'contactsroute', { roles: { classes: granted, courses: granted, offers: granted, contacts: { staff: false, frontDesk: true } } })
    const stranger = await createTenant(platform)
    await asSystem(platform.database, 'test fixture', async (trx) => {
      await trx
        .insertInto('contacts')
        .values([
          { tenant_id: world.tenant.id, first_name: 'José', last_name: 'García', email: 'jose@contactsroute.test', is_status_client: true },
          { tenant_id: world.tenant.id, first_name: 'Gone', last_name: 'García', email: 'gone@contactsroute.test', is_archived: true },
          ...Array.from({ length: 30 }, (_, index) => ({ tenant_id: world.tenant.id, first_name: 'Many', last_name: `Garcias ${String(index).padStart(2, '0')}`, email: `many${index}@contactsroute.test` })),
          { tenant_id: stranger.id, first_name: 'José', last_name: 'García', email: 'jose@elsewhere.test' },
        ])
        .execute()
    })
  })
  afterAll(() => platform.close())

  const get = (search: string, cookie: string | null) => {
    const autocomplete = search.startsWith('?autoComplete=true&')
    const url = autocomplete ? `http://${world.host}/contacts/autocomplete?${search.slice('?autoComplete=true&'.length)}` : `http://${world.host}/contacts${search}`
    return callRoute(autocomplete ? autocompleteLoader : loader, getRequest(url, cookie), world.context())
  }

  it('opens for the admin and a role the Roles screen grants; 403 for the others; a visitor signs in', async () => {
    expect((await get('', world.cookies.admin)).status).toBe(200)
    expect((await get('', world.cookies.frontDesk)).status).toBe(200)
    expect((await get('', world.cookies.staff)).status).toBe(403)
    expect((await get('?autoComplete=true&q=jose', world.cookies.staff)).status).toBe(403)
    expect((await get('', null)).status).toBe(302)
  })

  it('answers a bad filter with the list and a note, never an error', async () => {
    const outcome = await get('?status=vip&size=7&page=-1&joinedFrom=2026-02-30&sort=%00&q=%00', world.cookies.admin)
    expect(outcome.status).toBe(200)
    expect(outcome.body).toMatchObject({ ignored: expect.arrayContaining(['status', 'size', 'page', 'joinedFrom', 'sort']) })
  })

  it('autocompletes with items id (the guid), label and email: accents and typos forgiven, archived and other tenants left out, at most 20', async () => {
    const jose = await get('?autoComplete=true&q=jose%20garcia', world.cookies.frontDesk)
    expect(jose.status).toBe(200)
    const guid = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('contacts').select('guid').where('email', '=', 'jose@contactsroute.test').executeTakeFirstOrThrow(),
    )
    expect(jose.body).toEqual({ items: [{ id: guid.guid, label: 'José García', email: 'jose@contactsroute.test' }] })
    const typo = (await get('?autoComplete=true&q=garcie', world.cookies.admin)).body as { items: Array<{ label: string }> }
    expect(typo.items.map((item) => item.label)).toContain('José García')
    const many = (await get('?autoComplete=true&q=garcia', world.cookies.admin)).body as { items: Array<{ label: string }> }
    expect(many.items).toHaveLength(CONTACT_SEARCH_LIMIT)
    // Those containing the text come first, by name; nobody archived.
    expect(many.items[0].label).toBe('José García')
    expect(many.items.map((item) => item.label)).not.toContain('Gone García')
    expect((await get('?autoComplete=true&q=', world.cookies.admin)).body).toEqual({ items: [] })
    expect((await get('?autoComplete=true&q=elsewhere', world.cookies.admin)).body).toEqual({ items: [] })
  })
})

describe(`a contact chosen in the autocomplete can be previewed (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'pickpreview')
  })
  afterAll(() => platform.close())

  it('preview as a contact takes the id the autocomplete gives (the guid) and starts the preview', async () => {
    const found = await callRoute(autocompleteLoader, getRequest(`http://${world.host}/contacts/autocomplete?q=stu%20dent`, world.cookies.admin), world.context())
    const { items } = found.body as { items: Array<{ id: string; label: string }> }
    expect(items.map((item) => item.label)).toEqual(['Stu Dent'])
    const started = await callRoute(previewAsContact, formPostRequest(`http://${world.host}/preview/as-contact`, { contactId: items[0].id }, world.cookies.admin), world.context())
    expect(started.status).toBe(302)
    expect(started.location).toBe('/classes')
  })
})
