import { loader } from '#app/routes/_admin+/contacts+/export[.csv]'
import { asSystem } from '#db/tenant-scope'
import { contactsCsvStream } from '#server/contacts/export-contacts-csv'
import { csvCell } from '#server/csv/csv-cell'
import { parseContactSelection } from '#server/contacts/contact-selection'
import { dateInputValue } from '#server/dates/local-time'
import { callRoute, getRequest } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }

/** Splits CSV text into rows of cells (quoted cells, doubled quotes, CRLF), enough for what the export writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index += 1
    } else cell += char
  }
  return rows
}

describe(`the contacts CSV export (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  const guid = new Map<string, string>()
  let strangerGuid = ''

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'exportworld', { roles: { classes: granted, courses: granted, offers: granted, contacts: { staff: false, frontDesk: true } } })
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const tenantId = world.tenant.id
      const fields = await trx
        .insertInto('custom_fields')
        .values([
          { tenant_id: tenantId, name: 'Belt', type: 'dropdown', options: JSON.stringify(['White', 'Yellow']) },
          { tenant_id: tenantId, name: 'Age', type: 'number', options: '[]' },
          { tenant_id: tenantId, name: 'Photo consent', type: 'checkbox', options: '[]' },
          { tenant_id: tenantId, name: 'Section', type: 'header', options: '[]' },
        ])
        .returning(['id', 'name'])
        .execute()
      const field = (name: string) => fields.find((row) => row.name === name)?.id ?? ''
      const people = await trx
        .insertInto('contacts')
        .values([
          { tenant_id: tenantId, first_name: 'Zoë', last_name: 'Müller', email: 'zoe@export.test', phone: '+1 555 0100', city: 'Köln', date_of_birth: '2015-04-02', is_status_member: true, is_status_client: true, balance_minor: -4550, company: 'Acme, "Ltd"' },
          { tenant_id: tenantId, first_name: '=HYPERLINK("http://evil.test")', last_name: 'Attacker', email: 'evil@export.test', balance_minor: 2000 },
          { tenant_id: tenantId, first_name: 'Gone', last_name: 'Archived', email: 'gone@export.test', is_archived: true },
        ])
        .returning(['id', 'guid', 'first_name'])
        .execute()
      for (const row of people) guid.set(row.first_name, row.guid)
      const zoe = people[0]?.id ?? ''
      await trx
        .insertInto('contact_field_values')
        .values([
          { tenant_id: tenantId, contact_id: zoe, field_id: field('Belt'), value_text: 'Yellow' },
          { tenant_id: tenantId, contact_id: zoe, field_id: field('Age'), value_number: '11' },
          { tenant_id: tenantId, contact_id: zoe, field_id: field('Photo consent'), value_bool: true },
        ])
        .execute()
      const tag = await trx.insertInto('tags').values({ tenant_id: tenantId, name: 'Kids' }).returning('id').executeTakeFirstOrThrow()
      await trx.insertInto('contact_tags').values({ tenant_id: tenantId, contact_id: zoe, tag_id: tag.id }).execute()
      strangerGuid = (await trx.insertInto('contacts').values({ tenant_id: world.other.id, first_name: 'Otto', last_name: 'Elsewhere' }).returning('guid').executeTakeFirstOrThrow()).guid
    })
  })
  afterAll(() => platform.close())

  const download = (search: string, cookie = world.cookies.admin) => callRoute(loader, getRequest(`http://${world.host}/contacts/export.csv${search}`, cookie), world.context())
  /** The body's text with its byte order mark kept (Response.text() drops it). */
  const csvText = async (search: string, cookie = world.cookies.admin) => {
    const response = await loader({ request: getRequest(`http://${world.host}/contacts/export.csv${search}`, cookie), params: {}, context: world.context() })
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
  }

  it('is 403 for a role the Roles screen does not grant', async () => {
    expect((await download('', world.cookies.staff)).status).toBe(403)
    expect((await download('', world.cookies.student)).status).toBe(403)
  })

  it('downloads every contact that matches, with a BOM, one column per custom field and formula-safe cells', async () => {
    const outcome = await download('', world.cookies.frontDesk)
    expect(outcome.status).toBe(200)
    expect(outcome.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(outcome.headers.get('Content-Disposition')).toBe(`attachment; filename="contacts-exportworld-${dateInputValue(new Date(), world.tenant.settings.timezone)}.csv"`)
    const text = await csvText('', world.cookies.frontDesk)
    expect(text.startsWith('\uFEFF"Contact ID","First Name","Last Name","Email"')).toBe(true)
    const [header = [], ...rows] = parseCsv(text.slice(1))
    // Custom fields by name, a header field (a heading, no value) left out.
    expect(header.slice(-3)).toEqual(['Age', 'Belt', 'Photo consent'])
    const column = (name: string) => header.indexOf(name)
    // In name order; archived contacts and other studios left out.
    // (The attacker's '=' sorts differently under different collations, so it is left out of the order check.)
    expect(rows).toHaveLength(6)
    expect(rows.map((row) => row[column('Last Name')]).filter((name) => name !== 'Attacker')).toEqual(['Admin', 'Desk', 'Staff', 'Dent', 'Müller'])
    expect(text).not.toContain('Otto')
    expect(text).not.toContain('gone@export.test')
    const zoe = rows.find((row) => row[column('Email')] === 'zoe@export.test') ?? []
    expect({
      first: zoe[column('First Name')],
      phone: zoe[column('Phone')],
      city: zoe[column('City')],
      born: zoe[column('Date of Birth')],
      company: zoe[column('Company')],
      statuses: zoe[column('Statuses')],
      tags: zoe[column('Tags')],
      balance: zoe[column('Balance')],
      belt: zoe[column('Belt')],
      age: zoe[column('Age')],
      consent: zoe[column('Photo consent')],
    }).toEqual({ first: 'Zoë', phone: "'+1 555 0100", city: 'Köln', born: '2015-04-02', company: 'Acme, "Ltd"', statuses: 'Client; Member', tags: 'Kids', balance: '-45.50', belt: 'Yellow', age: '11', consent: 'Yes' })
    // A balance is a number a spreadsheet can sum; a typed '=' is made inert.
    expect(text).toContain(',-45.50,')
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`)
  })

  it('writes every cell as csvCell does: quotes, commas, line breaks, formula starts, accents, empty values; balances as numbers', async () => {
    const tricky = {
      first_name: '+plus', last_name: '-minus "quoted"', email: '@at@export.test', alt_email1: 'plain@export.test', phone: '\t tab', address_line1: '\rcarriage',
      address_line2: 'line\nbreak, comma', city: '', state: null, zip: '=SUM(A1)', country: 'Türkiye', company: '=1+2', category: '@cat', sales_stage: 'a,"b"',
      lead_source: 'Lead "src"', barcode: '-12', emergency_contact_name: 'Ünïcødé 名前', emergency_contact_phone: '+90 555',
    }
    const balances: Array<[number, string]> = [[-5, '-0.05'], [123_456_789, '1234567.89'], [0, '0.00'], [-100, '-1.00']]
    const guids = await asSystem(platform.database, 'test fixture', async (trx) =>
      trx
        .insertInto('contacts')
        .values(balances.map(([balance], index) => ({ tenant_id: world.tenant.id, ...tricky, email: `${index}${tricky.email}`, balance_minor: balance, is_walk_in: index === 0 })))
        .returning('guid')
        .execute(),
    )
    const text = await csvText(guids.map((row) => `${guids.indexOf(row) === 0 ? '?' : '&'}id=${row.guid}`).join(''))
    const [header = [], ...rows] = parseCsv(text.slice(1))
    expect(rows).toHaveLength(balances.length)
    const inert = (value: string | null) => (/^[=+\-@\t\r]/.test(value ?? '') ? `'${value}` : (value ?? ''))
    for (const row of rows) {
      const cell = (name: string) => row[header.indexOf(name)]
      const index = Number((cell('Email') ?? '').charAt(0))
      expect({
        first: cell('First Name'), last: cell('Last Name'), email: cell('Email'), alt: cell('Alt Email 1'), alt2: cell('Alt Email 2'), phone: cell('Phone'),
        line1: cell('Address Line 1'), line2: cell('Address Line 2'), city: cell('City'), state: cell('State'), zip: cell('Zip'), country: cell('Country'),
        company: cell('Company'), category: cell('Category'), stage: cell('Sales Stage'), source: cell('Lead Source'), barcode: cell('Barcode'),
        emergency: cell('Emergency Contact Name'), emergencyPhone: cell('Emergency Contact Phone'), walkIn: cell('Walk-in'), balance: cell('Balance'), statuses: cell('Statuses'), tags: cell('Tags'),
      }).toEqual({
        first: inert(tricky.first_name), last: inert(tricky.last_name), email: `${index}${tricky.email}`, alt: tricky.alt_email1, alt2: '', phone: inert(tricky.phone),
        line1: inert(tricky.address_line1), line2: tricky.address_line2, city: '', state: '', zip: inert(tricky.zip), country: tricky.country,
        company: inert(tricky.company), category: inert(tricky.category), stage: tricky.sales_stage, source: tricky.lead_source, barcode: inert(tricky.barcode),
        emergency: tricky.emergency_contact_name, emergencyPhone: inert(tricky.emergency_contact_phone), walkIn: index === 0 ? 'Yes' : 'No', balance: balances[index]?.[1], statuses: '', tags: '',
      })
    }
    // Written exactly as csvCell writes them, and the balance unquoted.
    for (const [column, value] of Object.entries(tricky)) if (column !== 'email') expect(text).toContain(csvCell(value ?? ''))
    expect(text).toContain(',-0.05,')
  })

  it('exports the selected guIds only, ignoring another studio\'s; an unreadable id is a 400; a filter narrows', async () => {
    const [, ...rows] = parseCsv((await csvText(`?id=${guid.get('Zoë')}&id=${strangerGuid}`)).slice(1))
    expect(rows.map((row) => row[1])).toEqual(['Zoë'])
    expect((await download('?id=nope')).status).toBe(400)
    expect((await download('?status=vip')).status).toBe(400)
    const members = parseCsv((await csvText('?status=member')).slice(1))
    expect(members.slice(1).map((row) => row[1])).toEqual(['Zoë'])
  })

  it('streams many contacts in name order, batch by batch, the first bytes before the last rows are read', async () => {
    await asSystem(platform.database, 'test fixture', (trx) =>
      trx
        .insertInto('contacts')
        .values(Array.from({ length: 1_050 }, (_, index) => ({ tenant_id: world.tenant.id, first_name: 'Many', last_name: `Row ${String(index).padStart(4, '0')}`, email: `many${index}@export.test` })))
        .execute(),
    )
    const selection = parseContactSelection(new URLSearchParams('all=1&q=many'))
    if (!selection.ok) throw new Error(selection.message)
    const reader = contactsCsvStream({ database: platform.database, tenant: world.tenant, selection: selection.value, batchSize: 100 }).getReader()
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
    const first = await reader.read()
    expect(decoder.decode(first.value)).toMatch(/^\uFEFF"Contact ID"/)
    // Added after the download began, sorting last: it is in the file, so rows were read after the response started.
    await asSystem(platform.database, 'test fixture', (trx) => trx.insertInto('contacts').values({ tenant_id: world.tenant.id, first_name: 'Many', last_name: 'Zz Latecomer', email: 'many-late@export.test' }).execute())
    let text = ''
    let chunks = 0
    for (;;) {
      const next = await reader.read()
      if (next.done) break
      chunks += 1
      text += decoder.decode(next.value, { stream: true })
    }
    const rows = parseCsv(text)
    expect(rows).toHaveLength(1_051)
    expect(chunks).toBe(11)
    const lastNames = rows.map((row) => row[2] ?? '')
    expect(lastNames.slice(0, 3)).toEqual(['Row 0000', 'Row 0001', 'Row 0002'])
    expect(lastNames.at(-2)).toBe('Row 1049')
    expect(lastNames.at(-1)).toBe('Zz Latecomer')
    expect(new Set(lastNames).size).toBe(1_051)
  })
})

