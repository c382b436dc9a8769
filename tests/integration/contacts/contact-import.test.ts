import { randomBytes } from 'node:crypto'
import { Worker, type ConnectionOptions } from 'bullmq'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import { pino } from 'pino'
import { action as uploadAction, loader as importsLoader } from '#app/routes/_admin+/contacts+/import._index'
import { action as mappingAction, loader as importLoader } from '#app/routes/_admin+/contacts+/import.$guId'
import { loader as errorsLoader } from '#app/routes/_admin+/contacts+/import.$guId_.errors[.csv]'
import { asSystem, withTenant } from '#db/tenant-scope'
import { contactImportJob } from '#jobs/contact-import'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { UPLOAD_MESSAGES } from '#server/contacts/import/create-contact-import'
import { MAPPING_MESSAGES } from '#server/contacts/import/import-mapping'
import type { ImportPage } from '#server/contacts/import/import-pages'
import { resumeUnfinishedImports } from '#server/contacts/import/resume-unfinished-imports'
import { runContactImport } from '#server/contacts/import/run-contact-import'
import { callRoute, formPostRequest, getRequest } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { eventually } from '#tests/support/eventually'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }
const context = { attempt: 1, maxAttempts: 1, isLastAttempt: true }

/** The first lines of the demo file: a header the suggestions recognise, accents, quotes, a line break in a cell. */
function demoCsv(rows: string[]): string {
  return ['First Name,Last name,E-mail,Mobile,Tags,Belt,Photo consent', ...rows].join('\r\n') + '\r\n'
}

describe(`contacts import: upload, map, preview, run (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let beltId: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    // The Roles screen gives Contacts to front desk and not to staff.
    world = await createUsersWorld(platform, 'csvimport', { roles: { classes: granted, courses: granted, offers: granted, contacts: { staff: false, frontDesk: true } } })
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const belt = await trx.insertInto('custom_fields').values({ tenant_id: world.tenant.id, name: 'Belt', type: 'dropdown', options: JSON.stringify(['White', 'Blue', 'Black']) }).returning('id').executeTakeFirstOrThrow()
      beltId = belt.id
      await trx.insertInto('custom_fields').values({ tenant_id: world.tenant.id, name: 'Photo consent', type: 'checkbox', options: '[]' }).execute()
      await trx.insertInto('contacts').values({ tenant_id: world.tenant.id, first_name: 'Old', last_name: 'Name', email: 'existing@csvimport.test', phone: '555-000-0000' }).execute()
      await trx.insertInto('contacts').values({ tenant_id: world.other.id, first_name: 'Other', last_name: 'Tenant', email: 'ana@csvimport.test' }).execute()
    })
  })
  afterAll(() => platform.close())

  const url = (path: string) => `http://${world.host}${path}`
  const upload = (csv: string | Uint8Array, cookie = world.cookies.admin, name = 'people.csv') => {
    const form = new FormData()
    form.set('file', new File([typeof csv === 'string' ? csv : new Uint8Array(csv)], name, { type: 'text/csv' }))
    return callRoute(uploadAction, formPostRequest(url('/contacts/import'), form, cookie), world.context())
  }
  const page = async (guId: string, cookie = world.cookies.admin) => {
    const outcome = await callRoute(importLoader, getRequest(url(`/contacts/import/${guId}`), cookie), world.context(), { guId })
    return { status: outcome.status, page: outcome.body as ImportPage }
  }
  const post = (guId: string, fields: Record<string, string>, cookie = world.cookies.admin) =>
    callRoute(mappingAction, formPostRequest(url(`/contacts/import/${guId}`), fields, cookie), world.context(), { guId })
  const guIdOf = (location: string | null) => (location ?? '').split('/').pop() ?? ''
  const contactsOf = () =>
    withTenant(platform.database, world.tenant.id, (trx) =>
      trx.selectFrom('contacts').select(['id', 'first_name', 'last_name', 'email', 'phone']).orderBy('email').execute(),
    )
  const importOf = (guId: string) =>
    withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contact_imports').selectAll().where('guid', '=', guId).executeTakeFirstOrThrow())

  it('maps columns from the header, previews the first rows, imports as a job and keeps the refused rows downloadable', async () => {
    const csv = demoCsv([
      'Ana,Silva,ANA@csvimport.test,555-010-0001,"Yoga, Kids",Blue,yes',
      '"Bea ""Bee""",Costa,bea@csvimport.test,,Yoga;Adults,,no',
      'Carl,,carl@csvimport.test,,,,',
      'Dan,Duarte,not-an-email,,,Purple,',
      'Eve,"Line one\nline two",eve@csvimport.test,,,,',
      'Ragged,Row',
      'Ana,Again,ana@csvimport.test,555-010-0009,Pilates,,',
    ])
    const uploaded = await upload(`\uFEFF${csv}`)
    expect(uploaded.status).toBe(302)
    const guId = guIdOf(uploaded.location)
    const mapping = await page(guId)
    expect(mapping.status).toBe(200)
    if (mapping.page.step !== 'mapping') throw new Error('expected the mapping step')
    const step = mapping.page.mapping
    expect(step.delimiter).toBe(',')
    expect(step.totalRows).toBe(7)
    expect(step.header).toEqual(['First Name', 'Last name', 'E-mail', 'Mobile', 'Tags', 'Belt', 'Photo consent'])
    expect(step.mapping).toEqual({ '0': 'firstName', '1': 'lastName', '2': 'email', '3': 'phone', '4': 'tags', '5': expect.stringMatching(/^field:/), '6': expect.stringMatching(/^field:/) })
    expect(step.preview.rows.map((row) => [row.rowNumber, row.outcome])).toEqual([
      [1, 'create'], [2, 'create'], [3, 'error'], [4, 'error'], [5, 'create'], [6, 'error'], [7, 'skip'],
    ])
    expect(step.preview.rows[0]?.values).toEqual(['Ana', 'Silva', 'ana@csvimport.test', '555-010-0001', 'Yoga, Kids', 'Blue', 'Yes'])
    expect(step.preview.rows[2]?.note).toBe('Last Name is required!')
    expect(step.preview.rows[3]?.note).toContain('Email: Please enter a valid email address.')
    expect(step.preview.rows[3]?.note).toContain('Please choose one of the options for Belt.')
    expect(step.preview.rows[5]?.note).toBe('This row has 2 values where the header has 7 columns.')

    // A field chosen twice is named and nothing is saved; then a good mapping starts the job.
    const fields = Object.fromEntries(Object.entries(step.mapping).map(([column, key]) => [`column-${column}`, key]))
    const twice = await post(guId, { ...fields, 'column-1': 'firstName', delimiter: ',', onDuplicate: 'skip', intent: 'start' })
    expect(twice.status).toBe(400)
    expect(JSON.stringify(twice.body)).toContain('is chosen for another column too')
    expect((await importOf(guId)).status).toBe('mapping')
    const started = await post(guId, { ...fields, delimiter: ',', onDuplicate: 'skip', intent: 'start' })
    expect(started.status).toBe(302)
    await platform.jobs.drain()

    const done = await importOf(guId)
    expect(done).toMatchObject({ status: 'done', total_rows: 7, rows_done: 7, created_count: 3, updated_count: 0, skipped_count: 1, error_count: 3 })
    const emails = (await contactsOf()).map((contact) => contact.email)
    expect(emails).toEqual(expect.arrayContaining(['ana@csvimport.test', 'bea@csvimport.test', 'eve@csvimport.test']))
    expect(emails).not.toContain('carl@csvimport.test')
    const details = await withTenant(platform.database, world.tenant.id, async (trx) => ({
      bea: await trx.selectFrom('contacts').select(['first_name']).where('email', '=', 'bea@csvimport.test').executeTakeFirstOrThrow(),
      eve: await trx.selectFrom('contacts').select(['last_name']).where('email', '=', 'eve@csvimport.test').executeTakeFirstOrThrow(),
      tags: await trx.selectFrom('contact_tags').innerJoin('tags', 'tags.id', 'contact_tags.tag_id').innerJoin('contacts', 'contacts.id', 'contact_tags.contact_id').select(['contacts.email', 'tags.name']).orderBy('contacts.email').orderBy('tags.name').execute(),
      belt: await trx.selectFrom('contact_field_values').select(['value_text']).where('field_id', '=', beltId).execute(),
      consent: await trx.selectFrom('contact_field_values').select(['value_bool']).where('value_bool', 'is not', null).orderBy('value_bool').execute(),
    }))
    expect(details.bea.first_name).toBe('Bea "Bee"')
    expect(details.eve.last_name).toBe('Line one\nline two')
    expect(details.tags).toEqual([
      { email: 'ana@csvimport.test', name: 'Kids' },
      { email: 'ana@csvimport.test', name: 'Yoga' },
      { email: 'bea@csvimport.test', name: 'Adults' },
      { email: 'bea@csvimport.test', name: 'Yoga' },
    ])
    expect(details.belt).toEqual([{ value_text: 'Blue' }])
    expect(details.consent.map((row) => row.value_bool)).toEqual([true])

    const status = await page(guId)
    expect(status.page.step).toBe('status')
    if (status.page.step === 'status') expect(status.page.errors.map((error) => error.rowNumber)).toEqual([3, 4, 6])
    const errors = await callRoute(errorsLoader, getRequest(url(`/contacts/import/${guId}/errors.csv`), world.cookies.frontDesk), world.context(), { guId })
    expect(errors.status).toBe(200)
    expect(errors.headers.get('Content-Disposition')).toBe('attachment; filename="people-errors.csv"')
    const lines = String(errors.body).replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(lines[0]).toBe('"Row","Error","First Name","Last name","E-mail","Mobile","Tags","Belt","Photo consent"')
    expect(lines[1]).toBe('"3","Last Name is required!","Carl","","carl@csvimport.test","","","",""')
    expect(lines).toHaveLength(4)

    // The list of recent imports shows it.
    const list = await callRoute(importsLoader, getRequest(url('/contacts/import'), world.cookies.admin), world.context())
    expect((list.body as { imports: Array<{ guId: string; status: string }> }).imports[0]).toMatchObject({ guId, status: 'done' })
  })

  it('updates the contact with an existing email when asked to, keeping what blank cells leave out, and merges repeated emails of the file', async () => {
    const csv = 'Email;Given name;Surname;Phone;Company\nexisting@csvimport.test;New;;;Acme\nfresh@csvimport.test;Fay;Fresh;555-010-0020;\nFRESH@csvimport.test;;;555-010-0021;Later Co\n'
    const uploaded = await upload(csv)
    const guId = guIdOf(uploaded.location)
    const mapping = await page(guId)
    if (mapping.page.step !== 'mapping') throw new Error('expected the mapping step')
    expect(mapping.page.mapping.delimiter).toBe(';')
    expect(mapping.page.mapping.mapping).toEqual({ '0': 'email', '1': 'firstName', '2': 'lastName', '3': 'phone', '4': 'company' })
    const fields = { 'column-0': 'email', 'column-1': 'firstName', 'column-2': 'lastName', 'column-3': 'phone', 'column-4': 'company', delimiter: ';', onDuplicate: 'update' }
    // The preview follows the choice before anything is saved.
    const previewed = await post(guId, { ...fields, intent: 'preview' })
    expect(previewed.status).toBe(302)
    const again = await page(guId)
    if (again.page.step !== 'mapping') throw new Error('expected the mapping step')
    expect(again.page.mapping.preview.rows.map((row) => row.outcome)).toEqual(['update', 'create', 'update'])
    expect((await post(guId, { ...fields, intent: 'start' })).status).toBe(302)
    await platform.jobs.drain()
    expect(await importOf(guId)).toMatchObject({ status: 'done', created_count: 1, updated_count: 2, skipped_count: 0, error_count: 0 })
    const contacts = await withTenant(platform.database, world.tenant.id, (trx) =>
      trx.selectFrom('contacts').select(['first_name', 'last_name', 'email', 'phone', 'company']).where('email', 'in', ['existing@csvimport.test', 'fresh@csvimport.test']).orderBy('email').execute(),
    )
    expect(contacts).toEqual([
      { first_name: 'New', last_name: 'Name', email: 'existing@csvimport.test', phone: '555-000-0000', company: 'Acme' },
      { first_name: 'Fay', last_name: 'Fresh', email: 'fresh@csvimport.test', phone: '555-010-0021', company: 'Later Co' },
    ])
  })

  it('refuses a file it cannot read with a clear message and writes nothing', async () => {
    const before = await withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contact_imports').select('id').execute())
    const latin1 = new Uint8Array([...Buffer.from('First name,Last name\nJos'), 0xe9, ...Buffer.from(',Garcia\n')])
    const cases: Array<[string | Uint8Array, string]> = [
      [latin1, UPLOAD_MESSAGES.notUtf8],
      ['', UPLOAD_MESSAGES.noFile],
      ['First name,Last name,Email\n', UPLOAD_MESSAGES.noRows],
      [`${Array.from({ length: 201 }, (_, i) => `c${i}`).join(',')}\n${'x,'.repeat(200)}x\n`, UPLOAD_MESSAGES.tooManyColumns],
    ]
    for (const [body, message] of cases) {
      const outcome = await upload(body)
      expect(outcome.status).toBe(400)
      expect(outcome.body).toEqual({ error: message })
    }
    const none = new FormData()
    const missing = await callRoute(uploadAction, formPostRequest(url('/contacts/import'), none, world.cookies.admin), world.context())
    expect(missing.body).toEqual({ error: UPLOAD_MESSAGES.noFile })
    const after = await withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contact_imports').select('id').execute())
    expect(after).toHaveLength(before.length)
  })

  it('needs an email or names to go by', async () => {
    const guId = guIdOf((await upload('Phone,City\n555-010-0100,Lisbon\n')).location)
    const mapping = await page(guId)
    if (mapping.page.step !== 'mapping') throw new Error('expected the mapping step')
    expect(mapping.page.mapping.problems.form).toBe(MAPPING_MESSAGES.needsKey)
    const refused = await post(guId, { 'column-0': 'phone', 'column-1': 'city', delimiter: ',', onDuplicate: 'skip', intent: 'start' })
    expect(refused.status).toBe(400)
    expect((await importOf(guId)).status).toBe('mapping')
  })

  it('is 404 for another tenant, 403 without the Contacts permission', async () => {
    const guId = guIdOf((await upload(demoCsv(['Zed,Zulu,zed@csvimport.test,,,,']))).location)
    const other = await createUsersWorld(platform, 'csvimport-b')
    const on = { ...other.context() }
    const asOther = (fn: Parameters<typeof callRoute>[0], request: Request) => callRoute(fn, request, on, { guId })
    const otherUrl = (path: string) => `http://${other.host}${path}`
    expect((await asOther(importLoader, getRequest(otherUrl(`/contacts/import/${guId}`), other.cookies.admin))).status).toBe(404)
    expect((await asOther(mappingAction, formPostRequest(otherUrl(`/contacts/import/${guId}`), { intent: 'start' }, other.cookies.admin))).status).toBe(404)
    expect((await asOther(errorsLoader, getRequest(otherUrl(`/contacts/import/${guId}/errors.csv`), other.cookies.admin))).status).toBe(404)
    expect((await page('not-a-guid')).status).toBe(404)
    expect((await page(guId, world.cookies.staff)).status).toBe(403)
    expect((await upload(demoCsv(['A,B,a@b.test,,,,']), world.cookies.staff)).status).toBe(403)
    expect((await callRoute(importsLoader, getRequest(url('/contacts/import'), world.cookies.staff), world.context())).status).toBe(403)
    expect((await importOf(guId)).status).toBe('mapping')
  })

  it('resumes after a batch failed midway, without anyone twice, and goes on in bounded runs', async () => {
    const rows = Array.from({ length: 23 }, (_, n) => `Person,Number${n + 1},person${n + 1}@crash.test,,,,`)
    const guId = guIdOf((await upload(demoCsv(rows))).location)
    const importRow = await importOf(guId)
    // The third batch of five fails once, as a worker killed mid-batch would: nothing of it is committed.
    await failOnceOn(platform, 'person13@crash.test')
    await withTenant(platform.database, world.tenant.id, (trx) =>
      trx.updateTable('contact_imports').set({ status: 'queued', mapping: JSON.stringify({ '0': 'firstName', '1': 'lastName', '2': 'email' }) }).where('id', '=', importRow.id).execute(),
    )
    const payload = { tenantId: world.tenant.id, importId: importRow.id }
    await expect(runContactImport(platform, payload, { attempt: 1, maxAttempts: 5, isLastAttempt: false }, { batchSize: 5 })).rejects.toThrow(/simulated crash/)
    expect(await importOf(guId)).toMatchObject({ status: 'running', rows_done: 10, created_count: 10 })
    // The next run stops after one batch (a run budget of nothing) and queues the rest.
    await runContactImport(platform, payload, context, { batchSize: 5, runBudgetMs: 0 })
    // (Its continuation may already be at work: in-process jobs start at once.)
    expect((await importOf(guId)).rows_done).toBeGreaterThanOrEqual(15)
    await platform.jobs.drain()
    expect(await importOf(guId)).toMatchObject({ status: 'done', rows_done: 23, created_count: 23, error_count: 0 })
    const emails = (await contactsOf()).map((contact) => contact.email).filter((email) => email?.endsWith('@crash.test'))
    expect(emails).toHaveLength(23)
    expect(new Set(emails).size).toBe(23)
    // Another run of a finished import changes nothing.
    await runContactImport(platform, payload, context)
    expect((await importOf(guId)).created_count).toBe(23)
  })

  it('queues again, when the server starts, an import an in-process server was running when it stopped', async () => {
    const rows = Array.from({ length: 12 }, (_, n) => `Re,Start${n + 1},restart${n + 1}@restart.test,,,,`)
    const guId = guIdOf((await upload(demoCsv(rows))).location)
    const importRow = await importOf(guId)
    await withTenant(platform.database, world.tenant.id, (trx) =>
      trx.updateTable('contact_imports').set({ status: 'queued', mapping: JSON.stringify({ '0': 'firstName', '1': 'lastName', '2': 'email' }) }).where('id', '=', importRow.id).execute(),
    )
    // The server stopped after one batch of five was committed: the row says running, no job is queued.
    const payload = { tenantId: world.tenant.id, importId: importRow.id }
    await runContactImport(platform, payload, context, { batchSize: 5, runBudgetMs: 0 })
    await platform.jobs.drain()
    await withTenant(platform.database, world.tenant.id, (trx) =>
      trx.updateTable('contact_imports').set({ status: 'running', rows_done: 5, created_count: 5 }).where('id', '=', importRow.id).execute(),
    )
    await withTenant(platform.database, world.tenant.id, (trx) =>
      trx.deleteFrom('contacts').where('email', 'like', '%@restart.test').where('email', 'not in', ['restart1@restart.test', 'restart2@restart.test', 'restart3@restart.test', 'restart4@restart.test', 'restart5@restart.test']).execute(),
    )
    expect(await resumeUnfinishedImports(platform)).toBe(1)
    await platform.jobs.drain()
    expect(await importOf(guId)).toMatchObject({ status: 'done', rows_done: 12, created_count: 12 })
    const emails = (await contactsOf()).map((contact) => contact.email).filter((email) => email?.endsWith('@restart.test'))
    expect(new Set(emails).size).toBe(12)
    expect(emails).toHaveLength(12)
    expect(await resumeUnfinishedImports(platform)).toBe(0)
  })
})

/**
 * Makes the insert of a contact with this email fail the first time only: a sequence is not
 * rolled back with the transaction, so the second attempt sees it moved on.
 */
async function failOnceOn(platform: TestPlatform, email: string): Promise<void> {
  const name = `crash_${randomBytes(4).toString('hex')}`
  await sql`create sequence ${sql.id(name)}`.execute(platform.database.db)
  await sql`grant usage, select, update on sequence ${sql.id(name)} to app_tenant`.execute(platform.database.db)
  await sql.raw(`create function ${name}() returns trigger language plpgsql as $$
    begin
      if new.email = '${email}' and nextval('${name}') = 1 then raise exception 'simulated crash'; end if;
      return new;
    end $$`).execute(platform.database.db)
  await sql.raw(`create trigger ${name} before insert on contacts for each row execute function ${name}()`).execute(platform.database.db)
}

describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)(`contacts import on BullMQ: a worker killed mid-import (${engine}) — skipped: needs REDIS_URL and DATABASE_URL`, () => {
  const redisUrl = process.env.REDIS_URL ?? ''
  let platform: TestPlatform
  let world: UsersWorld
  let queue: BullJobQueue
  let workers: RunningWorkers | null = null
  const prefix = `test-${randomBytes(6).toString('hex')}`

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'bullimport')
    queue = new BullJobQueue({ redisUrl, prefix })
    ;(platform as { jobs: unknown }).jobs = queue
  })
  afterAll(async () => {
    await workers?.close()
    await queue?.queueFor(contactImportJob.queue).obliterate({ force: true })
    await queue?.close()
    await platform?.close()
  })

  it('runs again from the rows committed before the worker died: nobody twice, counts right', async () => {
    const csv = ['Email,First name,Last name', ...Array.from({ length: 40 }, (_, n) => `p${n + 1}@bull.test,Pat,Number${n + 1}`), 'p3@bull.test,Pat,Again', 'broken'].join('\n')
    const form = new FormData()
    form.set('file', new File([csv], 'bull.csv', { type: 'text/csv' }))
    const uploaded = await callRoute(uploadAction, formPostRequest(`http://${world.host}/contacts/import`, form, world.cookies.admin), world.context())
    const guId = (uploaded.location ?? '').split('/').pop() ?? ''
    const fields = { 'column-0': 'email', 'column-1': 'firstName', 'column-2': 'lastName', delimiter: ',', onDuplicate: 'skip', intent: 'start' }
    expect((await callRoute(mappingAction, formPostRequest(`http://${world.host}/contacts/import/${guId}`, fields, world.cookies.admin), world.context(), { guId })).status).toBe(302)
    const importRow = await withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contact_imports').selectAll().where('guid', '=', guId).executeTakeFirstOrThrow())

    // A worker takes the job, writes two batches and dies in the third: its lock is never renewed.
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
    const doomed = new Worker(contactImportJob.queue, null, { connection: connection as ConnectionOptions, prefix, lockDuration: 1000, autorun: false })
    const taken = await doomed.getNextJob('doomed-worker-token')
    expect(taken?.name).toBe(contactImportJob.name)
    await failOnceOn(platform, 'p25@bull.test')
    await expect(runContactImport(platform, { tenantId: world.tenant.id, importId: importRow.id }, { attempt: 1, maxAttempts: 5, isLastAttempt: false }, { batchSize: 10 })).rejects.toThrow(/simulated crash/)
    connection.disconnect()
    const midway = await withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contact_imports').selectAll().where('id', '=', importRow.id).executeTakeFirstOrThrow())
    expect(midway).toMatchObject({ status: 'running', rows_done: 20, created_count: 20 })

    // BullMQ's stalled-job check puts it back (a checker that looks every half second), and a live worker finishes it.
    const checkerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null })
    const checker = new Worker(contactImportJob.queue, null, { connection: checkerConnection as ConnectionOptions, prefix, stalledInterval: 500, autorun: false })
    await checker.startStalledCheckTimer()
    await eventually(async () => (await queue.queueFor(contactImportJob.queue).getJobState(String(taken?.id))) === 'waiting', 15_000)
    await checker.close()
    await doomed.close(true).catch(() => undefined)
    checkerConnection.disconnect()
    workers = startBullWorkers(platform, pino({ level: 'silent' }), { redisUrl, prefix })
    const done = await eventually(async () => {
      const row = await withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contact_imports').selectAll().where('id', '=', importRow.id).executeTakeFirstOrThrow())
      return row.status === 'done' ? row : null
    })
    expect(done).toMatchObject({ rows_done: 42, created_count: 40, skipped_count: 1, error_count: 1, updated_count: 0 })
    const emails = await withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contacts').select('email').where('email', 'like', '%@bull.test').execute())
    expect(emails).toHaveLength(40)
    expect(new Set(emails.map((row) => row.email)).size).toBe(40)
  }, 60_000)
})
