import { sql } from 'kysely'
import { asSystem, withTenant } from '#db/tenant-scope'
import type { NewContact } from '#db/types'
import { parseContactListFilter } from '#server/contacts/contact-list-filter'
import { listContacts } from '#server/contacts/list-contacts'
import type { Tenant } from '#server/tenancy/tenant'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

type Person = Omit<NewContact, 'tenant_id'> & { tags?: string[] }

const studio: Person[] = [
  { first_name: 'José', last_name: 'García', email: 'jose@example.test', phone: '(555) 010-0142', is_status_client: true, category: 'Yoga', balance_minor: -4500, created_at: '2026-01-05T12:00:00Z', tags: ['Morning'] },
  { first_name: 'María', last_name: 'García', email: 'maria@example.test', alt_email2: 'mg.work@office.test', is_status_member: true, category: 'Yoga', balance_minor: 2000, created_at: '2026-02-10T12:00:00Z', tags: ['Morning', 'Family Plan'] },
  { first_name: 'Marco', last_name: 'Rossi', email: 'marco@example.test', is_status_lead: true, sales_stage: 'New', is_walk_in: true, created_at: '2026-03-01T12:00:00Z' },
  { first_name: 'Zoë', last_name: 'Müller', email: 'zoe@example.test', barcode: 'DYS-7781', is_status_member: true, is_status_client: true, account_stage: 'Active', created_at: '2026-03-15T12:00:00Z', tags: ['Family Plan'] },
  { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.test', is_status_inactive: true, category: 'Pilates', created_at: '2025-12-20T12:00:00Z' },
  { first_name: 'Old', last_name: 'Archived', email: 'gone@example.test', is_archived: true, is_status_client: true },
]

describe(`the contacts list (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant
  const tagIds = new Map<string, string>()

  async function addPeople(into: Tenant, people: Person[]) {
    await asSystem(platform.database, 'test fixture', async (trx) => {
      for (const { tags, ...person } of people) {
        const row = await trx.insertInto('contacts').values({ ...person, tenant_id: into.id }).returning('id').executeTakeFirstOrThrow()
        for (const name of tags ?? []) {
          let tagId = tagIds.get(`${into.id}:${name}`)
          if (!tagId) {
            tagId = (await trx.insertInto('tags').values({ tenant_id: into.id, name }).returning('id').executeTakeFirstOrThrow()).id
            tagIds.set(`${into.id}:${name}`, tagId)
          }
          await trx.insertInto('contact_tags').values({ tenant_id: into.id, contact_id: row.id, tag_id: tagId }).execute()
        }
      }
    })
  }

  const list = (search: string, who: Tenant = tenant) =>
    listContacts({ database: platform.database, tenant: who, filter: parseContactListFilter(new URLSearchParams(search)).filter })
  const names = async (search: string, who: Tenant = tenant) => (await list(search, who)).items.map((item) => `${item.firstName} ${item.lastName}`)

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform, { settings: { timezone: 'America/New_York' } })
    other = await createTenant(platform)
    await addPeople(tenant, studio)
    // Another studio with people of the same names and emails: never shown to the first.
    await addPeople(other, [
      { first_name: 'José', last_name: 'García', email: 'jose@example.test', is_status_client: true, tags: ['Morning'] },
      { first_name: 'Other', last_name: 'Studio', email: 'other@example.test', is_status_lead: true },
    ])
  })
  afterAll(() => platform.close())

  it('lists every contact but the archived, by name, with the count', async () => {
    const page = await list('')
    expect(page.items.map((item) => item.firstName)).toEqual(['Ada', 'José', 'Marco', 'María', 'Zoë'])
    expect(page.total).toBe(5)
    expect(page.items[1]).toMatchObject({ email: 'jose@example.test', phone: '(555) 010-0142', statuses: ['client'], balanceMinor: -4500 })
    expect(page.items[4].statuses).toEqual(['client', 'member'])
  })

  it.each([
    ['q=jose', ['José García']],
    ['q=GARCIA', ['José García', 'María García']],
    ['q=zoe%20muller', ['Zoë Müller']],
    ['q=rosi', ['Marco Rossi']],
    ['q=okafr', ['Ada Okafor']],
    ['q=office.test', ['María García']],
    ['q=dys-7781', ['Zoë Müller']],
    ['q=5550100142', ['José García']],
    ['q=010-0142', ['José García']],
    ['q=100%25', []],
    ['q=gone', []],
    ['q=nobody%20at%20all', []],
  ])('searches %s: name, all emails, barcode and phone, without accents and with typos', async (search, expected) => {
    expect(await names(search)).toEqual(expected)
  })

  it.each([
    ['status=member', ['María García', 'Zoë Müller']],
    ['status=lead&status=inactive', ['Ada Okafor', 'Marco Rossi']],
    ['category=Yoga', ['José García', 'María García']],
    ['salesStage=New', ['Marco Rossi']],
    ['accountStage=Active', ['Zoë Müller']],
    ['walkIn=1', ['Marco Rossi']],
    ['joinedFrom=2026-02-01&joinedTo=2026-03-01', ['Marco Rossi', 'María García']],
    ['joinedTo=2025-12-31', ['Ada Okafor']],
    ['q=garcia&status=member', ['María García']],
  ])('filters %s', async (search, expected) => {
    const page = await list(search)
    expect(page.items.map((item) => `${item.firstName} ${item.lastName}`)).toEqual(expected)
    expect(page.total).toBe(expected.length)
  })

  it('filters by tag', async () => {
    const familyPlan = tagIds.get(`${tenant.id}:Family Plan`)
    expect(await names(`tag=${familyPlan}`)).toEqual(['María García', 'Zoë Müller'])
    // Another studio's tag id matches nothing here.
    expect(await names(`tag=${tagIds.get(`${other.id}:Morning`)}`)).toEqual([])
    expect((await list('')).options.tags.map((tag) => tag.name)).toEqual(['Family Plan', 'Morning'])
  })

  it.each([
    ['sort=created', ['Zoë', 'Marco', 'María', 'José', 'Ada']],
    ['sort=created&order=asc', ['Ada', 'José', 'María', 'Marco', 'Zoë']],
    ['sort=balance', ['María', 'Ada', 'Marco', 'Zoë', 'José']],
    ['sort=name&order=desc', ['Zoë', 'María', 'Marco', 'José', 'Ada']],
  ])('sorts %s, ties broken the same way every time', async (search, expected) => {
    const page = await list(search)
    const first = page.items.map((item) => item.firstName)
    if (search.startsWith('sort=balance')) {
      // Three contacts owe nothing: their order is by id, so only check the ends and the stability.
      expect(first[0]).toBe('María')
      expect(first[4]).toBe('José')
    } else expect(first).toEqual(expected)
    expect((await list(search)).items.map((item) => item.guId)).toEqual(page.items.map((item) => item.guId))
  })

  it('pages five at a time without repeating or skipping anyone, and clamps a page past the end', async () => {
    await addPeople(tenant, Array.from({ length: 7 }, (_, index) => ({ first_name: 'Twin', last_name: 'Same', email: `twin${index}@example.test` })))
    const seen: string[] = []
    for (let page = 1; page <= 3; page += 1) {
      const result = await list(`size=5&page=${page}`)
      expect(result.pageCount).toBe(3)
      seen.push(...result.items.map((item) => item.guId))
    }
    expect(seen).toHaveLength(12)
    expect(new Set(seen).size).toBe(12)
    const beyond = await list('size=5&page=40')
    expect(beyond.page).toBe(3)
    expect(beyond.items).toHaveLength(2)
  })

  it('keeps the stats on top in step with every insert, update and delete', async () => {
    const before = (await list('')).stats
    await withTenant(platform.database, tenant.id, async (trx) => {
      await trx.insertInto('contacts').values({ tenant_id: tenant.id, first_name: 'New', last_name: 'Lead', email: 'new.lead@example.test', is_status_lead: true }).execute()
      await trx.updateTable('contacts').set({ is_status_lead: false, is_status_client: true }).where('email', '=', 'marco@example.test').execute()
      await trx.deleteFrom('contacts').where('email', '=', 'ada@example.test').execute()
    })
    const after = (await list('')).stats
    expect(after.total).toBe(before.total)
    expect(after.byStatus.lead).toBe(before.byStatus.lead)
    expect(after.byStatus.client).toBe(before.byStatus.client + 1)
    expect(after.byStatus.inactive).toBe(before.byStatus.inactive - 1)
    expect(after.newThisMonth).toBe(before.newThisMonth + 1)
    // Archiving takes a contact out of the totals.
    await withTenant(platform.database, tenant.id, (trx) => trx.updateTable('contacts').set({ is_archived: true }).where('email', '=', 'new.lead@example.test').execute())
    expect((await list('')).stats.byStatus.lead).toBe(before.byStatus.lead - 1)
    expect((await list('status=lead')).total).toBe(before.byStatus.lead - 1)
  })

  it('never shows another studio its contacts, tags or totals', async () => {
    expect(await names('', other)).toEqual(['José García', 'Other Studio'])
    const page = await list('q=jose', other)
    expect(page.total).toBe(1)
    expect(page.stats.total).toBe(2)
    expect(page.options.tags.map((tag) => tag.name)).toEqual(['Morning'])
    // Row-level security, not the query, is what holds: a bare select sees only its own tenant.
    const visible = await withTenant(platform.database, other.id, (trx) => sql<{ n: number }>`select count(*)::int as n from contacts`.execute(trx))
    expect(visible.rows[0].n).toBe(2)
    const counts = await withTenant(platform.database, other.id, (trx) => trx.selectFrom('contact_counts').select('tenant_id').execute())
    expect(counts.map((row) => row.tenant_id)).toEqual([other.id])
  })
})
