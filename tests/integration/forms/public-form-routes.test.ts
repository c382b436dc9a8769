import { asSystem, withTenant } from '#db/tenant-scope'
import { issueFormStamp } from '#server/forms/fill-time'
import { FORM_MESSAGES, PDF_STATUS_MESSAGES } from '#server/forms/form-messages'
import type { FormDefinition } from '#server/forms/form-definition'
import { setFormPublished } from '#server/forms/save-custom-form'
import type { Tenant } from '#server/tenancy/tenant'
import { action as pformAction, loader as pformLoader } from '#app/routes/_forms+/pforms.$guId'
import { action as jsonAction } from '#app/routes/_forms+/pforms.$guId_.submit'
import { loader as thanksLoader } from '#app/routes/_forms+/pforms.$guId_.submitted.$token'
import { loader as registrationLoader } from '#app/routes/_forms+/registration.$id'
import { action as previewAction, loader as previewLoader } from '#app/routes/_forms+/introductory.$guId'
import { loader as downloadLoader } from '#app/routes/_forms+/downloads.forms.$token'
import { loader as challengeLoader } from '#app/routes/_auth+/altcha.challenge'
import { loader as workerLoader } from '#app/routes/_auth+/altcha.worker[.]js'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createTrialForm, solvedAltchaToken, validPost } from './form-fixtures'
import { callRoute, formPostRequest, getRequest, rjsfFormBody } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`public form routes (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant
  let form: FormDefinition
  let host: string
  let visitor = 0

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform, { name: 'Forms Studio' })
    other = await createTenant(platform, { name: 'Other Studio' })
    form = await createTrialForm(platform, tenant)
    host = `${tenant.orgId}.localhost`
  })
  afterAll(() => platform.close())

  const stored = () =>
    asSystem(platform.database, 'test count', async (trx) =>
      Number((await trx.selectFrom('form_submissions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    )
  const noScriptPost = (overrides: Record<string, string> = {}) => {
    visitor += 1
    return rjsfFormBody(validPost(form, { email: `visitor${visitor}@example.com`, formStartedAt: issueFormStamp(platform.env, form.id, Date.now() - 30_000), ...overrides }))
  }

  it('shows a published form by guid and by id, and nothing of it on another tenant’s host', async () => {
    const shown = await callRoute(pformLoader, getRequest(`http://${host}/pforms/${form.guId}`), contextFor(platform, tenant), { guId: form.guId })
    expect(shown.status).toBe(200)
    expect(shown.body).toMatchObject({ view: { form: { guId: form.guId, name: 'Trial Class Registration', isSignRequired: true }, isPreview: false } })
    const byId = await callRoute(registrationLoader, getRequest(`http://${host}/registration/${form.id}`), contextFor(platform, tenant), { id: form.id })
    expect(byId.body).toMatchObject({ view: { form: { guId: form.guId } } })

    const elsewhere = await callRoute(pformLoader, getRequest(`http://${other.orgId}.localhost/pforms/${form.guId}`), contextFor(platform, other), { guId: form.guId })
    expect(elsewhere).toMatchObject({ status: 404, body: { view: null } })
    const posted = await callRoute(pformAction, formPostRequest(`http://${other.orgId}.localhost/pforms/${form.guId}`, noScriptPost()), contextFor(platform, other), { guId: form.guId })
    expect(posted.status).toBe(404)
  })

  it('strips scripts from the descriptions', async () => {
    const shown = await callRoute(pformLoader, getRequest(`http://${host}/pforms/${form.guId}`), contextFor(platform, tenant), { guId: form.guId })
    const html = (shown.body as { view: { form: { beforeFormHtml: string } } }).view.form.beforeFormHtml
    expect(html).toContain('<strong>friend</strong>')
    expect(html).not.toContain('script')
  })

  it('takes a post without JavaScript to the thank-you page, whose PDF copy downloads on this host only', async () => {
    const before = await stored()
    const posted = await callRoute(pformAction, formPostRequest(`http://${host}/pforms/${form.guId}`, noScriptPost()), contextFor(platform, tenant), { guId: form.guId })
    expect(posted.status).toBe(303)
    expect(posted.location).toMatch(new RegExp(`^/pforms/${form.guId}/submitted/[A-Za-z0-9_-]{43}$`))
    expect(await stored()).toBe(before + 1)
    const token = posted.location!.split('/').pop()!

    await platform.jobs.drain()
    const thanks = await callRoute(thanksLoader, getRequest(`http://${host}${posted.location!}`), contextFor(platform, tenant), { guId: form.guId, token })
    expect(thanks.body).toMatchObject({ receipt: { formName: 'Trial Class Registration', pdfStatus: 'COMPLETE' }, downloadUrl: `/downloads/forms/${token}` })

    const pdf = await callRoute(downloadLoader, getRequest(`http://${host}/downloads/forms/${token}`), contextFor(platform, tenant), { token })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    const elsewhere = await callRoute(downloadLoader, getRequest(`http://${other.orgId}.localhost/downloads/forms/${token}`), contextFor(platform, other), { token })
    expect(elsewhere.status).toBe(404)
    const thanksElsewhere = await callRoute(thanksLoader, getRequest(`http://${other.orgId}.localhost${posted.location!}`), contextFor(platform, other), { guId: form.guId, token })
    expect(thanksElsewhere.status).toBe(404)
    const guessed = await callRoute(downloadLoader, getRequest(`http://${host}/downloads/forms/x`), contextFor(platform, tenant), { token: 'x'.repeat(43) })
    expect(guessed.status).toBe(404)
  })

  it('says the copy is in progress until the job has run', async () => {
    const posted = await callRoute(pformAction, formPostRequest(`http://${host}/pforms/${form.guId}`, noScriptPost()), contextFor(platform, tenant), { guId: form.guId })
    const token = posted.location!.split('/').pop()!
    const early = await callRoute(downloadLoader, getRequest(`http://${host}/downloads/forms/${token}`), contextFor(platform, tenant), { token })
    expect(early).toMatchObject({ status: 409, body: PDF_STATUS_MESSAGES.IN_PROGRESS })
    await platform.jobs.drain()
  })

  it('shows the form again with the visitor’s values and messages, storing nothing', async () => {
    const before = await stored()
    const refused = await callRoute(
      pformAction,
      formPostRequest(`http://${host}/pforms/${form.guId}`, noScriptPost({ fullName: 'Ada', signTypedName: '', signConsent: '' })),
      contextFor(platform, tenant),
      { guId: form.guId },
    )
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      refused: {
        formError: FORM_MESSAGES.nameRequired,
        fieldErrors: { fullName: [FORM_MESSAGES.nameRequired], sign: [FORM_MESSAGES.signatureRequired] },
        values: { fullName: 'Ada', email: expect.stringMatching(/@example\.com$/) },
        resetBotCheck: false,
      },
    })
    expect(await stored()).toBe(before)
  })

  it('refuses a failed bot check with its message and a reset token, storing nothing', async () => {
    const before = await stored()
    const refused = await callRoute(pformAction, formPostRequest(`http://${host}/pforms/${form.guId}`, noScriptPost({ website: 'spam' })), contextFor(platform, tenant), { guId: form.guId })
    expect(refused).toMatchObject({ status: 400, body: { refused: { formError: FORM_MESSAGES.botCheckFailed, resetBotCheck: true } } })
    expect(await stored()).toBe(before)
  })

  it('refuses an oversized post with a message', async () => {
    const before = await stored()
    const huge = noScriptPost({ [`cf_${form.fields[2].guId.replace(/-/g, '')}`]: 'x'.repeat(1_100_000) })
    const refused = await callRoute(pformAction, formPostRequest(`http://${host}/pforms/${form.guId}`, huge), contextFor(platform, tenant), { guId: form.guId })
    expect(refused).toMatchObject({ status: 413, body: { refused: { formError: FORM_MESSAGES.tooLarge } } })
    const long = noScriptPost({ [`cf_${form.fields[2].guId.replace(/-/g, '')}`]: 'x'.repeat(6000) })
    const tooLong = await callRoute(pformAction, formPostRequest(`http://${host}/pforms/${form.guId}`, long), contextFor(platform, tenant), { guId: form.guId })
    expect(tooLong.status).toBe(400)
    expect(await stored()).toBe(before)
  })

  it('answers JSON clients with status, _id and downloadUrl', async () => {
    const body = rjsfFormBody({ ...validPost(form, { email: 'json@example.com' }), rToken: await solvedAltchaToken(platform) })
    const answered = await callRoute(jsonAction, formPostRequest(`http://${host}/pforms/${form.guId}/submit`, body, null, { Accept: 'application/json' }), contextFor(platform, tenant), { guId: form.guId })
    expect(answered.status).toBe(201)
    expect(answered.body).toEqual({
      status: 'IN_PROGRESS',
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      downloadUrl: expect.stringMatching(/^\/downloads\/forms\/[A-Za-z0-9_-]{43}$/),
      thanksUrl: expect.stringMatching(/^\/pforms\//),
    })
    const refused = await callRoute(jsonAction, formPostRequest(`http://${host}/pforms/${form.guId}/submit`, rjsfFormBody({ fullName: 'x' })), contextFor(platform, tenant), { guId: form.guId })
    expect(refused).toMatchObject({ status: 400, body: { status: 'ERROR' } })
    await platform.jobs.drain()
  })

  it('keeps unpublished forms from visitors but lets staff preview them, without submitting', async () => {
    const draft = await createTrialForm(platform, tenant)
    await withTenant(platform.database, tenant.id, (trx) => setFormPublished(trx, draft.id, false))
    const hidden = await callRoute(pformLoader, getRequest(`http://${host}/pforms/${draft.guId}`), contextFor(platform, tenant), { guId: draft.guId })
    expect(hidden.status).toBe(404)

    const anonymous = await callRoute(previewLoader, getRequest(`http://${host}/introductory/${draft.guId}`), contextFor(platform, tenant), { guId: draft.guId })
    expect(anonymous.status).toBe(302)
    const staff = await createContact(platform, tenant, { role: 'ROLE_STAFF' })
    const cookie = await createSessionCookie(platform, tenant, staff)
    const preview = await callRoute(previewLoader, getRequest(`http://${host}/introductory/${draft.guId}`, cookie), contextFor(platform, tenant), { guId: draft.guId })
    expect(preview).toMatchObject({ status: 200, body: { view: { isPreview: true, form: { guId: draft.guId } } } })
    const blocked = await callRoute(previewAction, formPostRequest(`http://${host}/introductory/${draft.guId}`, noScriptPost(), cookie), contextFor(platform, tenant), { guId: draft.guId })
    expect(blocked).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.previewBlocked } })
    const studentCookie = await createSessionCookie(platform, tenant, await createContact(platform, tenant, { role: 'ROLE_STUDENT' }))
    const studentPreview = await callRoute(previewLoader, getRequest(`http://${host}/introductory/${draft.guId}`, studentCookie), contextFor(platform, tenant), { guId: draft.guId })
    expect(studentPreview.status).toBe(403)
  })

  it('prefills a signed-in student’s name and email', async () => {
    const student = await createContact(platform, tenant, { role: 'ROLE_STUDENT', firstName: 'Stella', lastName: 'Student', email: 'stella@forms.test' })
    const cookie = await createSessionCookie(platform, tenant, student)
    const shown = await callRoute(pformLoader, getRequest(`http://${host}/pforms/${form.guId}`, cookie), contextFor(platform, tenant), { guId: form.guId })
    expect(shown.body).toMatchObject({ view: { values: { fullName: 'Stella Student', email: 'stella@forms.test' } } })
  })

  it('serves ALTCHA challenges and the widget’s worker', async () => {
    const challenge = await callRoute(challengeLoader, getRequest(`http://${host}/altcha/challenge`), contextFor(platform, tenant))
    expect(challenge.body).toMatchObject({ algorithm: 'SHA-256', maxnumber: 20000, signature: expect.any(String) })
    const worker = await callRoute(workerLoader, getRequest(`http://${host}/altcha/worker.js`), contextFor(platform, tenant))
    expect(worker.headers.get('Content-Type')).toContain('javascript')
    expect(String(worker.body)).toContain('onmessage')
  })
})
