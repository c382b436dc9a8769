import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as myDonationsLoader } from '#app/routes/_student+/mydonation'
import { loader as myFormsLoader } from '#app/routes/_student+/myform'
import { loader as myFormPdfLoader } from '#app/routes/_student+/myform_.$id_.pdf'
import { asSystem } from '#db/tenant-scope'
import type { MyDonationsPage } from '#server/catalog/store/my-donations'
import { fileStoreFor } from '#server/files/file-store'
import type { MySubmission } from '#server/forms/my-submissions'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { callRoute, getRequest } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`a student's forms and donations (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let mine = ''
  let someoneElses = ''

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'myrecords')
    const tenantId = world.tenant.id
    const ids = await asSystem(platform.database, 'test fixture: submissions and gifts', async (trx) => {
      const form = await trx.insertInto('custom_forms').values({ tenant_id: tenantId, name: 'Waiver', form_type: 'WAIVER' }).returning('id').executeTakeFirstOrThrow()
      const submit = (contactId: string, token: string, pdf: 'COMPLETE' | 'IN_PROGRESS') =>
        trx
          .insertInto('form_submissions')
          .values({ tenant_id: tenantId, form_id: form.id, form_version: 1, form_name: 'Waiver', contact_id: contactId, data: JSON.stringify({}), integrity_hash: 'x', download_token_hash: token, pdf_status: pdf, pdf_file_key: pdf === 'COMPLETE' ? `test/${token}.pdf` : null })
          .returning('id')
          .executeTakeFirstOrThrow()
      const own = await submit(world.student.id, 'mine-1', 'COMPLETE')
      await submit(world.student.id, 'mine-2', 'IN_PROGRESS')
      const other = await submit(world.staff.id, 'other-1', 'COMPLETE')
      const campaign = await trx.insertInto('catalog_items').values({ tenant_id: tenantId, kind: 'donation', name: 'Scholarship Fund', slug: 'scholarship-fund', payment_type: 'DONATION', is_published: true }).returning('id').executeTakeFirstOrThrow()
      const invoice = async (contactId: string, number: number, status: 'paid' | 'pending' | 'void', amount: number) => {
        const row = await trx
          .insertInto('invoices')
          .values({ tenant_id: tenantId, number, contact_id: contactId, status, source: 'checkout', payment_method: 'card', currency: 'USD', subtotal_minor: amount, total_minor: amount, paid_minor: status === 'paid' ? amount : 0, balance_minor: status === 'paid' ? 0 : amount, first_name: 'Stu', last_name: 'Dent', email: 'student@myrecords.test', paid_at: status === 'paid' ? new Date() : null, voided_at: status === 'void' ? new Date() : null })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('invoice_lines')
          .values({ tenant_id: tenantId, invoice_id: row.id, sequence: 1, item_id: campaign.id, item_name: 'Scholarship Fund', item_type: 'donation', quantity: 1, unit_price_minor: amount, price_minor: amount, total_minor: amount })
          .execute()
      }
      await invoice(world.student.id, 501, 'paid', 2500)
      await invoice(world.student.id, 502, 'pending', 1000)
      await invoice(world.student.id, 503, 'void', 9900)
      await invoice(world.staff.id, 504, 'paid', 7700)
      return { own: own.id, other: other.id }
    })
    mine = ids.own
    someoneElses = ids.other
    await fileStoreFor(platform).put(tenantId, 'test/mine-1.pdf', new TextEncoder().encode('%PDF-1.7 mine'))
    await fileStoreFor(platform).put(tenantId, 'test/other-1.pdf', new TextEncoder().encode('%PDF-1.7 other'))
  })
  afterAll(() => platform.close())

  const url = (path: string) => `http://${world.host}${path}`

  it('lists the forms the student sent, newest first, with a PDF link only for a finished copy', async () => {
    const page = await callRoute(myFormsLoader, getRequest(url('/myform'), world.cookies.student), world.context())
    const { submissions } = page.body as { submissions: MySubmission[] }
    expect(submissions).toHaveLength(2)
    expect(submissions.map((each) => each.pdfStatus).sort()).toEqual(['COMPLETE', 'IN_PROGRESS'])
  })

  it("downloads the student's own PDF; someone else's, a bad id or another tenant's host is a 404", async () => {
    const own = await callRoute(myFormPdfLoader, getRequest(url(`/myform/${mine}/pdf`), world.cookies.student), world.context(), { id: mine })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toContain('application/pdf')
    for (const id of [someoneElses, 'not-an-id']) {
      const refused = await callRoute(myFormPdfLoader, getRequest(url(`/myform/${id}/pdf`), world.cookies.student), world.context(), { id })
      expect(refused.status).toBe(404)
    }
  })

  it("lists the student's gifts with their status, leaves void ones out, and thanks them for what was paid", async () => {
    const page = await callRoute(myDonationsLoader, getRequest(url('/mydonation'), world.cookies.student), world.context())
    const body = page.body as MyDonationsPage
    expect(body.donations.map((each) => [each.campaign, each.amountText, each.statusText])).toEqual(
      expect.arrayContaining([
        ['Scholarship Fund', '$25.00', expect.any(String)],
        ['Scholarship Fund', '$10.00', expect.any(String)],
      ]),
    )
    expect(body.donations).toHaveLength(2)
    expect(body.givenTexts).toEqual(['$25.00'])
  })

  it('is for students: staff are sent to their own area', async () => {
    const staff = await callRoute(myFormsLoader, getRequest(url('/myform'), world.cookies.admin), world.context())
    expect(staff.status).toBe(302)
    expect(staff.location).toBe('/dashboard')
  })
})
