import type { InvoiceLineType, InvoiceStatus, LedgerMethod } from '#db/tables/checkout'
import { asSystem, withTenant, type TenantExecutor } from '#db/tenant-scope'
import { nextInvoiceNumber } from '#server/checkout/invoice-number'
import { zonedTimeToInstant } from '#server/dates/local-time'
import { parseSalesReportQuery } from '#server/reports/sales-query'
import { salesCsvStream } from '#server/reports/sales-csv'
import { createSessionCookie } from '#tests/support/sessions'
import { textOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The demo studio's zone (db/seed-catalog-data.ts): every seeded time is its wall clock. */
const ZONE = 'America/New_York'
const at = (day: string, time = '10:00') => {
  const instant = zonedTimeToInstant(day, time, ZONE)
  if (!instant) throw new Error(`${day} ${time} is not a time`)
  return instant
}

type SeedLine = { type: InvoiceLineType; name: string; totalMinor: number }
type SeedPayment = { method: LedgerMethod; provider?: string; amountMinor: number; paidAt: Date; refunds?: Array<{ amountMinor: number; at: Date }> }
type SeedSale = {
  contactId: string
  name: [string, string]
  status: InvoiceStatus
  source?: 'checkout' | 'till' | 'staff' | 'membership'
  lines: SeedLine[]
  payments?: SeedPayment[]
  /** A provider attempt that did not take money. */
  attempt?: { provider: 'STRIPE' | 'RAZORPAY'; status: 'expired' | 'open'; at: Date }
  updatedAt?: Date
}

/**
 * Writes a sale as the checkout, the till and the billing job leave it: the invoice (its sums
 * and balance agreeing), its lines (each custom line without a catalog item, the others with
 * one), its ledger rows and their refunds.
 */
async function insertSale(trx: TenantExecutor, tenantId: string, items: Record<Exclude<InvoiceLineType, 'custom'>, string | undefined>, sale: SeedSale) {
  const total = sale.lines.reduce((sum, line) => sum + line.totalMinor, 0)
  const paid = (sale.payments ?? []).reduce((sum, payment) => sum + payment.amountMinor, 0)
  const refunded = (sale.payments ?? []).flatMap((payment) => payment.refunds ?? []).reduce((sum, refund) => sum + refund.amountMinor, 0)
  const lastPaid = (sale.payments ?? []).map((payment) => payment.paidAt).sort((a, b) => b.getTime() - a.getTime())[0]
  const settled = sale.status === 'paid' || sale.status === 'refunded'
  const created = (sale.payments ?? [])[0]?.paidAt ?? sale.updatedAt ?? new Date()
  const invoice = await trx
    .insertInto('invoices')
    .values({
      tenant_id: tenantId,
      number: await nextInvoiceNumber(trx, tenantId),
      contact_id: sale.contactId,
      status: sale.status,
      source: sale.source ?? 'checkout',
      payment_method: sale.payments?.[0]?.method ?? null,
      currency: 'USD',
      subtotal_minor: total,
      total_minor: total,
      balance_minor: total - paid,
      paid_minor: paid,
      refunded_minor: refunded,
      first_name: sale.name[0],
      last_name: sale.name[1],
      email: `${sale.name[0].toLowerCase()}@example.test`,
      paid_at: settled ? lastPaid ?? created : null,
      created_at: created,
      updated_at: sale.updatedAt ?? created,
    })
    .returning(['id', 'guid', 'number'])
    .executeTakeFirstOrThrow()
  let sequence = 0
  for (const line of sale.lines) {
    sequence += 1
    await trx
      .insertInto('invoice_lines')
      .values({
        tenant_id: tenantId,
        invoice_id: invoice.id,
        sequence,
        item_id: line.type === 'custom' ? null : items[line.type] ?? null,
        item_name: line.name,
        item_type: line.type,
        quantity: 1,
        unit_price_minor: line.totalMinor,
        price_minor: line.totalMinor,
        total_minor: line.totalMinor,
      })
      .execute()
  }
  let paymentId: string | null = null
  if (sale.attempt) {
    const attempt = await trx
      .insertInto('payments')
      .values({
        tenant_id: tenantId,
        invoice_id: invoice.id,
        provider: sale.attempt.provider,
        account_id: 'acct_sales_report',
        checkout_ref: `pi_sales_report_${invoice.number}`,
        amount_minor: total - paid,
        currency: 'USD',
        status: sale.attempt.status,
        created_at: sale.attempt.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    paymentId = attempt.id
  }
  for (const payment of sale.payments ?? []) {
    const given = (payment.refunds ?? []).reduce((sum, refund) => sum + refund.amountMinor, 0)
    const row = await trx
      .insertInto('invoice_payments')
      .values({
        tenant_id: tenantId,
        invoice_id: invoice.id,
        method: payment.method,
        provider: payment.provider ?? null,
        payment_id: null,
        amount_minor: payment.amountMinor,
        refunded_minor: given,
        currency: 'USD',
        paid_at: payment.paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const refund of payment.refunds ?? []) {
      await trx.insertInto('invoice_refunds').values({ tenant_id: tenantId, invoice_payment_id: row.id, amount_minor: refund.amountMinor, refund_ref: 're_test', created_at: refund.at }).execute()
    }
  }
  return { id: invoice.id, guid: String(invoice.guid), numberText: `#${String(invoice.number).padStart(4, '0')}`, paymentId }
}

describe(`the sales report (${engine})`, () => {
  let app: DemoHttpApp
  let studentCookie = ''
  const sales: Record<string, { guid: string; numberText: string }> = {}
  let eastGuid = ''
  let stella = { id: '', guid: '' }

  const get = (path: string, cookie: string | null = app.adminCookie) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })
  const MARCH = '/reports/sales?from=2025-03-01&to=2025-03-31'

  /** The text of a totals card ('taken', 'refunded', 'net') of the page's only currency. */
  const totalOf = (html: string, name: string) => textOf(new RegExp(`<li[^>]*data-total="${name}"[^>]*>([\\s\\S]*?)</li>`).exec(html)?.[1] ?? '').trim()
  /** A breakdown row's text by its key ('course', 'STRIPE', 'cash'), or null. */
  const breakdownOf = (html: string, key: string) => {
    const row = new RegExp(`<tr[^>]*data-breakdown="${key}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1]
    return row === undefined ? null : textOf(row).trim()
  }
  /** The transactions, newest first, as their cells' texts. */
  const rowsOf = (html: string) =>
    [...html.matchAll(/<tr[^>]*data-sale-row="[^"]*"[^>]*>([\s\S]*?)<\/tr>/g)].map((match) => [...(match[1] ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1] ?? '').trim()))

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const found = await withTenant(app.platform.database, app.demo.id, async (trx) => {
      const itemOf = async (kind: Exclude<InvoiceLineType, 'custom'>) => (await trx.selectFrom('catalog_items').select('id').where('kind', '=', kind).executeTakeFirst())?.id
      const items = {
        course: await itemOf('course'),
        class: await itemOf('class'),
        event: await itemOf('event'),
        product: await itemOf('product'),
        bundle: await itemOf('bundle'),
        donation: await itemOf('donation'),
        membership: await itemOf('membership'),
      }
      const person = (email: string) => trx.selectFrom('contacts').select(['id', 'guid']).where('email', '=', email).executeTakeFirstOrThrow()
      const student = await person('student@demo.test')
      const priya = await person('priya.patel@example.test')
      const sale = (input: SeedSale) => insertSale(trx, app.demo.id, items, input)

      // March 2025: a mixed sale part paid in cash, a card sale part refunded, a refused membership
      // charge, a custom item paid another way, and an abandoned card attempt.
      const mixed = await sale({
        contactId: student.id,
        name: ['Stella', 'Student'],
        status: 'unpaid',
        source: 'till',
        lines: [
          { type: 'course', name: 'Seeded Course Seat', totalMinor: 6000 },
          { type: 'product', name: 'Seeded Block', totalMinor: 3000 },
        ],
        payments: [{ method: 'cash', amountMinor: 5000, paidAt: at('2025-03-05') }],
      })
      const card = await sale({
        contactId: priya.id,
        name: ['Priya', 'Patel'],
        status: 'paid',
        lines: [{ type: 'course', name: 'Seeded Workshop', totalMinor: 5000 }],
        payments: [{ method: 'card', provider: 'STRIPE', amountMinor: 5000, paidAt: at('2025-03-10'), refunds: [{ amountMinor: 2000, at: at('2025-03-12') }] }],
      })
      const refused = await sale({
        contactId: student.id,
        name: ['Stella', 'Student'],
        status: 'failed',
        source: 'membership',
        lines: [{ type: 'membership', name: 'Seeded Monthly Membership', totalMinor: 4000 }],
        attempt: { provider: 'STRIPE', status: 'expired', at: at('2025-03-15') },
        updatedAt: at('2025-03-15'),
      })
      const custom = await sale({
        contactId: priya.id,
        name: ['Priya', 'Patel'],
        status: 'paid',
        source: 'staff',
        lines: [{ type: 'custom', name: 'Private coaching hour', totalMinor: 1500 }],
        payments: [{ method: 'other', amountMinor: 1500, paidAt: at('2025-03-20') }],
      })
      // Left unpaid on the provider's page: no money, not a transaction.
      await sale({
        contactId: student.id,
        name: ['Stella', 'Student'],
        status: 'pending',
        lines: [{ type: 'product', name: 'Abandoned Block', totalMinor: 1800 }],
        attempt: { provider: 'STRIPE', status: 'expired', at: at('2025-03-25') },
        updatedAt: at('2025-03-25'),
      })
      // Taken just after midnight on 1 April, New York time: not March.
      await sale({
        contactId: student.id,
        name: ['Stella', 'Student'],
        status: 'paid',
        lines: [{ type: 'event', name: 'Seeded April Event', totalMinor: 7000 }],
        payments: [{ method: 'card', provider: 'RAZORPAY', amountMinor: 7000, paidAt: at('2025-04-01', '00:30') }],
      })
      // Taken at 23:30 on 31 March in New York: 1 April in UTC, March for the studio.
      const lateMarch = await sale({
        contactId: student.id,
        name: ['Stella', 'Student'],
        status: 'paid',
        lines: [{ type: 'donation', name: 'Seeded Gift', totalMinor: 1000 }],
        payments: [{ method: 'card', provider: 'RAZORPAY', amountMinor: 1000, paidAt: at('2025-03-31', '23:30') }],
      })
      // February 2025: 55 small cash payments on one invoice, three to a minute, for paging.
      const many = await sale({
        contactId: student.id,
        name: ['Stella', 'Student'],
        status: 'paid',
        source: 'till',
        lines: [{ type: 'class', name: 'Seeded Drop-in', totalMinor: 5500 }],
        payments: Array.from({ length: 55 }, (_, index) => ({ method: 'cash' as const, amountMinor: 100, paidAt: new Date(at('2025-02-10').getTime() + Math.floor(index / 3) * 60_000) })),
      })
      // Today: the default period shows it.
      const today = await sale({
        contactId: student.id,
        name: ['Stella', 'Student'],
        status: 'paid',
        source: 'staff',
        lines: [{ type: 'custom', name: 'Seeded Today Item', totalMinor: 1234 }],
        payments: [{ method: 'cash', amountMinor: 1234, paidAt: new Date(Date.now() - 1000) }],
      })
      return { mixed, card, refused, custom, lateMarch, many, today, student }
    })
    Object.assign(sales, found)
    stella = { id: found.student.id, guid: String(found.student.guid) }
    studentCookie = await createSessionCookie(app.platform, app.demo, found.student)

    // Another studio's sale, for the 404.
    const east = await app.platform.tenants.findByOrgId('demo-east')
    if (!east) throw new Error('the demo-east tenant is missing')
    eastGuid = await withTenant(app.platform.database, east.id, async (trx) => {
      const admin = await trx.selectFrom('contacts').select('id').where('email', '=', 'admin@demo-east.test').executeTakeFirstOrThrow()
      const sale = await insertSale(
        trx,
        east.id,
        { course: undefined, class: undefined, event: undefined, product: undefined, bundle: undefined, donation: undefined, membership: undefined },
        {
          contactId: admin.id,
          name: ['Eli', 'East'],
          status: 'paid',
          source: 'staff',
          lines: [{ type: 'custom', name: 'East only', totalMinor: 900 }],
          payments: [{ method: 'cash', amountMinor: 900, paidAt: at('2025-03-06') }],
        },
      )
      return sale.guid
    })
  }, 180_000)

  afterAll(async () => {
    await app?.close()
  })

  it('totals a period: taken, refunded and net, by item type (a mixed sale split in proportion) and by provider', async () => {
    const page = await get(MARCH)
    expect(page.status).toBe(200)
    // 50.00 cash + 50.00 Stripe + 15.00 other + 10.00 Razorpay; 20.00 given back; the refused charge counts nothing.
    expect(totalOf(page.body, 'taken')).toBe('Taken $125.00')
    expect(totalOf(page.body, 'refunded')).toBe('Refunded $20.00')
    expect(totalOf(page.body, 'net')).toBe('Net $105.00')
    // $50.00 of a $60.00 + $30.00 sale: $33.33 course and $16.67 product, to the cent.
    expect(breakdownOf(page.body, 'course')).toBe('Courses $83.33 $20.00 $63.33')
    expect(breakdownOf(page.body, 'product')).toBe('Products $16.67 $0.00 $16.67')
    expect(breakdownOf(page.body, 'custom')).toBe('Custom items $15.00 $0.00 $15.00')
    expect(breakdownOf(page.body, 'donation')).toBe('Donations $10.00 $0.00 $10.00')
    expect(breakdownOf(page.body, 'membership')).toBeNull()
    expect(breakdownOf(page.body, 'event')).toBeNull()
    expect(breakdownOf(page.body, 'STRIPE')).toBe('Stripe $50.00 $20.00 $30.00')
    expect(breakdownOf(page.body, 'RAZORPAY')).toBe('Razorpay $10.00 $0.00 $10.00')
    expect(breakdownOf(page.body, 'cash')).toBe('Cash $50.00 $0.00 $50.00')
    expect(breakdownOf(page.body, 'other')).toBe('Other $15.00 $0.00 $15.00')
    expect(textOf(page.body)).toContain('Mar 01, 2025 – Mar 31, 2025')
  })

  it('lists the period newest first: dates as MMM dd, YYYY in the studio zone, invoice and contact links, and the spec status words', async () => {
    const page = await get(MARCH)
    expect(rowsOf(page.body)).toEqual([
      ['Mar 31, 2025', sales.lateMarch.numberText, 'Stella Student', 'Seeded Gift', 'Card · Razorpay', '$10.00', 'Completed'],
      ['Mar 20, 2025', sales.custom.numberText, 'Priya Patel', 'Private coaching hour', 'Other', '$15.00', 'Completed'],
      ['Mar 15, 2025', sales.refused.numberText, 'Stella Student', 'Seeded Monthly Membership', 'Card · Stripe', '$40.00', 'Failed'],
      ['Mar 12, 2025', sales.card.numberText, 'Priya Patel', 'Seeded Workshop', 'Card · Stripe', '-$20.00', 'Refunded'],
      ['Mar 10, 2025', sales.card.numberText, 'Priya Patel', 'Seeded Workshop', 'Card · Stripe', '$50.00', 'Completed'],
      ['Mar 05, 2025', sales.mixed.numberText, 'Stella Student', 'Seeded Course Seat, Seeded Block', 'Cash', '$50.00', 'Completed'],
    ])
    expect(page.body).toContain(`href="/reports/sales/${sales.mixed.guid}"`)
    expect(page.body).toContain(`href="/contacts/${stella.guid}/details"`)
    expect(page.body).not.toContain('Abandoned Block')
    expect(page.body).not.toContain('Seeded April Event')
    expect(page.body).toContain('Export CSV')
  })

  it('filters by method and by provider, totals included', async () => {
    const cash = await get(`${MARCH}&method=cash`)
    expect(rowsOf(cash.body).map((row) => row[5])).toEqual(['$50.00'])
    expect(totalOf(cash.body, 'taken')).toBe('Taken $50.00')
    expect(breakdownOf(cash.body, 'STRIPE')).toBeNull()

    const stripe = await get(`${MARCH}&provider=STRIPE`)
    expect(rowsOf(stripe.body).map((row) => row[6])).toEqual(['Failed', 'Refunded', 'Completed'])
    expect(totalOf(stripe.body, 'taken')).toBe('Taken $50.00')
    expect(totalOf(stripe.body, 'net')).toBe('Net $30.00')
    expect(stripe.body).toMatch(/<option value="STRIPE" selected="">/)

    const none = await get(`${MARCH}&method=cash&provider=STRIPE`)
    expect(rowsOf(none.body)).toEqual([])
    expect(textOf(none.body)).toContain('No Record Found')
    expect(totalOf(none.body, 'taken')).toBe('Taken $0.00')
  })

  it('pages on the server: 50 a page by default, 100 when asked, a page past the last shows the last', async () => {
    const february = '/reports/sales?from=2025-02-01&to=2025-02-28'
    const first = await get(february)
    expect(rowsOf(first.body)).toHaveLength(50)
    // React writes the numbers as text nodes of their own, so the dash may have spaces round it.
    expect(textOf(first.body)).toMatch(/55 transactions · showing 1\s*–\s*50/)
    expect(first.body).toContain('href="/reports/sales?from=2025-02-01&amp;to=2025-02-28&amp;page=2"')
    const second = await get(`${february}&page=2`)
    expect(rowsOf(second.body)).toHaveLength(5)
    expect(textOf(second.body)).toMatch(/showing 51\s*–\s*55/)
    expect(rowsOf(await get(`${february}&size=100`).then((page) => page.body))).toHaveLength(55)
    expect(textOf((await get(`${february}&page=9`)).body)).toContain('Page 2 of 2')
  })

  it('shows this month by default, and the named periods by link', async () => {
    const page = await get('/reports/sales')
    expect(page.status).toBe(200)
    expect(textOf(page.body)).toContain('This month (')
    expect(rowsOf(page.body).map((row) => row[3])).toContain('Seeded Today Item')
    expect(page.body).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/reports\/sales\?period=this-month"|<a[^>]*href="\/reports\/sales\?period=this-month"[^>]*aria-current="page"/)
    const thisYear = await get('/reports/sales?period=this-year&method=cash')
    expect(textOf(thisYear.body)).toContain('This year (')
    expect(thisYear.body).toContain('href="/reports/sales?period=last-month&amp;method=cash"')
  })

  it('says what was wrong with bad dates and shows this month instead, never a 500', async () => {
    for (const [search, message] of [
      ['from=2025-13-45&to=2025-03-31', 'The from date is not a date (use YYYY-MM-DD). Showing this month instead.'],
      ['from=2025-03-31&to=2025-03-01', 'The from date is after the to date. Showing this month instead.'],
      ['from=2025-03-01', 'Enter both a from date and a to date. Showing this month instead.'],
      ['from=%00&to=%27', 'The from and to dates are not dates (use YYYY-MM-DD). Showing this month instead.'],
    ]) {
      const page = await get(`/reports/sales?${search}`)
      expect(page.status, search).toBe(200)
      expect(textOf(page.body), search).toContain(message)
      expect(textOf(page.body), search).toContain('This month (')
    }
  })

  it('exports the same period and filters as CSV, with a header row', async () => {
    const csv = await get('/reports/sales.csv?from=2025-03-01&to=2025-03-31')
    expect(csv.status).toBe(200)
    expect(csv.header('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.header('content-disposition')).toBe('attachment; filename="sales-demo-2025-03-01-to-2025-03-31.csv"')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
    expect(lines[0]).toBe('"Date (America/New_York)","Invoice","Contact","Items","Method","Amount","Currency","Status"')
    expect(lines.slice(1)).toEqual([
      `"2025-03-31 23:30","${sales.lateMarch.numberText}","Stella Student","Seeded Gift","Card · Razorpay",10.00,"USD","Completed"`,
      `"2025-03-20 10:00","${sales.custom.numberText}","Priya Patel","Private coaching hour","Other",15.00,"USD","Completed"`,
      `"2025-03-15 10:00","${sales.refused.numberText}","Stella Student","Seeded Monthly Membership","Card · Stripe",40.00,"USD","Failed"`,
      `"2025-03-12 10:00","${sales.card.numberText}","Priya Patel","Seeded Workshop","Card · Stripe",-20.00,"USD","Refunded"`,
      `"2025-03-10 10:00","${sales.card.numberText}","Priya Patel","Seeded Workshop","Card · Stripe",50.00,"USD","Completed"`,
      `"2025-03-05 10:00","${sales.mixed.numberText}","Stella Student","Seeded Course Seat, Seeded Block","Cash",50.00,"USD","Completed"`,
    ])
    const cash = await get('/reports/sales.csv?from=2025-03-01&to=2025-03-31&method=cash')
    expect(cash.body.split('\r\n').filter(Boolean)).toHaveLength(2)
    const bad = await get('/reports/sales.csv?from=2025-03-31&to=2025-03-01')
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('The from date is after the to date.')
  })

  it('streams in batches without repeating or skipping a row, even where payments share a time', async () => {
    const { query } = parseSalesReportQuery(new URLSearchParams('from=2025-02-01&to=2025-02-28'), '2026-11-27')
    const text = await new Response(salesCsvStream({ database: app.platform.database, tenant: app.demo, filter: query, batchSize: 7 })).text()
    const rows = text.split('\r\n').filter(Boolean).slice(1)
    expect(rows).toHaveLength(55)
    expect(rows.every((row) => row.includes(sales.many.numberText) && row.endsWith(',1.00,"USD","Completed"'))).toBe(true)
    // Newest first: the minutes only go back.
    const minutes = rows.map((row) => row.slice(1, 17))
    expect([...minutes].sort().reverse()).toEqual(minutes)
  })

  it("sends /reports/sales/{guId} to the invoice's staff page; another studio's or an unknown guid is a 404", async () => {
    const sale = await get(`/reports/sales/${sales.mixed.guid}`)
    expect(sale.status).toBe(302)
    expect(sale.header('location')).toBe(`/invoices/${sales.mixed.guid}`)
    expect((await get(`/reports/sales/${sales.mixed.guid.toUpperCase()}`)).header('location')).toBe(`/invoices/${sales.mixed.guid}`)
    expect((await get(`/reports/sales/${eastGuid}`)).status).toBe(404)
    expect((await get('/reports/sales/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await get('/reports/sales/not-a-guid')).status).toBe(404)
    // The other studio's sale is in no total or row of this one.
    expect((await get(MARCH)).body).not.toContain('East only')
  })

  it('is for staff: a student is sent to their own area, a visitor gets page-not-found', async () => {
    for (const path of ['/reports/sales', '/reports/sales.csv', `/reports/sales/${sales.mixed.guid}`]) {
      const student = await get(path, studentCookie)
      expect(student.status, `${path} as a student`).toBe(302)
      expect(student.header('location'), `${path} as a student`).not.toMatch(/^\/(reports|invoices)/)
      const visitor = await get(path, null)
      expect(visitor.status, `${path} as a visitor`).toBe(302)
      expect(visitor.header('location'), `${path} as a visitor`).toBe('/404')
    }
  })

  it('lets staff and front desk read it too', async () => {
    const staff = await asSystem(app.platform.database, 'test: the demo staff', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'frontdesk@demo.test').executeTakeFirstOrThrow(),
    )
    const page = await get(MARCH, await createSessionCookie(app.platform, app.demo, staff))
    expect(page.status).toBe(200)
    expect(totalOf(page.body, 'taken')).toBe('Taken $125.00')
  })
})
