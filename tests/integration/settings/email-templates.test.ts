import { asSystem } from '#db/tenant-scope'
import { queueReceiptEmail } from '#server/checkout/receipt-email'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { form, textOf, toastOf, withoutPageWords } from '#tests/integration/http/answers'
import { postStaffInvoice } from '#tests/integration/invoices/staff-invoice-post'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`email templates at Settings > Templates (${engine})`, () => {
  let app: DemoHttpApp
  let student = { id: '', guid: '', firstName: '' }
  let staffCookie = ''
  let studentCookie = ''
  let other: Tenant
  let otherHost = ''
  let otherAdminCookie = ''
  let otherTemplate = ''

  const get = (path: string, cookie: string, host = app.host) => request(app.port, path, { host, headers: { cookie } })
  const post = (path: string, fields: Record<string, string>, cookie: string, host = app.host) =>
    request(app.port, path, { host, method: 'POST', body: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, cookie } })
  const countTemplates = (tenantId = app.demo.id) =>
    asSystem(app.platform.database, 'test: count templates', (trx) =>
      trx
        .selectFrom('email_templates')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow(),
    ).then((row) => Number(row.n))
  const templateNamed = (name: string) =>
    asSystem(app.platform.database, 'test: a template', (trx) =>
      trx.selectFrom('email_templates').select(['guid', 'name', 'subject', 'body_html']).where('tenant_id', '=', app.demo.id).where('name', '=', name).executeTakeFirst(),
    )
  const templateByGuid = (guid: string) =>
    asSystem(app.platform.database, 'test: a template', (trx) => trx.selectFrom('email_templates').select(['guid', 'name', 'subject', 'body_html']).where('guid', '=', guid).executeTakeFirst())
  /** Adds a template through the form and answers its guid. */
  const addTemplate = async (name: string, subject: string, body: string) => {
    const added = await post('/settings/templates/add', { intent: 'save', name, subject, body }, app.adminCookie)
    expect(added.status).toBe(302)
    expect(added.headers.location).toBe('/settings/templates')
    expect(toastOf(added)).toBe('Template Created')
    const row = await templateNamed(name)
    expect(row).toBeDefined()
    return row?.guid ?? ''
  }
  /** Deletes straight from the table, and says so as the app's own delete does: receipts keep the studio's template names. */
  const removeTemplatesNamed = async (name: string) => {
    await asSystem(app.platform.database, 'test: remove a template', (trx) =>
      trx
        .deleteFrom('email_templates')
        .where('tenant_id', '=', app.demo.id)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .execute(),
    )
    app.platform.caches.changed(app.demo.id, ['templates'])
  }
  const setStudentFirstName = (firstName: string) =>
    asSystem(app.platform.database, 'test: rename the student', (trx) => trx.updateTable('contacts').set({ first_name: firstName }).where('id', '=', student.id).execute())
  /** A new staff invoice for the student: a described line of 25.00 × 2. */
  const createInvoice = async () => {
    const created = await postStaffInvoice((path, fields) => post(path, fields, app.adminCookie), student.guid)
    expect(created.answer.status).toBe(302)
    return created.guid
  }
  const countFields = () =>
    asSystem(app.platform.database, 'test: count fields', (trx) =>
      trx
        .selectFrom('custom_fields')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', app.demo.id)
        .executeTakeFirstOrThrow(),
    ).then((row) => Number(row.n))

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const found = await asSystem(app.platform.database, 'test: template fixtures', async (trx) => {
      const person = await trx.selectFrom('contacts').select(['id', 'guid', 'first_name']).where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow()
      const staff = await trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'staff@demo.test').executeTakeFirstOrThrow()
      return { person, staff }
    })
    student = { id: found.person.id, guid: found.person.guid, firstName: found.person.first_name }
    studentCookie = await createSessionCookie(app.platform, app.demo, found.person)
    staffCookie = await createSessionCookie(app.platform, app.demo, found.staff)

    other = await createTenant(app.platform, { name: 'Other studio' })
    otherHost = `${other.orgId}.localhost:${app.port}`
    const otherAdmin = await createContact(app.platform, other, { role: 'ROLE_ADMIN', firstName: 'Olive', lastName: 'Owner' })
    otherAdminCookie = await createSessionCookie(app.platform, other, otherAdmin)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  it('adds a template that the list links to its edit page; an empty studio sees "No templates found"', async () => {
    const empty = await get('/settings/templates', otherAdminCookie, otherHost)
    expect(empty.status).toBe(200)
    expect(textOf(empty.body)).toContain('No templates found')
    const before = await get('/settings/templates', app.adminCookie)
    expect(before.status).toBe(200)
    expect(textOf(before.body)).toContain('No templates found')

    const form = await get('/settings/templates/add', app.adminCookie)
    expect(form.status).toBe(200)
    expect(form.body).toContain('Add Template')

    const guid = await addTemplate('Welcome note', 'Welcome, {{firstname}}', '<p>Hello {{firstname}}, welcome to {{orgname}}.</p>')
    expect(await templateByGuid(guid)).toMatchObject({ name: 'Welcome note', subject: 'Welcome, {{firstname}}', body_html: '<p>Hello {{firstname}}, welcome to {{orgname}}.</p>' })
    const list = await get('/settings/templates', app.adminCookie)
    expect(list.status).toBe(200)
    expect(list.body).toMatch(new RegExp(`<a[^>]+href="/settings/templates/edit/${guid}"[^>]*>Welcome note</a>`))
    expect(textOf(list.body)).not.toContain('No templates found')
    // Still none in the other studio.
    expect(textOf((await get('/settings/templates', otherAdminCookie, otherHost)).body)).toContain('No templates found')
    expect(await countTemplates(other.id)).toBe(0)

    const edit = await get(`/settings/templates/edit/${guid}`, app.adminCookie)
    expect(edit.status).toBe(200)
    expect(edit.body).toContain('Welcome note')
    expect(edit.body).toContain('Edit Template')
  })

  it('refuses an invalid form with its message and writes nothing; strips a script from the body', async () => {
    await removeTemplatesNamed('invoice_pending')
    await addTemplate('invoice_pending', 'Invoice for {{firstname}}', '<p>Please pay.</p>')
    const before = await countTemplates()
    const refused = [
      { fields: { name: '', subject: 'Hi', body: '<p>Hello</p>' }, message: 'Template Name is required!' },
      { fields: { name: '   ', subject: 'Hi', body: '<p>Hello</p>' }, message: 'Template Name is required!' },
      { fields: { name: 'No subject', subject: '', body: '<p>Hello</p>' }, message: 'Subject is required!' },
      { fields: { name: 'No body', subject: 'Hi', body: '' }, message: 'Template body is required!' },
      { fields: { name: 'Empty editor', subject: 'Hi', body: '<p><br></p>' }, message: 'Template body is required!' },
      { fields: { name: 'Only a script', subject: 'Hi', body: '<script>alert(1)</script>' }, message: 'Template body is required!' },
      { fields: { name: 'Bad tag', subject: 'Hello {{nosuchtag}}', body: '<p>Hello</p>' }, message: '{{nosuchtag}} is not a merge tag' },
      { fields: { name: 'Bad body tag', subject: 'Hello', body: '<p>Hello {{nosuchtag}}</p>' }, message: '{{nosuchtag}} is not a merge tag' },
      { fields: { name: 'INVOICE_PENDING', subject: 'Another', body: '<p>Another</p>' }, message: 'A template with this name already exists.' },
      { fields: { name: ' Invoice_Pending ', subject: 'Another', body: '<p>Another</p>' }, message: 'A template with this name already exists.' },
    ]
    for (const { fields, message } of refused) {
      const answer = await post('/settings/templates/add', { intent: 'save', ...fields }, app.adminCookie)
      expect(answer.status, `${JSON.stringify(fields)} is refused`).toBe(400)
      expect(toastOf(answer)).toBe('')
      expect(textOf(answer.body)).toContain(message)
    }
    expect(await countTemplates()).toBe(before)
    // The refused form keeps what was typed.
    const kept = await post('/settings/templates/add', { intent: 'save', name: 'Kept name', subject: '', body: '<p>Kept body</p>' }, app.adminCookie)
    expect(kept.status).toBe(400)
    expect(kept.body).toContain('value="Kept name"')

    const guid = await addTemplate('Scripted', 'Hi {{firstname}}', '<p>Hello</p><script>alert("x")</script><p onclick="steal()">there</p>')
    const stored = await templateByGuid(guid)
    expect(stored?.body_html).toBe('<p>Hello</p><p>there</p>')
    expect(await countTemplates()).toBe(before + 1)
  })

  it("edits a template, and answers 404 for another studio's template or a malformed guid", async () => {
    const guid = await addTemplate('To edit', 'Old subject', '<p>Old body</p>')
    const edited = await post(`/settings/templates/edit/${guid}`, { intent: 'save', name: 'Edited name', subject: 'New subject for {{firstname}}', body: '<p>New body</p>' }, app.adminCookie)
    expect(edited.status).toBe(302)
    expect(edited.headers.location).toBe('/settings/templates')
    expect(toastOf(edited)).toBe('Template Edited')
    expect(await templateByGuid(guid)).toMatchObject({ name: 'Edited name', subject: 'New subject for {{firstname}}', body_html: '<p>New body</p>' })
    // Keeping its own name (in another case) is no clash.
    const recased = await post(`/settings/templates/edit/${guid}`, { intent: 'save', name: 'EDITED NAME', subject: 'New subject', body: '<p>New body</p>' }, app.adminCookie)
    expect(toastOf(recased)).toBe('Template Edited')
    expect((await templateByGuid(guid))?.name).toBe('EDITED NAME')
    // Taking another template's name is.
    await addTemplate('Taken elsewhere', 'Subject', '<p>Body</p>')
    const clash = await post(`/settings/templates/edit/${guid}`, { intent: 'save', name: 'taken elsewhere', subject: 'New subject', body: '<p>New body</p>' }, app.adminCookie)
    expect(clash.status).toBe(400)
    expect(textOf(clash.body)).toContain('A template with this name already exists.')
    expect((await templateByGuid(guid))?.name).toBe('EDITED NAME')

    otherTemplate = await asSystem(app.platform.database, 'test: another studio template', (trx) =>
      trx
        .insertInto('email_templates')
        .values({ tenant_id: other.id, name: 'Theirs', subject: 'Their subject', body_html: '<p>Their body</p>' })
        .returning('guid')
        .executeTakeFirstOrThrow()
        .then((row) => row.guid),
    )
    expect((await get(`/settings/templates/edit/${otherTemplate}`, app.adminCookie)).status).toBe(404)
    expect((await get(`/settings/templates/edit/${otherTemplate}?confirm=delete`, app.adminCookie)).status).toBe(404)
    const foreignSave = await post(`/settings/templates/edit/${otherTemplate}`, { intent: 'save', name: 'Mine now', subject: 'Mine', body: '<p>Mine</p>' }, app.adminCookie)
    expect(foreignSave.status).toBe(404)
    const foreignDelete = await post(`/settings/templates/edit/${otherTemplate}`, { intent: 'delete' }, app.adminCookie)
    expect(foreignDelete.status).toBe(404)
    expect(await templateByGuid(otherTemplate)).toMatchObject({ name: 'Theirs', subject: 'Their subject', body_html: '<p>Their body</p>' })
    // Its own admin sees it.
    expect((await get(`/settings/templates/edit/${otherTemplate}`, otherAdminCookie, otherHost)).status).toBe(200)

    expect((await get('/settings/templates/edit/not-a-guid', app.adminCookie)).status).toBe(404)
    expect((await post('/settings/templates/edit/not-a-guid', { intent: 'save', name: 'X', subject: 'X', body: '<p>X</p>' }, app.adminCookie)).status).toBe(404)
    expect((await post('/settings/templates/edit/not-a-guid', { intent: 'delete' }, app.adminCookie)).status).toBe(404)
    expect((await get('/settings/templates/edit/00000000-0000-4000-8000-000000000000', app.adminCookie)).status).toBe(404)
    expect(await templateNamed('Mine now')).toBeUndefined()
    expect(await templateNamed('X')).toBeUndefined()
  })

  it('asks before deleting, then deletes with the toast', async () => {
    const guid = await addTemplate('To delete', 'Bye', '<p>Bye</p>')
    const confirm = await get(`/settings/templates/edit/${guid}?confirm=delete`, app.adminCookie)
    expect(confirm.status).toBe(200)
    expect(confirm.body).toContain('Delete Template')
    expect(textOf(confirm.body)).toContain('Delete the template To delete? This cannot be undone.')
    expect(withoutPageWords((await get(`/settings/templates/edit/${guid}`, app.adminCookie)).body)).not.toContain('Delete Template')

    const before = await countTemplates()
    const deleted = await post(`/settings/templates/edit/${guid}`, { intent: 'delete' }, app.adminCookie)
    expect(deleted.status).toBe(302)
    expect(deleted.headers.location).toBe('/settings/templates')
    expect(toastOf(deleted)).toBe('Template Deleted')
    expect(await templateByGuid(guid)).toBeUndefined()
    expect(await countTemplates()).toBe(before - 1)
    expect((await get('/settings/templates', app.adminCookie)).body).not.toContain(`/settings/templates/edit/${guid}`)
    expect((await get(`/settings/templates/edit/${guid}`, app.adminCookie)).status).toBe(404)
    expect((await post(`/settings/templates/edit/${guid}`, { intent: 'delete' }, app.adminCookie)).status).toBe(404)
  })

  it('is for admins only: staff get 403, a student is sent to /classes, and neither writes', async () => {
    const guid = await addTemplate('Admins only', 'Subject', '<p>Body</p>')
    const byStaff = await get('/settings/templates', staffCookie)
    expect(byStaff.status).toBe(403)
    expect(byStaff.body).not.toContain(`/settings/templates/edit/${guid}`)
    expect((await get('/settings/templates/add', staffCookie)).status).toBe(403)
    expect((await get(`/settings/templates/edit/${guid}`, staffCookie)).status).toBe(403)

    const byStudent = await get('/settings/templates', studentCookie)
    // The staff area sends a student to their own landing page before requireAdmin is reached.
    expect([byStudent.status, byStudent.headers.location]).toEqual([302, '/classes'])
    expect(byStudent.body).not.toContain(`/settings/templates/edit/${guid}`)

    const before = await countTemplates()
    const staffAdd = await post('/settings/templates/add', { intent: 'save', name: 'By staff', subject: 'S', body: '<p>B</p>' }, staffCookie)
    expect(staffAdd.status).toBe(403)
    const staffDelete = await post(`/settings/templates/edit/${guid}`, { intent: 'delete' }, staffCookie)
    expect(staffDelete.status).toBe(403)
    const studentAdd = await post('/settings/templates/add', { intent: 'save', name: 'By student', subject: 'S', body: '<p>B</p>' }, studentCookie)
    expect([studentAdd.status, studentAdd.headers.location]).toEqual([302, '/classes'])
    const studentDelete = await post(`/settings/templates/edit/${guid}`, { intent: 'delete' }, studentCookie)
    expect([studentDelete.status, studentDelete.headers.location]).toEqual([302, '/classes'])
    expect(await countTemplates()).toBe(before)
    expect(await templateByGuid(guid)).toBeDefined()
  })

  it("previews a template for a contact with the contact's values escaped", async () => {
    const guid = await addTemplate('Preview greeting', 'Hello {{firstname}}', '<p>Hi {{firstname}}</p>')
    await setStudentFirstName('<b>Ann</b>')
    try {
      const found = await get(`/settings/templates/edit/${guid}?q=${encodeURIComponent('student@demo.test')}`, app.adminCookie)
      expect(found.status).toBe(200)
      expect(found.body).toContain(`/settings/templates/edit/${guid}?previewFor=${student.guid}`)

      const preview = await get(`/settings/templates/edit/${guid}?previewFor=${student.guid}`, app.adminCookie)
      expect(preview.status).toBe(200)
      expect(preview.body).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;')
      expect(preview.body).not.toContain('<b>Ann</b>')
      // Another studio's contact, or none, shows no preview.
      const none = await get(`/settings/templates/edit/${guid}?previewFor=00000000-0000-4000-8000-000000000000`, app.adminCookie)
      expect(none.status).toBe(200)
      expect(none.body).not.toContain('Hi &lt;b&gt;')
    } finally {
      await setStudentFirstName(student.firstName)
    }
  })

  it('emails an invoice with the studio template invoice_pending, its values filled in, then the invoice details', async () => {
    await removeTemplatesNamed('invoice_pending')
    await addTemplate('invoice_pending', 'Your bill, {{firstname}}', '<p>Dear {{firstname}} from {{orgname}}</p>')
    const guid = await createInvoice()
    expect(guid).not.toBe('')
    const emailed = await post(`/invoices/${guid}`, { intent: 'email' }, app.adminCookie)
    expect(emailed.status).toBe(302)
    expect(toastOf(emailed)).toContain('The invoice was emailed to student@demo.test.')
    const email = await asSystem(app.platform.database, 'test: the newest email', (trx) =>
      trx
        .selectFrom('outbound_emails')
        .select(['to_address', 'subject', 'text_body', 'html_body'])
        .where('tenant_id', '=', app.demo.id)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow(),
    )
    expect(email.to_address).toBe('student@demo.test')
    expect(email.subject).toBe(`Your bill, ${student.firstName}`)
    expect(email.html_body).toContain(`Dear ${student.firstName} from ${app.demo.name}`)
    expect(email.html_body).toContain(`/meminvoice/${guid}`)
    expect(email.html_body).toContain('Total:')
    expect(email.text_body).toContain(`Dear ${student.firstName} from ${app.demo.name}`)
    expect(email.text_body).toContain('Total:')
    expect(email.text_body).toContain('Private lesson')
    expect(email.text_body).toContain(`/meminvoice/${guid}`)
    // The built-in greeting is replaced by the studio's words.
    expect(email.text_body).not.toContain('Hello ')
  })

  it("sends a paid sale's receipt with the studio template invoice_success, then the order's lines and link", async () => {
    await removeTemplatesNamed('invoice_success')
    await addTemplate('invoice_success', 'Thanks, {{firstname}}', '<p>We got your payment for {{productname}}.</p>')
    const guid = await createInvoice()
    await queueReceiptEmail(app.platform, app.demo, { invoiceGuid: guid, origin: `http://${app.host}` })
    const email = await asSystem(app.platform.database, 'test: the newest email', (trx) =>
      trx.selectFrom('outbound_emails').select(['subject', 'text_body', 'html_body']).where('tenant_id', '=', app.demo.id).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow(),
    )
    expect(email.subject).toBe(`Thanks, ${student.firstName}`)
    expect(email.html_body).toContain('We got your payment for Private lesson.')
    expect(email.text_body).toContain('Private lesson')
    expect(email.text_body).toContain(`/checkout/orders/${guid}`)
    await removeTemplatesNamed('invoice_success')
    // Without the template the receipt is the product's own words again, in plain text.
    await queueReceiptEmail(app.platform, app.demo, { invoiceGuid: guid, origin: `http://${app.host}` })
    const plain = await asSystem(app.platform.database, 'test: the newest email', (trx) =>
      trx.selectFrom('outbound_emails').select(['subject', 'text_body', 'html_body']).where('tenant_id', '=', app.demo.id).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow(),
    )
    expect(plain.html_body).toBeNull()
    expect(plain.text_body).toContain(`Hello ${student.firstName}`)
  })

  it('adds a custom field from the green + chip and shows it as a chip when back on the template', async () => {
    const before = await countFields()
    const dialog = await get('/settings/templates/add/field', app.adminCookie)
    expect(dialog.status).toBe(200)
    expect(dialog.body).toContain('Add Custom Field')

    const saved = await post('/settings/templates/add/field', { intent: 'custom-field', 'root[type]': 'text', 'root[name]': 'Shoe Size' }, app.adminCookie)
    expect(saved.status).toBe(302)
    expect(saved.headers.location).toBe('/settings/templates/add')
    expect(toastOf(saved)).toBe('Added custom field successfully')
    const field = await asSystem(app.platform.database, 'test: the new field', (trx) =>
      trx.selectFrom('custom_fields').select(['name', 'tag']).where('tenant_id', '=', app.demo.id).where('name', '=', 'Shoe Size').executeTakeFirstOrThrow(),
    )
    expect(field.tag).toBe('shoesize')
    const after = await countFields()
    expect(after).toBe(before + 1)

    const page = await get('/settings/templates/add', app.adminCookie)
    expect(page.status).toBe(200)
    expect(page.body).toMatch(/<button[^>]+data-merge-tag="shoesize"[^>]*>Shoe Size<\/button>/)
    // The new tag may now be used.
    const guid = await addTemplate('Shoes', 'Your size {{shoesize}}', '<p>Size {{shoesize}}</p>')
    expect(guid).not.toBe('')

    // A refused field stays on the dialog and adds nothing.
    const refused = await post('/settings/templates/add/field', { intent: 'custom-field', 'root[type]': 'text', 'root[name]': '' }, app.adminCookie)
    expect(refused.status).toBe(400)
    const edit = await post(`/settings/templates/edit/${guid}/field`, { intent: 'custom-field', 'root[type]': 'number', 'root[name]': 'Arm Span' }, app.adminCookie)
    expect(edit.status).toBe(302)
    expect(edit.headers.location).toBe(`/settings/templates/edit/${guid}`)
    expect((await get(`/settings/templates/edit/${guid}`, app.adminCookie)).body).toContain('Arm Span')
  })

  it('pages the list five at a time by default, with the sizes offered', async () => {
    const total = await countTemplates()
    for (let index = total; index < 7; index += 1) await addTemplate(`Paged ${index}`, 'Subject', '<p>Body</p>')
    const links = (html: string) => [...html.matchAll(/href="\/settings\/templates\/edit\/[0-9a-f-]{36}"/g)].length
    const first = await get('/settings/templates', app.adminCookie)
    expect(links(first.body)).toBe(5)
    const ten = await get('/settings/templates?size=10', app.adminCookie)
    expect(links(ten.body)).toBe(Math.min(10, Math.max(total, 7)))
    const odd = await get('/settings/templates?size=7', app.adminCookie)
    expect(links(odd.body)).toBe(5)
    const second = await get('/settings/templates?page=2', app.adminCookie)
    expect(links(second.body)).toBe(Math.min(5, Math.max(total, 7) - 5))
  })
})
