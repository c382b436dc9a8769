import { withTenant } from '#db/tenant-scope'
import { TAG_FORMAT_MESSAGE, TAG_IN_USE_MESSAGE, TAG_TOO_LONG_MESSAGE } from '#server/custom-fields/tag-rules'
import { FORM_NAME_REQUIRED_MESSAGE } from '#server/forms/custom-form-input'
import { issueFormStamp } from '#server/forms/fill-time'
import { loadFormDefinition } from '#server/forms/form-definition'
import { readCheckoutForm } from '#server/checkout/checkout-form'
import { listPublishedForms } from '#server/forms/list-published-forms'
import type { Tenant } from '#server/tenancy/tenant'
import { loader as fieldsLoader } from '#app/routes/_admin+/settings+/customfield'
import { action as newFieldAction, loader as newFieldLoader } from '#app/routes/_admin+/settings+/customfield.new.$type'
import { action as editFieldAction, loader as editFieldLoader } from '#app/routes/_admin+/settings+/customfield.$guId'
import { action as deleteFieldAction } from '#app/routes/_admin+/settings+/customfield.delete.$guId'
import { action as listAction, loader as listLoader } from '#app/routes/_admin+/customforms+/_index'
import { action as newFormAction } from '#app/routes/_admin+/customforms+/new'
import { action as editFormAction, loader as editFormLoader } from '#app/routes/_admin+/customforms+/$guId'
import { loader as submissionsLoader } from '#app/routes/_admin+/customforms+/$guId_.submissions'
import { loader as detailLoader } from '#app/routes/_admin+/customforms+/$guId_.submissions_.$id'
import { loader as pdfLoader } from '#app/routes/_admin+/customforms+/$guId_.submissions_.$id_.pdf'
import { loader as csvLoader } from '#app/routes/_admin+/customforms+/$guId_.submissions[.csv]'
import { action as publicAction } from '#app/routes/_forms+/pforms.$guId'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createTrialForm, validPost } from './form-fixtures'
import { callRoute, formPostRequest, getRequest, rjsfFormBody, toastOf } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`staff screens for custom fields and forms (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant
  let admin: string
  let staff: string
  let otherAdmin: string
  let host: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    // A half-hour zone and day-first dates, so submission dates show whose zone they are in.
    tenant = await createTenant(platform, { settings: { timezone: 'Asia/Kolkata', dateFormat: 'dd/MM/YYYY' } })
    other = await createTenant(platform)
    host = `${tenant.orgId}.localhost`
    admin = await createSessionCookie(platform, tenant, await createContact(platform, tenant, { role: 'ROLE_ADMIN' }))
    staff = await createSessionCookie(platform, tenant, await createContact(platform, tenant, { role: 'ROLE_STAFF' }))
    otherAdmin = await createSessionCookie(platform, other, await createContact(platform, other, { role: 'ROLE_ADMIN' }))
  })
  afterAll(() => platform.close())

  const ctx = () => contextFor(platform, tenant)

  describe('custom fields', () => {
    it('adds a field with the spec’s toast, its tag made from the name', async () => {
      const added = await callRoute(newFieldAction, formPostRequest(`http://${host}/settings/customfield/new/text`, rjsfFormBody({ intent: 'custom-field', name: 'T-Shirt Size', tag: '' }), admin), ctx(), { type: 'text' })
      expect(added.status).toBe(302)
      expect(toastOf(added)).toEqual({ type: 'success', message: 'Added custom field successfully' })
      const screen = await callRoute(fieldsLoader, getRequest(`http://${host}/settings/customfield`, admin), ctx())
      const cards = (screen.body as { cards: Array<{ type: string; label: string; fields: Array<{ name: string; tag: string }> }> }).cards
      expect(cards.map((card) => card.label)).toEqual(['Text', 'Text Area', 'Number', 'Header', 'Checkbox', 'Radio', 'Dropdown'])
      expect(cards[0].fields).toEqual([expect.objectContaining({ name: 'T-Shirt Size', tag: 'tshirtsize' })])
      expect(cards[1].fields).toEqual([])
    })

    it.each([
      { tag: 'Shirt Size', message: TAG_FORMAT_MESSAGE },
      { tag: 'a'.repeat(26), message: TAG_TOO_LONG_MESSAGE },
      { tag: 'tshirtsize', message: TAG_IN_USE_MESSAGE },
    ])('refuses the tag $tag with the spec’s message', async ({ tag, message }) => {
      const refused = await callRoute(newFieldAction, formPostRequest(`http://${host}/settings/customfield/new/text`, rjsfFormBody({ intent: 'custom-field', name: 'Another', tag }), admin), ctx(), { type: 'text' })
      expect(refused.status).toBe(400)
      expect((refused.body as { fieldErrors: Record<string, string[]> }).fieldErrors.tag).toContain(message)
    })

    it('needs options for a dropdown and keeps at most six', async () => {
      const refused = await callRoute(newFieldAction, formPostRequest(`http://${host}/settings/customfield/new/dropdown`, rjsfFormBody({ name: 'Level', tag: 'level' }), admin), ctx(), { type: 'dropdown' })
      expect((refused.body as { fieldErrors: Record<string, string[]> }).fieldErrors.option1).toEqual(['Option 1 is required!'])
      const added = await callRoute(
        newFieldAction,
        formPostRequest(`http://${host}/settings/customfield/new/dropdown`, rjsfFormBody({ name: 'Level', tag: 'level', option1: 'Beginner', option2: '', option3: 'Advanced', option7: 'ignored' }), admin),
        ctx(),
        { type: 'dropdown' },
      )
      expect(added.status).toBe(302)
    })

    it('edits a field (type unchanged) and deletes it after confirmation, with the spec’s toasts', async () => {
      const screen = await callRoute(fieldsLoader, getRequest(`http://${host}/settings/customfield`, admin), ctx())
      const field = (screen.body as { cards: Array<{ fields: Array<{ guId: string }> }> }).cards[0].fields[0]
      const shown = await callRoute(editFieldLoader, getRequest(`http://${host}/settings/customfield/${field.guId}`, admin), ctx(), { guId: field.guId })
      expect(shown.body).toMatchObject({ heading: 'Edit Custom Field', values: { name: 'T-Shirt Size', tag: 'tshirtsize', typeLabel: 'Text' } })
      // A cleared tag is refused on an existing field, never silently rebuilt from the name.
      const cleared = await callRoute(editFieldAction, formPostRequest(`http://${host}/settings/customfield/${field.guId}`, rjsfFormBody({ name: 'Shirt Size', tag: '' }), admin), ctx(), { guId: field.guId })
      expect(cleared.status).toBe(400)
      expect(cleared.body).toMatchObject({ fieldErrors: { tag: ["Tag can't be empty and use lowercase without spaces"] } })
      const updated = await callRoute(editFieldAction, formPostRequest(`http://${host}/settings/customfield/${field.guId}`, rjsfFormBody({ name: 'Shirt Size', tag: 'shirtsize', isMandatory: 'true' }), admin), ctx(), { guId: field.guId })
      expect(toastOf(updated)?.message).toBe('Updated custom field successfully')
      const deleted = await callRoute(deleteFieldAction, formPostRequest(`http://${host}/settings/customfield/delete/${field.guId}`, 'intent=delete', admin), ctx(), { guId: field.guId })
      expect(toastOf(deleted)?.message).toBe('Deleted custom field successfully')
      const gone = await callRoute(editFieldLoader, getRequest(`http://${host}/settings/customfield/${field.guId}`, admin), ctx(), { guId: field.guId })
      expect(gone.status).toBe(404)
    })

    it('hides the tag in the all context and makes one', async () => {
      const shown = await callRoute(newFieldLoader, getRequest(`http://${host}/settings/customfield/new/all`, admin), ctx(), { type: 'all' })
      const properties = Object.keys((shown.body as { descriptor: { schema: { properties: object } } }).descriptor.schema.properties)
      expect(properties).toContain('type')
      expect(properties).not.toContain('tag')
      const added = await callRoute(newFieldAction, formPostRequest(`http://${host}/settings/customfield/new/all`, rjsfFormBody({ type: 'number', name: 'Level' }), admin), ctx(), { type: 'all' })
      expect(added.status).toBe(302)
    })

    it('is for admins, and another tenant’s field is not found', async () => {
      const byStaff = await callRoute(fieldsLoader, getRequest(`http://${host}/settings/customfield`, staff), ctx())
      expect(byStaff.status).toBe(403)
      const screen = await callRoute(fieldsLoader, getRequest(`http://${host}/settings/customfield`, admin), ctx())
      const field = (screen.body as { cards: Array<{ fields: Array<{ guId: string }> }> }).cards.flatMap((card) => card.fields)[0]
      const otherCtx = contextFor(platform, other)
      const otherHost = `${other.orgId}.localhost`
      expect((await callRoute(editFieldLoader, getRequest(`http://${otherHost}/settings/customfield/${field.guId}`, otherAdmin), otherCtx, { guId: field.guId })).status).toBe(404)
      expect((await callRoute(deleteFieldAction, formPostRequest(`http://${otherHost}/settings/customfield/delete/${field.guId}`, 'intent=delete', otherAdmin), otherCtx, { guId: field.guId })).status).toBe(404)
    })
  })

  describe('custom forms', () => {
    it('creates a form with ordered fields, rearranges without JavaScript, publishes it', async () => {
      const form = await createTrialForm(platform, tenant)
      const [a, b, c] = form.fields.map((field) => field.guId)
      const refused = await callRoute(newFormAction, formPostRequest(`http://${host}/customforms/new`, rjsfFormBody({ intent: 'custom-form', name: '', formType: 'GENERAL' }), staff), ctx())
      expect((refused.body as { fieldErrors: Record<string, string[]> }).fieldErrors.name).toEqual([FORM_NAME_REQUIRED_MESSAGE])

      const body = rjsfFormBody({ intent: 'custom-form', name: 'Waiver 2027', formType: 'WAIVER', isName: 'true', isEmail: 'true', isSignRequired: 'true', beforeForm: '<p onclick="x()">Read <img src=x onerror=alert(1)>this</p>' })
      for (const guId of [a, b]) body.append('fieldGuIds', guId)
      const moved = await callRoute(newFormAction, formPostRequest(`http://${host}/customforms/new`, new URLSearchParams([...body, ['order', `up:${b}`]]), staff), ctx())
      expect(moved.status).toBe(200)
      expect(moved.body).toMatchObject({ fieldGuIds: [b, a], values: { name: 'Waiver 2027' } })
      const added = await callRoute(newFormAction, formPostRequest(`http://${host}/customforms/new`, new URLSearchParams([...body, ['order', `add:${c}`]]), staff), ctx())
      expect(added.body).toMatchObject({ fieldGuIds: [a, b, c] })

      body.delete('fieldGuIds')
      for (const guId of [c, a]) body.append('fieldGuIds', guId)
      const saved = await callRoute(newFormAction, formPostRequest(`http://${host}/customforms/new`, body, staff), ctx())
      expect(saved.status).toBe(302)
      expect(toastOf(saved)?.message).toBe('Waiver 2027 is added successfully.')
      const guId = saved.location!.split('/').pop()!
      const definition = await withTenant(platform.database, tenant.id, (trx) => loadFormDefinition(trx, { guId }))
      expect(definition).toMatchObject({ name: 'Waiver 2027', formType: 'WAIVER', isPublished: false, version: 1 })
      expect(definition?.fields.map((field) => field.guId)).toEqual([c, a])
      expect(definition?.beforeFormHtml).toBe('<p>Read <img src="x" />this</p>')

      const edited = await callRoute(editFormAction, formPostRequest(`http://${host}/customforms/${guId}`, rjsfFormBody({ name: 'Waiver 2027', formType: 'WAIVER', isName: 'true' }), staff), ctx(), { guId })
      expect(toastOf(edited)?.message).toBe('Waiver 2027 is updated successfully.')
      expect((await withTenant(platform.database, tenant.id, (trx) => loadFormDefinition(trx, { guId })))?.version).toBe(2)

      const published = await callRoute(listAction, formPostRequest(`http://${host}/customforms`, `guId=${guId}&intent=publish`, staff), ctx())
      expect(toastOf(published)?.message).toBe('Waiver 2027 is Published.')
      expect((await listPublishedForms(platform.database, tenant)).map((f) => f.guId)).toContain(guId)
      const list = await callRoute(listLoader, getRequest(`http://${host}/customforms`, staff), ctx())
      expect((list.body as { forms: Array<{ guId: string; isPublished: boolean }> }).forms).toContainEqual(expect.objectContaining({ guId, isPublished: true }))
    })

    it('asks one Student Registration form at checkout: choosing another lets the first go, and no other type is ever asked', async () => {
      const save = (name: string, formType: string) =>
        callRoute(newFormAction, formPostRequest(`http://${host}/customforms/new`, rjsfFormBody({ intent: 'custom-form', name, formType, isName: 'true', isAskedAtCheckout: 'true' }), staff), ctx())
      const guIdOf = (saved: { location?: string | null }) => saved.location!.split('/').pop()!
      const first = guIdOf(await save('Checkout questions 1', 'STUDENT_REGISTRATION'))
      const second = guIdOf(await save('Checkout questions 2', 'STUDENT_REGISTRATION'))
      const waiver = guIdOf(await save('Not at checkout', 'WAIVER'))
      const asked = async (guId: string) => (await withTenant(platform.database, tenant.id, (trx) => loadFormDefinition(trx, { guId })))?.isAskedAtCheckout
      expect([await asked(first), await asked(second), await asked(waiver)]).toEqual([false, true, false])
      expect((await readCheckoutForm(platform, tenant.id))?.guId).toBe(second)
    })

    it('refuses a form a visitor could not give a name on', async () => {
      const refused = await callRoute(newFormAction, formPostRequest(`http://${host}/customforms/new`, rjsfFormBody({ name: 'No name', formType: 'GENERAL', isEmail: 'true' }), staff), ctx())
      expect(refused.status).toBe(400)
      expect((refused.body as { fieldErrors: Record<string, string[]> }).fieldErrors.isName?.[0]).toMatch(/custom field named Name/)
    })

    it('lists, searches and exports submissions, shows one with its integrity record and PDF', async () => {
      const form = await createTrialForm(platform, tenant)
      for (const [name, email] of [['Ada Lovelace', 'ada@example.com'], ['Grace Hopper', 'grace@example.com'], ['Alan Turing', '=cmd@example.com']]) {
        const stamp = issueFormStamp(platform.env, form.id, Date.now() - 30_000)
        const sent = await callRoute(publicAction, formPostRequest(`http://${host}/pforms/${form.guId}`, rjsfFormBody(validPost(form, { fullName: name, email, formStartedAt: stamp }))), ctx(), { guId: form.guId })
        expect([303, 400]).toContain(sent.status)
      }
      await platform.jobs.drain()
      const page = await callRoute(submissionsLoader, getRequest(`http://${host}/customforms/${form.guId}/submissions?search=grace`, staff), ctx(), { guId: form.guId })
      const items = (page.body as { page: { total: number; items: Array<{ id: string; firstName: string }> } }).page
      expect(items.total).toBe(1)
      expect(items.items[0].firstName).toBe('Grace')

      const all = await callRoute(submissionsLoader, getRequest(`http://${host}/customforms/${form.guId}/submissions?size=10&page=1`, staff), ctx(), { guId: form.guId })
      expect((all.body as { page: { total: number } }).page.total).toBe(2)

      const id = items.items[0].id
      const listed = (items.items[0] as unknown as { createdAt: string; submitted: { dateTime: string; text: string } })
      expect(listed.submitted).toEqual({ dateTime: listed.createdAt, text: inKolkata(listed.createdAt) })
      const detail = await callRoute(detailLoader, getRequest(`http://${host}/customforms/${form.guId}/submissions/${id}`, staff), ctx(), { guId: form.guId, id })
      const shown = (detail.body as { submission: { submitted: unknown; signature: { signedAt: string; signed: unknown } } }).submission
      expect(shown.submitted).toEqual({ dateTime: listed.createdAt, text: `${inKolkata(listed.createdAt)} GMT+5:30` })
      expect(shown.signature.signed).toEqual({ dateTime: shown.signature.signedAt, text: `${inKolkata(shown.signature.signedAt)} GMT+5:30` })
      expect(detail.body).toMatchObject({
        submission: {
          integrityVerified: true,
          signature: { method: 'typed', signedName: 'Ada Lovelace', signDate: expect.stringMatching(/^[A-Z][a-z]{2} \d{2}, \d{4}$/) },
          rows: expect.arrayContaining([{ label: 'Name', value: 'Grace Hopper' }]),
        },
      })
      const pdf = await callRoute(pdfLoader, getRequest(`http://${host}/customforms/${form.guId}/submissions/${id}/pdf`, staff), ctx(), { guId: form.guId, id })
      expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
      // The file is named for the day it was sent in Kolkata: 'dd/MM/YYYY' turned into 'YYYY-MM-DD'.
      const [day, month, year] = inKolkata(listed.createdAt).slice(0, 10).split('/')
      expect(decodeURIComponent(pdf.headers.get('Content-Disposition') ?? '')).toContain(`${year}-${month}-${day}.pdf`)

      const csv = await callRoute(csvLoader, getRequest(`http://${host}/customforms/${form.guId}/submissions.csv`, staff), ctx(), { guId: form.guId })
      const text = String(csv.body)
      expect(text.split('\r\n')[0]).toContain('"Name","Email","Phone","Experience"')
      expect(text).toContain('"Grace Hopper"')
      const graceRow = text.split('\r\n').find((line) => line.includes('"Grace Hopper"')) ?? ''
      expect(graceRow.split(',')[1]).toBe(`"${inKolkata(listed.createdAt)} GMT+5:30"`)
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(3)

      // Tampering with a stored answer shows on the detail view.
      await withTenant(platform.database, tenant.id, (trx) =>
        trx.updateTable('form_submissions').set({ data: JSON.stringify({ ...(detail.body as { submission: object }).submission, values: {} }) }).where('id', '=', id).execute(),
      )
      const tampered = await callRoute(detailLoader, getRequest(`http://${host}/customforms/${form.guId}/submissions/${id}`, staff), ctx(), { guId: form.guId, id })
      expect(tampered.body).toMatchObject({ submission: { integrityVerified: false } })
    })

    it('answers 404 for another tenant’s form and submissions', async () => {
      const form = await createTrialForm(platform, tenant)
      const otherCtx = contextFor(platform, other)
      const otherHost = `${other.orgId}.localhost`
      expect((await callRoute(editFormLoader, getRequest(`http://${otherHost}/customforms/${form.guId}`, otherAdmin), otherCtx, { guId: form.guId })).status).toBe(404)
      expect((await callRoute(submissionsLoader, getRequest(`http://${otherHost}/customforms/${form.guId}/submissions`, otherAdmin), otherCtx, { guId: form.guId })).status).toBe(404)
      expect((await callRoute(csvLoader, getRequest(`http://${otherHost}/customforms/${form.guId}/submissions.csv`, otherAdmin), otherCtx, { guId: form.guId })).status).toBe(404)
      expect((await callRoute(listAction, formPostRequest(`http://${otherHost}/customforms`, `guId=${form.guId}&intent=publish`, otherAdmin), otherCtx)).status).toBe(404)
      const students = await createSessionCookie(platform, tenant, await createContact(platform, tenant, { role: 'ROLE_STUDENT' }))
      expect((await callRoute(listLoader, getRequest(`http://${host}/customforms`, students), ctx())).status).toBe(403)
    })
  })
})

/** 'dd/MM/YYYY hh:mm A' at UTC+5:30, worked out without the product's date code. */
function inKolkata(iso: string): string {
  const at = new Date(new Date(iso).getTime() + 330 * 60_000)
  const two = (n: number) => String(n).padStart(2, '0')
  const hour = at.getUTCHours()
  return `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${two(hour % 12 || 12)}:${two(at.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}`
}
