import { randomBytes } from 'node:crypto'
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib'
import sharp from 'sharp'
import { extractText } from 'unpdf'
import { vi } from 'vitest'
import { action as pdfAction, loader as pdfLoader } from '#app/routes/_site+/invoices_.$guId_.pdf'
import { loader as downloadLoader } from '#app/routes/_site+/invoices_.$guId_.pdf_.download'
import { asSystem, withTenant } from '#db/tenant-scope'
import { invoicePdfJob } from '#jobs/invoice-pdf'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import type { FileStore } from '#server/files/file-store'
import { storeTenantImage } from '#server/files/tenant-uploads'
import { generateInvoicePdf, INVOICE_CHANGED_MESSAGE } from '#server/invoices/generate-invoice-pdf'
import type { InvoicePdfPage } from '#server/invoices/invoice-pdf-requests'
import type { Tenant } from '#server/tenancy/tenant'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { createContact } from '#tests/support/fixtures'
import { callRoute, formPostRequest, getRequest, redirectOrStatus, type RouteOutcome } from '#tests/support/route-call'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { eventually } from '#tests/support/eventually'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''

/** The images a PDF embeds, as width x height. */
async function imagesIn(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes)
  return pdf.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) =>
      object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image') ? [`${object.dict.get(PDFName.of('Width'))}x${object.dict.get(PDFName.of('Height'))}`] : [],
    )
}

type Contact = Awaited<ReturnType<typeof createContact>>

describe(`the invoice PDF (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let otherStudent: Contact
  let otherStudentCookie: string
  let foreignAdminCookie: string
  let nextNumber = 41

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'invpdf', { address: { line1: '12 Harbour Street', city: 'Portland', state: 'ME', zip: '04101' }, email: 'hello@invpdf.test' })
    otherStudent = await createContact(platform, world.tenant, { role: 'ROLE_STUDENT', email: 'other.student@invpdf.test', firstName: 'Olga', lastName: 'Other' })
    otherStudentCookie = await createSessionCookie(platform, world.tenant, otherStudent)
    const foreignAdmin = await createContact(platform, world.other, { role: 'ROLE_ADMIN', email: 'admin@invpdf-other.test' })
    foreignAdminCookie = await createSessionCookie(platform, world.other, foreignAdmin)
  })
  afterAll(() => platform.close())

  /**
   * A staff invoice of `contact`, written as the database requires it: total = subtotal -
   * discount + card fees + tax, balance = total - paid, one custom line (no catalog item).
   */
  async function insertInvoice(tenant: Tenant, contact: Contact, input: { paidMinor?: number } = {}) {
    nextNumber += 1
    const paid = input.paidMinor ?? 5000
    return withTenant(platform.database, tenant.id, async (trx) => {
      const invoice = await trx
        .insertInto('invoices')
        .values({
          tenant_id: tenant.id,
          number: nextNumber,
          contact_id: contact.id,
          status: 'unpaid',
          source: 'staff',
          payment_method: 'account',
          currency: 'USD',
          subtotal_minor: 12000,
          discount_minor: 1000,
          card_fees_minor: 330,
          tax_minor: 880,
          total_minor: 12210,
          paid_minor: paid,
          balance_minor: 12210 - paid,
          tax_label: 'VAT',
          first_name: contact.first_name,
          last_name: contact.last_name,
          email: contact.email ?? 'nobody@invpdf.test',
          due_on: '2026-12-15',
        })
        .returning(['id', 'guid', 'number'])
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('invoice_lines')
        .values({
          tenant_id: tenant.id,
          invoice_id: invoice.id,
          sequence: 1,
          item_id: null,
          item_name: 'Private coaching',
          item_type: 'custom',
          quantity: 2,
          unit_price_minor: 6000,
          price_minor: 12000,
          discount_minor: 1000,
          card_fees_minor: 330,
          tax_minor: 880,
          total_minor: 12210,
        })
        .execute()
      return { id: invoice.id, guid: String(invoice.guid), number: invoice.number }
    })
  }

  const pageUrl = (guid: string, host = world.host) => `http://${host}/invoices/${guid}/pdf`
  const open = (guid: string, cookie: string | null, host = world.host, tenant = world.tenant): Promise<RouteOutcome> =>
    callRoute(pdfLoader, getRequest(pageUrl(guid, host), cookie), contextFor(platform, tenant), { guId: guid })
  const ask = (guid: string, cookie: string | null, host = world.host, tenant = world.tenant): Promise<RouteOutcome> =>
    callRoute(pdfAction, formPostRequest(pageUrl(guid, host), {}, cookie), contextFor(platform, tenant), { guId: guid })
  const download = (guid: string, cookie: string | null, host = world.host, tenant = world.tenant): Promise<RouteOutcome> =>
    callRoute(downloadLoader, getRequest(`${pageUrl(guid, host)}/download`, cookie), contextFor(platform, tenant), { guId: guid })
  const progressOf = async (guid: string, cookie: string): Promise<InvoicePdfPage> => {
    const page = await open(guid, cookie)
    expect(page.status).toBe(200)
    return (page.body as { pdf: InvoicePdfPage }).pdf
  }
  const textOf = async (bytes: Uint8Array) => (await extractText(new Uint8Array(bytes), { mergePages: true })).text
  const pdfRows = (invoiceId: string) =>
    asSystem(platform.database, 'test check', (trx) => trx.selectFrom('invoice_pdfs').selectAll().where('invoice_id', '=', invoiceId).orderBy('created_at').execute())

  it('is made by the job for staff (any staff role), and downloads as invoice-0042.pdf', async () => {
    const invoice = await insertInvoice(world.tenant, world.student)
    expect(invoice.number).toBe(42)
    expect(await progressOf(invoice.guid, world.cookies.frontDesk)).toMatchObject({ progress: 'none', numberText: '#0042', fileName: 'invoice-0042.pdf' })
    expect((await download(invoice.guid, world.cookies.frontDesk)).status).toBe(404)

    const asked = await ask(invoice.guid, world.cookies.frontDesk)
    expect(redirectOrStatus(asked)).toBe(`redirect /invoices/${invoice.guid}/pdf`)
    expect((await progressOf(invoice.guid, world.cookies.frontDesk)).progress).toMatch(/^(preparing|ready)$/)
    await platform.jobs.drain()
    expect(await progressOf(invoice.guid, world.cookies.frontDesk)).toMatchObject({ progress: 'ready', error: null })

    const file = await download(invoice.guid, world.cookies.frontDesk)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('application/pdf')
    expect(file.headers.get('Content-Disposition')).toBe("inline; filename*=UTF-8''invoice-0042.pdf")
    expect(file.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = file.body as Uint8Array
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Invoice #0042')
    const text = await textOf(bytes)
    for (const expected of [world.tenant.name, 'hello@invpdf.test', '12 Harbour Street', '#0042', 'Status: Partial', 'Stu Dent', 'Private coaching', '$122.10', '$72.10', 'All amounts are in USD.']) {
      expect(text, expected).toContain(expected)
    }
    // Admin and staff read it as well: any staff role.
    expect((await download(invoice.guid, world.cookies.admin)).status).toBe(200)
    expect((await download(invoice.guid, world.cookies.staff)).status).toBe(200)
  })

  it('is the invoice’s own student’s to ask for and download; another student and a visitor get nothing', async () => {
    const invoice = await insertInvoice(world.tenant, world.student)
    expect((await progressOf(invoice.guid, world.cookies.student)).progress).toBe('none')
    expect(redirectOrStatus(await ask(invoice.guid, world.cookies.student))).toBe(`redirect /invoices/${invoice.guid}/pdf`)
    await platform.jobs.drain()
    expect((await progressOf(invoice.guid, world.cookies.student)).progress).toBe('ready')
    const file = await download(invoice.guid, world.cookies.student)
    expect(file.status).toBe(200)
    expect(await textOf(file.body as Uint8Array)).toContain(`#00${invoice.number}`)
    const [row] = await pdfRows(invoice.id)
    expect(row).toMatchObject({ status: 'COMPLETE', requested_by: world.student.id, file_name: `invoice-00${invoice.number}.pdf` })

    // Another student of the same tenant: 404 on the page, the request and the file, and nothing is written.
    expect((await open(invoice.guid, otherStudentCookie)).status).toBe(404)
    expect((await ask(invoice.guid, otherStudentCookie)).status).toBe(404)
    expect((await download(invoice.guid, otherStudentCookie)).status).toBe(404)
    expect(await pdfRows(invoice.id)).toHaveLength(1)
    // A visitor is sent to the page-not-found page, as on every staff or student address.
    expect(redirectOrStatus(await open(invoice.guid, null))).toBe('redirect /404')
    expect(redirectOrStatus(await download(invoice.guid, null))).toBe('redirect /404')
    // Something that is not a guid finds nothing either.
    expect((await open('not-a-guid', world.cookies.admin)).status).toBe(404)
    expect((await download('not-a-guid', world.cookies.admin)).status).toBe(404)
  })

  it('is a 404 for another tenant’s admin on their own host, with the real guid', async () => {
    const invoice = await insertInvoice(world.tenant, world.student)
    await ask(invoice.guid, world.cookies.admin)
    await platform.jobs.drain()
    expect((await download(invoice.guid, world.cookies.admin)).status).toBe(200)
    const host = 'invpdf-other.localhost'
    expect((await open(invoice.guid, foreignAdminCookie, host, world.other)).status).toBe(404)
    expect((await ask(invoice.guid, foreignAdminCookie, host, world.other)).status).toBe(404)
    expect((await download(invoice.guid, foreignAdminCookie, host, world.other)).status).toBe(404)
    expect(await pdfRows(invoice.id)).toHaveLength(1)
  })

  it('makes one PDF, with one job, for a double request', async () => {
    const invoice = await insertInvoice(world.tenant, world.student)
    const enqueue = vi.spyOn(platform.jobs, 'enqueue')
    try {
      // Sent together, as a double click's posts are.
      const [first, second] = await Promise.all([ask(invoice.guid, world.cookies.admin), ask(invoice.guid, world.cookies.admin)])
      expect([first.status, second.status]).toEqual([302, 302])
      await platform.jobs.drain()
      const rows = await pdfRows(invoice.id)
      expect(rows).toHaveLength(1)
      const jobIds = enqueue.mock.calls.filter(([job]) => job.name === invoicePdfJob.name).map(([, , options]) => options?.jobId)
      expect(new Set(jobIds)).toEqual(new Set([`invoice-pdf-${rows[0]?.id}-1`]))
      // Asked again once it is made: nothing more to do.
      await ask(invoice.guid, world.cookies.admin)
      expect(enqueue.mock.calls.filter(([job]) => job.name === invoicePdfJob.name)).toHaveLength(jobIds.length)
    } finally {
      enqueue.mockRestore()
    }
  })

  it('is of the invoice as it is now: once the invoice changes the old PDF is not served, and the new one replaces it', async () => {
    const invoice = await insertInvoice(world.tenant, world.student)
    await ask(invoice.guid, world.cookies.admin)
    await platform.jobs.drain()
    const [old] = await pdfRows(invoice.id)

    // Paid in full since.
    await withTenant(platform.database, world.tenant.id, (trx) =>
      trx.updateTable('invoices').set({ status: 'paid', paid_minor: 12210, balance_minor: 0, paid_at: new Date(), updated_at: new Date() }).where('id', '=', invoice.id).execute(),
    )
    expect((await progressOf(invoice.guid, world.cookies.admin)).progress).toBe('none')
    expect((await download(invoice.guid, world.cookies.student)).status).toBe(404)

    await ask(invoice.guid, world.cookies.student)
    await platform.jobs.drain()
    const file = await download(invoice.guid, world.cookies.student)
    expect(file.status).toBe(200)
    const text = await textOf(file.body as Uint8Array)
    expect(text).toContain('Status: Complete')
    expect(text).not.toContain('Partial')
    // The earlier version's row and file are gone.
    const rows = await pdfRows(invoice.id)
    expect(rows.map((row) => row.id)).not.toContain(old?.id)
    expect(rows).toHaveLength(1)
    expect(await platform.files.exists(world.tenant.id, old?.file_key ?? '')).toBe(false)
  })

  it('shows a PDF whose job failed for good, with the reason to staff only, and makes it on the next request', async () => {
    const invoice = await insertInvoice(world.tenant, world.student)
    // The request is recorded (its run held back), then the run fails on a full disk at its last attempt.
    const enqueue = vi.spyOn(platform.jobs, 'enqueue').mockImplementation(async () => undefined)
    try {
      await ask(invoice.guid, world.cookies.admin)
    } finally {
      enqueue.mockRestore()
    }
    const [row] = await pdfRows(invoice.id)
    const fullDisk: FileStore = { ...platform.files, exists: async () => false, put: async () => Promise.reject(new Error('disk full')) }
    const failing = Object.assign(Object.create(platform) as TestPlatform, { files: fullDisk })
    await expect(generateInvoicePdf(failing, { pdfId: row?.id ?? '', tenantId: world.tenant.id }, { attempt: 5, maxAttempts: 5, isLastAttempt: true })).rejects.toThrow('disk full')
    expect(await progressOf(invoice.guid, world.cookies.admin)).toMatchObject({ progress: 'failed', error: 'disk full' })
    expect(await progressOf(invoice.guid, world.cookies.student)).toMatchObject({ progress: 'failed', error: null })

    // A payload naming this PDF under another tenant finds nothing.
    await expect(generateInvoicePdf(platform, { pdfId: row?.id ?? '', tenantId: world.other.id }, { attempt: 1, maxAttempts: 5, isLastAttempt: false })).rejects.toThrow(/not found/)

    // Try again: a new attempt, so a new job run.
    const retry = vi.spyOn(platform.jobs, 'enqueue')
    try {
      await ask(invoice.guid, world.cookies.student)
      expect(retry.mock.calls.map(([, , options]) => options?.jobId)).toEqual([`invoice-pdf-${row?.id}-2`])
    } finally {
      retry.mockRestore()
    }
    await platform.jobs.drain()
    expect(await progressOf(invoice.guid, world.cookies.student)).toMatchObject({ progress: 'ready' })
    expect((await pdfRows(invoice.id))[0]).toMatchObject({ id: row?.id, attempt: 2, status: 'COMPLETE', error: null })
  })

  it('prints the tenant’s uploaded logo (a WebP, turned into a PNG the PDF can carry)', async () => {
    const webp = await sharp({ create: { width: 600, height: 200, channels: 3, background: { r: 40, g: 90, b: 200 } } })
      .webp()
      .toBuffer()
    const stored = await storeTenantImage(platform.env, world.tenant, new Blob([new Uint8Array(webp)], { type: 'image/webp' }))
    if (!stored.ok) throw new Error(`the logo was refused: ${stored.error}`)
    const logoSettings = (logo: string) =>
      asSystem(platform.database, 'test fixture', (trx) =>
        trx
          .updateTable('tenants')
          .set((eb) => ({ settings: eb.fn<Record<string, unknown>>('jsonb_set', [eb.ref('settings'), eb.val('{logo}'), eb.val(JSON.stringify(logo))]) }))
          .where('id', '=', world.tenant.id)
          .execute(),
      )
    await logoSettings(stored.value.url)
    try {
      const invoice = await insertInvoice(world.tenant, world.student)
      await ask(invoice.guid, world.cookies.admin)
      await platform.jobs.drain()
      const file = await download(invoice.guid, world.cookies.admin)
      expect(file.status).toBe(200)
      // Scaled to three times the 160 x 60 it is printed in, keeping its shape.
      expect(await imagesIn(file.body as Uint8Array)).toEqual(['480x160'])
    } finally {
      await logoSettings('')
    }
  })

  it('is in the buyer’s language whoever asks for it, and a new PDF once they change it', async () => {
    const setLanguage = (language: string | null) =>
      withTenant(platform.database, world.tenant.id, (trx) => trx.updateTable('contacts').set({ language }).where('id', '=', otherStudent.id).execute())
    await setLanguage('tr')
    try {
      const invoice = await insertInvoice(world.tenant, otherStudent)
      await ask(invoice.guid, world.cookies.admin)
      await platform.jobs.drain()
      const turkish = await download(invoice.guid, world.cookies.admin)
      expect(turkish.status).toBe(200)
      expect((await PDFDocument.load(turkish.body as Uint8Array)).getTitle()).toBe(`Fatura #00${invoice.number}`)
      expect(turkish.headers.get('Content-Disposition')).toBe(`inline; filename*=UTF-8''fatura-00${invoice.number}.pdf`)
      const text = await textOf(turkish.body as Uint8Array)
      for (const expected of ['Durum: Kısmi', 'Son ödeme tarihi: 15 Ara 2026', 'Birim fiyat', 'Ara toplam', '$122,10', 'Kalan borç', 'Tüm tutarlar USD cinsindendir.']) {
        expect(text, expected).toContain(expected)
      }

      await setLanguage(null)
      expect((await progressOf(invoice.guid, world.cookies.admin)).progress).toBe('none')
      await ask(invoice.guid, world.cookies.admin)
      await platform.jobs.drain()
      const english = await textOf((await download(invoice.guid, world.cookies.admin)).body as Uint8Array)
      expect(english).toContain('Status: Partial')
      expect(english).toContain('$122.10')
    } finally {
      await setLanguage(null)
    }
  })

  it('is not made when the invoice changed between the request and the job', async () => {
    const invoice = await insertInvoice(world.tenant, world.student)
    const enqueue = vi.spyOn(platform.jobs, 'enqueue').mockImplementation(async () => undefined)
    try {
      await ask(invoice.guid, world.cookies.admin)
    } finally {
      enqueue.mockRestore()
    }
    await withTenant(platform.database, world.tenant.id, (trx) => trx.updateTable('invoices').set({ note: 'Changed after the request.' }).where('id', '=', invoice.id).execute())
    const [row] = await pdfRows(invoice.id)
    await generateInvoicePdf(platform, { pdfId: row?.id ?? '', tenantId: world.tenant.id }, { attempt: 1, maxAttempts: 5, isLastAttempt: false })
    expect((await pdfRows(invoice.id))[0]).toMatchObject({ status: 'ERROR', error: INVOICE_CHANGED_MESSAGE, file_key: null })
    // The page asks for the invoice as it is now.
    expect((await progressOf(invoice.guid, world.cookies.admin)).progress).toBe('none')
  })
})

describe.skipIf(!redisUrl)(`the invoice PDF on BullMQ (${engine}) — skipped: needs REDIS_URL`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let queue: BullJobQueue
  let workers: RunningWorkers | null = null
  const prefix = `test-${randomBytes(6).toString('hex')}`

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'invpdfbull')
    queue = new BullJobQueue({ redisUrl, prefix })
    // The route queues on Redis, as the web server does with REDIS_URL set; a worker makes the PDF.
    ;(platform as { jobs: unknown }).jobs = queue
    workers = startBullWorkers(platform, (await import('pino')).pino({ level: 'silent' }), { redisUrl, prefix })
  })
  afterAll(async () => {
    await workers?.close()
    await queue?.queueFor(invoicePdfJob.name).obliterate({ force: true })
    await queue?.close()
    await platform?.close()
  })

  it('completes through Redis and a worker, and the PDF downloads', async () => {
    const invoice = await withTenant(platform.database, world.tenant.id, (trx) =>
      trx
        .insertInto('invoices')
        .values({
          tenant_id: world.tenant.id,
          number: 7,
          contact_id: world.student.id,
          status: 'pending',
          source: 'checkout',
          currency: 'USD',
          subtotal_minor: 0,
          total_minor: 0,
          balance_minor: 0,
          first_name: 'Stu',
          last_name: 'Dent',
          email: 'student@invpdfbull.test',
        })
        .returning('guid')
        .executeTakeFirstOrThrow(),
    )
    const guid = String(invoice.guid)
    const url = `http://${world.host}/invoices/${guid}/pdf`
    const asked = await callRoute(pdfAction, formPostRequest(url, {}, world.cookies.student), world.context(), { guId: guid })
    expect(asked.status).toBe(302)
    await eventually(async () => {
      const page = await callRoute(pdfLoader, getRequest(url, world.cookies.student), world.context(), { guId: guid })
      return (page.body as { pdf: InvoicePdfPage }).pdf.progress === 'ready'
    })
    const file = await callRoute(downloadLoader, getRequest(`${url}/download`, world.cookies.student), world.context(), { guId: guid })
    expect(file.status).toBe(200)
    expect(
      Buffer.from(file.body as Uint8Array)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  })
})
