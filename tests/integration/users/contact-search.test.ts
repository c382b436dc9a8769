import { loader } from '#app/routes/_admin+/settings+/users.search'
import { CONTACT_SEARCH_LIMIT, searchContacts } from '#server/contacts/search-contacts'
import { asSystem } from '#db/tenant-scope'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, getRequest } from '#tests/support/route-call'
import { createUsersWorld, type UsersWorld } from './users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`contact search (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'search')
    await asSystem(platform.database, 'test fixture', (trx) =>
      trx
        .insertInto('contacts')
        .values([
          { tenant_id: world.tenant.id, first_name: 'Maria', last_name: 'Lopez', email: 'MARIA@Lopez.test', phone: '(555) 010-0142' },
          { tenant_id: world.tenant.id, first_name: 'Percent', last_name: '100%', email: 'pct@search.test', phone: null },
          { tenant_id: world.tenant.id, first_name: 'Under', last_name: 'Score', email: 'under_score@search.test', phone: null },
          ...Array.from({ length: 25 }, (_, index) => ({
            tenant_id: world.tenant.id,
            first_name: 'Bulk',
            last_name: `Person ${String(index).padStart(2, '0')}`,
            email: `bulk${index}@search.test`,
            phone: null,
          })),
        ])
        .execute(),
    )
  })
  afterAll(() => platform.close())

  const search = (q: unknown) => searchContacts({ platform, tenant: world.tenant, unverifiedQuery: q })
  const labels = async (q: unknown) => (await search(q)).map((item) => item.label)

  it('finds by name, email or phone, ignoring case', async () => {
    expect(await labels('maria lo')).toEqual(['Maria Lopez'])
    expect(await labels('LOPEZ.TEST')).toEqual(['Maria Lopez'])
    expect(await labels('010-0142')).toEqual(['Maria Lopez'])
    // Digits alone find a phone however it was written.
    expect(await labels('5550100142')).toEqual(['Maria Lopez'])
  })

  it('answers items of id (the guid), label and email', async () => {
    expect(await search('Stu')).toEqual([{ id: world.student.guid, label: 'Stu Dent', email: 'student@search.test' }])
  })

  it('treats % and _ as plain characters', async () => {
    expect(await labels('100%')).toEqual(['Percent 100%'])
    expect(await labels('r_s')).toEqual(['Under Score'])
    expect(await labels('%')).toEqual(['Percent 100%'])
  })

  it('returns at most 20, sorted by name', async () => {
    const found = await labels('bulk')
    expect(found).toHaveLength(CONTACT_SEARCH_LIMIT)
    expect(found[0]).toBe('Bulk Person 00')
    expect(found).toEqual([...found].sort())
  })

  it('never shows another organisation\'s contacts', async () => {
    expect(await labels('otto')).toEqual([])
    expect(await labels('outsider@')).toEqual([])
  })

  it('searches nothing for empty or non-text input', async () => {
    for (const q of ['', '   ', null, undefined, 42, { q: 'maria' }, ['maria']]) expect(await search(q)).toEqual([])
  })

  it('is served as JSON to admins only', async () => {
    const ok = await callRoute(loader, getRequest(`http://${world.host}/settings/users/search?q=maria`, world.cookies.admin), world.context())
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ items: [{ id: expect.any(String), label: 'Maria Lopez', email: 'MARIA@Lopez.test' }] })
    for (const cookie of [world.cookies.staff, world.cookies.frontDesk, world.cookies.student]) {
      expect((await callRoute(loader, getRequest(`http://${world.host}/settings/users/search?q=maria`, cookie), world.context())).status).toBe(403)
    }
    expect((await callRoute(loader, getRequest(`http://${world.host}/settings/users/search?q=maria`, null), world.context())).status).toBe(302)
  })
})
