import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import { contactSearchIndexes, ContactSearchIndexes, DEFAULT_CONTACT_SEARCH_INDEX_OPTIONS } from '#server/contacts/search-index/contact-search-indexes'
import type { ContactSearchIndex } from '#server/contacts/search-index/contact-search-index'
import { CONTACT_SEARCH_LIMIT, searchContacts, searchContactsInDatabase } from '#server/contacts/search-contacts'
import type { Tenant } from '#server/tenancy/tenant'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

const FIRST = ['María', 'José', 'Maria', 'Jo', 'Chloé', 'Zoë', 'Søren', 'Olivia', 'Noah', 'Ada', 'Yıldız', 'Дмитрий', 'Anne-Marie', 'Mary Jo', 'Li', 'Sam', 'Björn', 'Ana', 'Garcia', 'Émile']
const LAST = ['García', 'Garcia', 'Garza', 'Gracia', "O'Connor", 'Oconnor', 'de la Cruz', 'Smith-Jones', 'van der Berg', 'Müller', 'Muller', 'Lopez', 'López', 'Wei', 'Иванов', 'Nguyen', 'Rossi', 'Rosi', 'Kowalski', 'Kowalsky', '', 'Öztürk']

/** Texts people type into the pickers: starts, middles, typos, emails, phones, barcodes, wildcards, case. */
const TEXTS = [
  'm', 'ma', 'mar', 'mari', 'maria', 'MARIA', 'maría', 'jo', 'jos', 'jose', 'jose g', 'mary jo', 'mary j',
  'gar', 'garc', 'garcia', 'garsia', 'grcia', 'garza', 'gracia', 'garcia l', 'ma gar', 'ia ga', 'a g',
  "o'connor", 'oconnor', "o'conor", 'conor', 'connor', 'de la', 'de la cruz', 'cruz', 'smith', 'smith-jones', 'smith jones', 'jones',
  'van der', 'vanderberg', 'berg', 'muller', 'müller', 'mueller', 'lopez', 'lopes', 'wei', 'li', 'li w', 'ivanov', 'иванов', 'дмитрий',
  'yildiz', 'yıldız', 'ozturk', 'kowal', 'kowalski', 'kowalsky', 'rossi', 'rosi', 'ross', 'nguyen', 'nguen', 'noah', 'olivia', 'olivai',
  'person', 'person1', 'person12', 'person123', 'person1234', 'person99999', '@index.test', 'index.test', 'work.', 'w', 'x', 'zz', 'qqq',
  '555', '0142', '010-0142', '(555) 010', '555-01', '12', '+1 555', 'bc-', 'bc-00012', 'BC-0001', '100%', '_', '%', '\\', 'a_b', '...', "'", '-', 'a', 'e',
  'anne', 'anne-marie', 'anne marie', 'marie', 'emile', 'bjorn', 'soren', 'zoe', 'chloe', 'sam', 'ana', 'an',
]

describe(`the contact search index answers as Postgres does (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let oddNames: Tenant

  async function fill(into: Tenant, count: number) {
    await asSystem(platform.database, 'test fixture', async (trx) => {
      await sql`
        insert into contacts (tenant_id, first_name, last_name, email, alt_email1, phone, barcode, is_archived)
        select ${into.id}::uuid,
          (${FIRST}::text[])[1 + n % ${FIRST.length}],
          (${LAST}::text[])[1 + (n / ${FIRST.length}) % ${LAST.length}],
          case when n % 9 = 0 then null else 'person' || n || '@index.test' end,
          case when n % 13 = 0 then 'p' || n || '@work.test' end,
          case when n % 4 = 0 then null else '(555) ' || lpad((n % 1000)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0') end,
          case when n % 3 = 0 then 'BC-' || lpad(n::text, 7, '0') end,
          n % 50 = 0
        from generate_series(1, ${count}) as n`.execute(trx)
    })
  }

  async function builtIndex(indexes: ContactSearchIndexes, of: Tenant): Promise<ContactSearchIndex> {
    expect(indexes.current(of.id)).toBeNull()
    await expect.poll(() => indexes.current(of.id), { timeout: 10_000 }).not.toBeNull()
    return indexes.current(of.id) as ContactSearchIndex
  }

  const options = { ...DEFAULT_CONTACT_SEARCH_INDEX_OPTIONS, minContacts: 1, minRebuildIntervalMs: 0 }

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform)
    oddNames = await createTenant(platform)
    await fill(tenant, 3_000)
    await fill(oddNames, 500)
    // A name with a symbol: whether the C library calls it part of a word is not known here.
    await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('contacts').values({ tenant_id: oddNames.id, first_name: 'Ann²', last_name: 'Star ★', email: 'star@index.test' }).execute(),
    )
  })
  afterAll(() => platform.close())

  it('finds the same contacts in the same order for every text, answering all of them itself', async () => {
    const index = await builtIndex(new ContactSearchIndexes(platform.tenants, platform.database, options), tenant)
    expect(index.size).toBe(3_000 - 60)
    const differing: unknown[] = []
    let answered = 0
    for (const text of TEXTS) {
      const ours = index.search(text, CONTACT_SEARCH_LIMIT)
      const postgres = await searchContactsInDatabase(platform, tenant, text)
      if (ours === null) continue
      answered++
      if (JSON.stringify(ours) !== JSON.stringify(postgres)) differing.push({ text, ours: ours.map((item) => item.label), postgres: postgres.map((item) => item.label) })
    }
    expect(differing).toEqual([])
    // Typos find names by near spelling alone (none of these contains the text).
    for (const typo of ['lopes', 'nguen', 'grcia', 'kowalsky']) expect((index.search(typo, CONTACT_SEARCH_LIMIT) ?? []).length, typo).toBeGreaterThan(0)
    // Only text beyond ASCII goes to Postgres.
    expect(answered).toBe(TEXTS.filter((text) => /^[\x20-\x7e]+$/.test(text)).length)
  })

  it('leaves near spellings to Postgres when a name holds a character it cannot class, and still answers the rest', async () => {
    const index = await builtIndex(new ContactSearchIndexes(platform.tenants, platform.database, options), oddNames)
    expect(index.search('garsia', CONTACT_SEARCH_LIMIT)).toBeNull()
    for (const text of ['person12', '555', 'st', 'an', 'star@', '@index']) {
      expect(index.search(text, CONTACT_SEARCH_LIMIT), text).toEqual(await searchContactsInDatabase(platform, oddNames, text))
    }
  })

  it('is never used once the book changed, and the next read holds the change', async () => {
    const indexes = new ContactSearchIndexes(platform.tenants, platform.database, options)
    const before = await builtIndex(indexes, tenant)
    expect(before.search('quetzalcoatl', CONTACT_SEARCH_LIMIT)).toEqual([])
    await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('contacts').values({ tenant_id: tenant.id, first_name: 'Quetzal', last_name: 'Coatl', email: 'qc@index.test' }).execute(),
    )
    platform.tenants.caches.changed(tenant.id, ['contacts'])
    const after = await builtIndex(indexes, tenant)
    expect(after).not.toBe(before)
    expect(after.search('quetzal', CONTACT_SEARCH_LIMIT)?.map((item) => item.label)).toEqual(['Quetzal Coatl'])
    // Another studio's change leaves this index in use.
    platform.tenants.caches.changed(oddNames.id, ['contacts'])
    expect(indexes.current(tenant.id)).toBe(after)
  })

  it('is not built for a small book: its count is read once, and Postgres answers until the TTL', async () => {
    const indexes = new ContactSearchIndexes(platform.tenants, platform.database, { ...options, minContacts: 10_000 })
    expect(indexes.current(tenant.id)).toBeNull()
    await expect.poll(() => indexes.holding(tenant.id), { timeout: 10_000 }).toBe('not-held')
    expect(indexes.current(tenant.id)).toBeNull()
    expect(indexes.holding(tenant.id)).toBe('not-held')
  })

  it('the pickers search through the platform index of a book of 5,000 or more, until it changes', async () => {
    const large = await createTenant(platform)
    await fill(large, 5_200)
    const indexes = contactSearchIndexes(platform.tenants, platform.database)
    const search = async (q: string) => (await searchContacts({ platform, tenant: large, unverifiedQuery: q })).map((item) => item.label)
    // The first search is Postgres's, and starts the read.
    expect(await search('lopes')).toHaveLength(CONTACT_SEARCH_LIMIT)
    await expect.poll(() => indexes.holding(large.id), { timeout: 10_000 }).toBe('index')
    // A contact written without telling the caches (as no code of the app does) is not in the index: the answer is the index's.
    await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('contacts').values({ tenant_id: large.id, first_name: 'Unannounced', last_name: 'Person', email: 'un@index.test' }).execute(),
    )
    expect(await search('unannounced')).toEqual([])
    // Told, the index is stale and Postgres answers at once.
    platform.tenants.caches.changed(large.id, ['contacts'])
    expect(await search('unannounced')).toEqual(['Unannounced Person'])
  })
})
