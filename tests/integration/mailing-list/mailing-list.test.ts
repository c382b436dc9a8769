import { action, loader } from '#app/routes/_admin+/settings+/integrations.mailchimp'
import { loader as hubLoader } from '#app/routes/_admin+/settings+/integrations._index'
import { action as bulkAction } from '#app/routes/_admin+/contacts+/bulk'
import { action as importAction } from '#app/routes/_admin+/contacts+/import._index'
import { asSystem, withTenant } from '#db/tenant-scope'
import { runContactImport } from '#server/contacts/import/run-contact-import'
import { createContact } from '#server/contacts/create-contact'
import { contactFormOptionsFor, contactFormSchema } from '#server/contacts/contact-form-schema'
import type { HubCard } from '#server/integrations/integration-hub'
import { MAILING_LIST_MESSAGES } from '#server/mailing-list/mailing-list-form'
import type { ListInfo, MailingListPage } from '#server/mailing-list/mailing-list-page'
import { pushContactToMailingList } from '#server/mailing-list/push-contact'
import { runMailingListResync } from '#server/mailing-list/run-resync'
import { PROVIDER_REFUSALS } from '#server/mailing-list/save-mailing-list'
import { resumeUnfinishedResyncs, startResync } from '#server/mailing-list/start-resync'
import { startFakeMailchimp, type FakeMailchimp } from '#tests/fakes/mailchimp'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { createContact as createFixtureContact } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { callRoute, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { addMailingContacts, mailingListRow, subscribedEmails } from './mailing-list-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const context = { attempt: 1, maxAttempts: 1, isLastAttempt: true }
const noWait = async () => {}

describe(`the mailing list page and its jobs (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let fake: FakeMailchimp
  /** Every body the routes answered: the API key must never be in one. */
  const bodies: string[] = []

  beforeAll(async () => {
    fake = await startFakeMailchimp()
    platform = await createTestPlatform({ MAILCHIMP_API_URL: fake.url })
    world = await createUsersWorld(platform, 'mailinglist')
  })
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
  })

  const PATH = '/settings/integrations/mailchimp'
  const url = (path: string) => `http://${world.host}${path}`
  const keep = (outcome: RouteOutcome) => {
    bodies.push(typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body ?? null))
    return outcome
  }
  const page = async (query = '', cookie = world.cookies.admin) => {
    const outcome = keep(await callRoute(loader, getRequest(url(`${PATH}${query}`), cookie), world.context()))
    return { status: outcome.status, body: outcome.body as { page: MailingListPage; info: ListInfo | null; confirm: string | null } }
  }
  const post = async (fields: Record<string, string>, cookie = world.cookies.admin) => keep(await callRoute(action, formPostRequest(url(PATH), fields, cookie), world.context()))
  const form = (changes: Record<string, string> = {}) => ({ intent: 'save', name: 'Mailchimp-123', listId: 'aud123', apiKey: fake.apiKey, fromName: 'Studio', fromEmail: 'hello@studio.test', ...changes })
  const row = () => mailingListRow(platform, world.tenant)

  it('opens in create mode with a generated name, and each missing field gets its message while nothing is written', async () => {
    const opened = await page()
    expect(opened.status).toBe(200)
    expect(opened.body.page.isCreate).toBe(true)
    expect(opened.body.page.values.name).toMatch(/^Mailchimp-\d{3}$/)
    expect(opened.body.page.statusWord).toBeNull()
    const cases: Array<[string, string]> = [
      ['name', 'Audience Name required'],
      ['listId', 'Audience ID is required'],
      ['apiKey', 'API Key required'],
      ['fromName', 'From Name is required'],
      ['fromEmail', 'From Email is required'],
    ]
    for (const [field, message] of cases) {
      const refused = await post(form({ [field]: '' }))
      expect(refused.status).toBe(400)
      expect((refused.body as { errors: Record<string, string> }).errors).toEqual({ [field]: message })
    }
    const badEmail = await post(form({ fromEmail: 'nope' }))
    expect((badEmail.body as { errors: Record<string, string> }).errors).toEqual({ fromEmail: 'From Email is not a valid email address' })
    expect(await row()).toBeUndefined()
    expect(fake.calls.ping).toBe(0)
  })

  it('says clearly when the provider refuses the key or has no such audience, and writes nothing', async () => {
    const wrongKey = await post(form({ apiKey: 'wrongkey-us1' }))
    expect(wrongKey.status).toBe(400)
    expect((wrongKey.body as { formError: string }).formError).toBe(PROVIDER_REFUSALS.keyRefused('Your API key may be invalid, or you have attempted to access the wrong datacenter.'))
    const noList = await post(form({ listId: 'missing' }))
    expect(noList.status).toBe(400)
    expect((noList.body as { errors: Record<string, string> }).errors.listId).toContain('Mailchimp has no audience with this Audience ID')
    expect(await row()).toBeUndefined()
  })

  it('is 403 for staff who are not admins, and writes nothing', async () => {
    expect((await page('', world.cookies.staff)).status).toBe(403)
    expect((await post(form(), world.cookies.staff)).status).toBe(403)
    expect((await post({ intent: 'resync' }, world.cookies.frontDesk)).status).toBe(403)
    expect(await row()).toBeUndefined()
  })

  it("adds the list with the key sealed, shows it masked, and puts the check on the hub's card", async () => {
    const added = await post(form())
    expect(added.status).toBe(302)
    expect(toastOf(added)?.message).toBe('Mailchimp added successfully')
    const stored = await row()
    expect(stored).toMatchObject({ name: 'Mailchimp-123', list_id: 'aud123', from_name: 'Studio', from_email: 'hello@studio.test', status: 'not_started', api_key_last4: fake.apiKey.slice(-4) })
    expect(stored?.api_key_sealed).not.toContain(fake.apiKey)
    const opened = await page()
    expect(opened.body.page).toMatchObject({ isCreate: false, statusWord: 'Not Started', maskedKey: `••••••••${fake.apiKey.slice(-4)}` })
    const hub = await callRoute(hubLoader, getRequest(url('/settings/integrations'), world.cookies.admin), world.context())
    const card = (hub.body as { cards: HubCard[] }).cards.find((each) => each.key === 'mailchimp')
    expect(card).toMatchObject({ href: PATH, isIntegrated: true })
    // Another studio's admin sees its own page, in create mode, and the first studio's session opens nothing there.
    const otherAdmin = await createFixtureContact(platform, world.other, { role: 'ROLE_ADMIN', email: 'admin@mailinglist-other.test' })
    const otherCookie = await createSessionCookie(platform, world.other, otherAdmin)
    const otherUrl = `http://mailinglist-other.localhost${PATH}`
    const otherPage = keep(await callRoute(loader, getRequest(otherUrl, otherCookie), contextFor(platform, world.other)))
    expect((otherPage.body as { page: MailingListPage }).page.isCreate).toBe(true)
    const crossed = await callRoute(loader, getRequest(otherUrl, world.cookies.admin), contextFor(platform, world.other))
    expect(crossed.status).not.toBe(200)
  })

  it('updates with the key kept when left blank', async () => {
    const updated = await post(form({ apiKey: '', fromName: 'Studio Two' }))
    expect(toastOf(updated)?.message).toBe('Mailchimp updated successfully')
    expect(await row()).toMatchObject({ from_name: 'Studio Two', api_key_last4: fake.apiKey.slice(-4) })
  })

  it("shows List Info from the provider's stats", async () => {
    const info = await page('?info')
    expect(info.body.info).toEqual({ readable: true, name: 'Mailchimp-123', unsubscribeCount: 3, campaignCount: 7, clickRate: 2.5, openRate: 41.25, syncCount: 0, listId: 'aud123', maskedKey: `••••••••${fake.apiKey.slice(-4)}` })
  })

  it('resyncs every subscribed, unarchived contact once, counting the members the provider refuses', async () => {
    await addMailingContacts(platform, world.tenant, { count: 57, domain: 'resync.test', unsubscribedEvery: 5, archivedEvery: 7 })
    fake.reset()
    fake.refuseEmails(['p1@resync.test'])
    expect((await page('?confirm=resync')).body.confirm).toBe('resync')
    const started = await post({ intent: 'resync' })
    expect(toastOf(started)?.message).toBe(MAILING_LIST_MESSAGES.resyncStarted)
    await platform.jobs.drain()
    const expected = await subscribedEmails(platform, world.tenant)
    expect(expected.length).toBe(39)
    expect(fake.membersReceived()).toBe(expected.length)
    for (const email of expected) expect(fake.received.get(email)).toBe(1)
    expect(fake.received.has('p5@resync.test')).toBe(false)
    expect(fake.received.has('p7@resync.test')).toBe(false)
    const done = await row()
    expect(done).toMatchObject({ status: 'complete', sync_done: expected.length, sync_total: expected.length, member_errors: 1 })
    expect(done?.last_member_error).toContain('p1@resync.test')
    const shown = await page()
    expect(shown.body.page.statusWord).toBe('Complete')
    expect(shown.body.page.progress).toMatchObject({ done: expected.length, total: expected.length, memberErrors: 1 })
  })

  it("asks before a new audience or key resets a complete sync, and resets it once confirmed", async () => {
    fake.lists.set('aud999', { id: 'aud999', name: 'Second', stats: { unsubscribe_count: 0, campaign_count: 0, click_rate: 0, open_rate: 0 }, members: new Map() })
    const asked = await post(form({ listId: 'aud999' }))
    expect(asked.status).toBe(200)
    const question = asked.body as { kind: string; values: Record<string, string>; pendingKey: string }
    expect(question.kind).toBe('confirm')
    expect(question.pendingKey).not.toContain(fake.apiKey)
    expect((await row())?.list_id).toBe('aud123')
    const confirmed = await post({ intent: 'save', ...question.values, apiKey: '', pendingKey: question.pendingKey, confirmReset: 'yes' })
    expect(toastOf(confirmed)?.message).toBe('Mailchimp updated successfully')
    expect(await row()).toMatchObject({ list_id: 'aud999', status: 'not_started', sync_done: 0, sync_cursor: null })
    // Back to the first audience for what follows; a list not yet synced does not ask.
    expect(toastOf(await post(form({ listId: 'aud123' })))?.message).toBe('Mailchimp updated successfully')
  })

  it("runs one resync at a time: a second start says 'resync is already in progress' and starts nothing", async () => {
    // The provider answers slowly, so the first run is still going when the others ask.
    fake.delayBatches(400)
    const first = await startResync(platform, world.tenant.id, new Date())
    expect(first.ok).toBe(true)
    const before = await row()
    const second = await post({ intent: 'resync' })
    expect(second.status).toBe(409)
    expect((second.body as { message: string }).message).toBe('resync is already in progress')
    expect((await row())?.run_id).toBe(before?.run_id)
    const raced = await Promise.all([startResync(platform, world.tenant.id, new Date()), startResync(platform, world.tenant.id, new Date())])
    expect(raced.filter((outcome) => outcome.ok)).toHaveLength(0)
    await platform.jobs.drain()
    expect((await row())?.status).toBe('complete')
    fake.delayBatches(0)
  })

  it('waits out 429s as Retry-After asks, and fails the run with a readable reason once the tries are spent', async () => {
    fake.reset()
    fake.rateLimitNext(2, 1)
    const started = await startResync(platform, world.tenant.id, new Date())
    if (!started.ok) throw new Error('expected a start')
    await platform.jobs.drain()
    expect(fake.calls.refused429).toBe(2)
    expect(await row()).toMatchObject({ status: 'complete', failure: null })
    const expected = await subscribedEmails(platform, world.tenant)
    for (const email of expected) expect(fake.received.get(email)).toBe(1)

    fake.reset()
    fake.failNext(50, 503)
    // Started by hand so that the run waits no real time between tries.
    const failing = await withTenant(platform.database, world.tenant.id, async (trx) => {
      const runId = crypto.randomUUID()
      await trx.updateTable('mailing_lists').set({ status: 'in_progress', run_id: runId, sync_done: 0, sync_cursor: null }).execute()
      return runId
    })
    await runMailingListResync(platform, { tenantId: world.tenant.id, runId: failing }, context, { sleep: noWait })
    const failed = await row()
    expect(failed?.status).toBe('failed')
    expect(failed?.failure).toBe('Mailchimp answered 503 after 6 tries: An unexpected internal error has occurred.')
    expect((await page()).body.page.statusWord).toBe('Failed')
    fake.reset()
  })

  it('resumes after the last committed batch when a run dies midway: each contact sent once in the run', async () => {
    fake.reset()
    const runId = await withTenant(platform.database, world.tenant.id, async (trx) => {
      const id = crypto.randomUUID()
      await trx.updateTable('mailing_lists').set({ status: 'in_progress', run_id: id, sync_done: 0, sync_cursor: null, member_errors: 0 }).execute()
      return id
    })
    let batches = 0
    const dying = runMailingListResync(platform, { tenantId: world.tenant.id, runId }, { attempt: 1, maxAttempts: 5, isLastAttempt: false }, {
      batchSize: 10,
      afterBatch: () => {
        batches++
        if (batches === 2) throw new Error('worker killed')
      },
    })
    await expect(dying).rejects.toThrow('worker killed')
    expect(await row()).toMatchObject({ status: 'in_progress', sync_done: 20 })
    // A duplicate delivery of a finished run's job, and the resumed one.
    await runMailingListResync(platform, { tenantId: world.tenant.id, runId }, context, { batchSize: 10 })
    await runMailingListResync(platform, { tenantId: world.tenant.id, runId }, context, { batchSize: 10 })
    const expected = await subscribedEmails(platform, world.tenant)
    expect(fake.membersReceived()).toBe(expected.length)
    for (const email of expected) expect(fake.received.get(email)).toBe(1)
    expect(await row()).toMatchObject({ status: 'complete', sync_done: expected.length })
  })

  it('pushes a contact added or changed later, and an unsubscribe, after the write commits', async () => {
    fake.reset()
    const schema = contactFormSchema(contactFormOptionsFor(world.tenant.settings))
    const input = schema.parse({ firstName: 'Nia', lastName: 'New', email: 'nia@later.test', subscribeToMailingList: true })
    const created = await createContact({ platform, tenant: world.tenant, actorContactId: world.admin.id, input, ip: null })
    expect(created.ok).toBe(true)
    await platform.jobs.drain()
    expect(fake.received.get('nia@later.test')).toBe(1)
    expect(fake.lists.get('aud123')?.members.get('nia@later.test')).toMatchObject({ status: 'subscribed', FNAME: 'Nia' })
    const notAgreed = schema.parse({ firstName: 'Quinn', lastName: 'Quiet', email: 'quinn@later.test' })
    await createContact({ platform, tenant: world.tenant, actorContactId: world.admin.id, input: notAgreed, ip: null })
    await platform.jobs.drain()
    expect(fake.received.has('quinn@later.test')).toBe(false)
    // Unsubscribed in the product: the push job sends 'unsubscribed'.
    const nia = await withTenant(platform.database, world.tenant.id, async (trx) => {
      await trx.updateTable('contacts').set({ subscribe_to_mailing_list: false }).where('email', '=', 'nia@later.test').execute()
      return trx.selectFrom('contacts').select('id').where('email', '=', 'nia@later.test').executeTakeFirstOrThrow()
    })
    await pushContactToMailingList(platform, { tenantId: world.tenant.id, contactId: nia.id }, context, { sleep: noWait })
    expect(fake.lists.get('aud123')?.members.get('nia@later.test')?.status).toBe('unsubscribed')
  })

  it('a bulk delete that archives subscribers unsubscribes them at the provider, in one batch', async () => {
    fake.reset()
    const [kept, other] = await asSystem(platform.database, 'test fixture: archived subscribers', async (trx) => {
      const rows = await trx
        .insertInto('contacts')
        .values([
          { tenant_id: world.tenant.id, first_name: 'Ari', last_name: 'Archived', email: 'ari@archive.test', subscribe_to_mailing_list: true },
          { tenant_id: world.tenant.id, first_name: 'Bo', last_name: 'Archived', email: 'bo@archive.test', subscribe_to_mailing_list: true },
        ])
        .returning(['id', 'guid'])
        .execute()
      const form = await trx.insertInto('custom_forms').values({ tenant_id: world.tenant.id, name: 'Waiver kept', form_type: 'WAIVER' }).returning('id').executeTakeFirstOrThrow()
      for (const [n, row] of rows.entries()) {
        await trx
          .insertInto('form_submissions')
          .values({ tenant_id: world.tenant.id, form_id: form.id, form_version: 1, form_name: 'Waiver kept', contact_id: row.id, data: JSON.stringify({}), integrity_hash: 'x', download_token_hash: `archive-token-${n}` })
          .execute()
      }
      return rows
    })
    const fields = new URLSearchParams([['intent', 'delete'], ['id', kept?.guid ?? ''], ['id', other?.guid ?? '']])
    expect((await callRoute(bulkAction, formPostRequest(url('/contacts/bulk'), fields, world.cookies.admin), world.context())).status).toBe(302)
    await platform.jobs.drain()
    for (const email of ['ari@archive.test', 'bo@archive.test']) expect(fake.lists.get('aud123')?.members.get(email)?.status).toBe('unsubscribed')
    expect(fake.calls.batch).toBe(1)
  })

  it('an import that changes subscribers sends them after each committed batch; new people it adds have not agreed and are not sent', async () => {
    fake.reset()
    await asSystem(platform.database, 'test fixture: subscribers to update', (trx) =>
      trx
        .insertInto('contacts')
        .values([1, 2, 3].map((n) => ({ tenant_id: world.tenant.id, first_name: 'Old', last_name: `Name${n}`, email: `imp${n}@import.test`, subscribe_to_mailing_list: true })))
        .execute(),
    )
    const rows = ['Imp,One,imp1@import.test', 'Imp,Two,imp2@import.test', 'Imp,Three,imp3@import.test', 'New,Person,new@import.test']
    const upload = new FormData()
    upload.set('file', new File([['First Name,Last name,E-mail', ...rows].join('\r\n') + '\r\n'], 'people.csv', { type: 'text/csv' }))
    const uploaded = await callRoute(importAction, formPostRequest(url('/contacts/import'), upload, world.cookies.admin), world.context())
    const guid = (uploaded.location ?? '').split('/').pop() ?? ''
    const importRow = await withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contact_imports').select('id').where('guid', '=', guid).executeTakeFirstOrThrow())
    await withTenant(platform.database, world.tenant.id, (trx) =>
      trx.updateTable('contact_imports').set({ status: 'queued', on_duplicate: 'update', mapping: JSON.stringify({ '0': 'firstName', '1': 'lastName', '2': 'email' }) }).where('id', '=', importRow.id).execute(),
    )
    await runContactImport(platform, { tenantId: world.tenant.id, importId: importRow.id }, context, { batchSize: 2 })
    await platform.jobs.drain()
    for (const n of [1, 2, 3]) expect(fake.lists.get('aud123')?.members.get(`imp${n}@import.test`)).toMatchObject({ status: 'subscribed', FNAME: 'Imp' })
    expect(fake.received.has('new@import.test')).toBe(false)
    expect(fake.calls.batch).toBe(2)
  })

  it('queues again, when an in-process server starts, a resync it was running when it stopped', async () => {
    fake.reset()
    await withTenant(platform.database, world.tenant.id, (trx) =>
      trx.updateTable('mailing_lists').set({ status: 'in_progress', run_id: crypto.randomUUID(), sync_done: 0, sync_cursor: null }).execute(),
    )
    expect(await resumeUnfinishedResyncs(platform)).toBe(1)
    await platform.jobs.drain()
    expect((await row())?.status).toBe('complete')
    expect(fake.membersReceived()).toBe((await subscribedEmails(platform, world.tenant)).length)
    expect(await resumeUnfinishedResyncs(platform)).toBe(0)
  })

  it('disconnects after its confirmation', async () => {
    expect((await page('?confirm=delete')).body.confirm).toBe('delete')
    const removed = await post({ intent: 'delete' })
    expect(removed.location).toBe('/settings/integrations')
    expect(await row()).toBeUndefined()
    expect((await post({ intent: 'delete' })).status).toBe(404)
    expect((await post({ intent: 'resync' })).status).toBe(404)
  })

  it('never answered the API key in any body', () => {
    expect(bodies.length).toBeGreaterThan(20)
    for (const body of bodies) expect(body).not.toContain(fake.apiKey)
  })
})
