import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { SmsDeliveryLine } from '#app/components/sms/sms-delivery-line'
import { action, loader } from '#app/routes/_admin+/contacts+/$guId.sms'
import { asSystem } from '#db/tenant-scope'
import { translatorFor } from '#server/i18n/server-translator'
import { CONTACT_SMS_MESSAGES, type ContactSmsPage } from '#server/sms/contact-sms'
import { recordTwilioDeliveryReport, TWILIO_STATUS_PATH } from '#server/sms/twilio-delivery-report'
import { startFakePlivo, type FakePlivo } from '#tests/fakes/plivo-fake'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio'
import { createContact } from '#tests/support/fixtures'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { setUpPlivo, setUpTwilio, smsRows } from './sms-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
// The Roles screen gives Contacts to front desk and not to staff.
const roles = { roles: { contacts: { staff: false, frontDesk: true } } }

describe(`Send SMS from a contact's profile (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let fake: FakeTwilio
  let plivo: FakePlivo
  let withPhone: { guid: string; id: string }
  let noPhone: { guid: string }
  let badPhone: { guid: string }
  let localPhone: { guid: string }

  beforeAll(async () => {
    fake = await startFakeTwilio()
    plivo = await startFakePlivo()
    platform = await createTestPlatform({ TWILIO_API_URL: fake.url, PLIVO_API_URL: plivo.url })
    world = await createUsersWorld(platform, 'contactsms', roles)
    const a = await createContact(platform, world.tenant, { firstName: 'Pia', lastName: 'Phone' })
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('contacts').set({ phone: '+1 555 010 7777' }).where('id', '=', a.id).execute())
    withPhone = { guid: a.guid, id: a.id }
    noPhone = { guid: (await createContact(platform, world.tenant, { firstName: 'Nora', lastName: 'Nophone' })).guid }
    const c = await createContact(platform, world.tenant, { firstName: 'Wes', lastName: 'Wordy' })
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('contacts').set({ phone: 'ask at desk' }).where('id', '=', c.id).execute())
    badPhone = { guid: c.guid }
    const d = await createContact(platform, world.tenant, { firstName: 'Lou', lastName: 'Local' })
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('contacts').set({ phone: '555-010-0201' }).where('id', '=', d.id).execute())
    localPhone = { guid: d.guid }
  })
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
    await plivo?.close()
  })

  const url = (guid: string) => `http://${world.host}/contacts/${guid}/sms`
  const page = async (guid: string, cookie = world.cookies.admin) => {
    const outcome = await callRoute(loader, getRequest(url(guid), cookie), world.context(), { guId: guid })
    return { status: outcome.status, body: outcome.body as ContactSmsPage }
  }
  const post = (guid: string, fields: Record<string, string>, cookie = world.cookies.admin) => callRoute(action, formPostRequest(url(guid), fields, cookie), world.context(), { guId: guid })
  const rows = () => smsRows(platform, world.tenant)

  it('is refused with the reason while SMS is not set up, and writes nothing', async () => {
    const opened = await page(withPhone.guid)
    expect(opened.status).toBe(200)
    expect(opened.body).toMatchObject({ phone: '+1 555 010 7777', blockedBy: CONTACT_SMS_MESSAGES.notSetUp })
    const refused = await post(withPhone.guid, { body: 'Class moved to 6pm' })
    expect(refused.status).toBe(409)
    expect((refused.body as { message: string }).message).toBe(CONTACT_SMS_MESSAGES.notSetUp)
    // A Plivo number still waiting for approval sends nothing yet, and says why.
    await setUpPlivo(platform, world.tenant, plivo, { pageSize: 250, pageWaitMinutes: 3, approved: false })
    expect((await page(withPhone.guid)).body.blockedBy).toBe(CONTACT_SMS_MESSAGES.plivoWaiting)
    const waiting = await post(withPhone.guid, { body: 'Class moved to 6pm' })
    expect(waiting.status).toBe(409)
    expect((waiting.body as { message: string }).message).toBe(CONTACT_SMS_MESSAGES.plivoWaiting)
    expect(await rows()).toEqual([])
  })

  it('is refused for a contact without a phone, and checks the message', async () => {
    await setUpTwilio(platform, world.tenant, fake, { pageSize: 250, pageWaitMinutes: 3 })
    expect((await page(noPhone.guid)).body.blockedBy).toBe(CONTACT_SMS_MESSAGES.noPhone)
    expect((await page(badPhone.guid)).body.blockedBy).toBe(CONTACT_SMS_MESSAGES.badPhone('ask at desk'))
    expect((await post(badPhone.guid, { body: 'Hello' })).status).toBe(409)
    const refused = await post(noPhone.guid, { body: 'Hello' })
    expect(refused.status).toBe(409)
    const empty = await post(withPhone.guid, { body: '   ' })
    expect(empty.status).toBe(400)
    expect((empty.body as { result: { error: Record<string, string[]> } }).result.error.body).toEqual([CONTACT_SMS_MESSAGES.bodyRequired])
    const long = await post(withPhone.guid, { body: 'x'.repeat(1601) })
    expect((long.body as { result: { error: Record<string, string[]> } }).result.error.body).toEqual([CONTACT_SMS_MESSAGES.bodyTooLong])
    expect(await rows()).toEqual([])
  })

  it("queues the message to the contact's phone, says so, and the job sends it once", async () => {
    const sent = await post(withPhone.guid, { body: 'Class moved to 6pm' })
    expect(sent.status).toBe(302)
    expect(toastOf(sent)?.message).toBe(CONTACT_SMS_MESSAGES.queued('+15550107777'))
    await platform.jobs.drain()
    expect(fake.messages.map((m) => [m.to, m.body])).toEqual([['+15550107777', 'Class moved to 6pm']])
    const [row] = await rows()
    expect(row).toMatchObject({ contact_id: withPhone.id, status: 'sent', kind: 'message', created_by: world.admin.id })
    // A number without its country is read in the studio's (the United States here).
    expect((await page(localPhone.guid)).body.smsNumber).toBe('+15550100201')
    const opened = await page(withPhone.guid)
    expect(opened.body.recent.map((m) => [m.body, m.status])).toEqual([['Class moved to 6pm', 'sent']])
  })

  it("shows each sent message's delivery in words: Sent until a report comes, then Delivered with when or Not delivered with the carrier's error", async () => {
    expect((await page(withPhone.guid)).body.recent[0]?.delivery).toEqual({ kind: 'awaiting' })
    await post(withPhone.guid, { body: 'Bring a mat' })
    await platform.jobs.drain()
    const [first, second] = await rows()
    const statusUrl = new URL(`http://${world.host}${TWILIO_STATUS_PATH}`)
    const report = async (fields: { MessageSid: string; MessageStatus: string; ErrorCode?: string }) => {
      const signed = fake.statusCallback(statusUrl.toString(), fields)
      const body = Object.fromEntries(new URLSearchParams(signed.body))
      return recordTwilioDeliveryReport(platform, world.tenant, { requestUrl: statusUrl, signature: signed.headers['x-twilio-signature'], body, now: new Date() })
    }
    expect(await report({ MessageSid: first!.provider_message_id!, MessageStatus: 'delivered' })).toBe('recorded')
    expect(await report({ MessageSid: second!.provider_message_id!, MessageStatus: 'undelivered', ErrorCode: '30003' })).toBe('recorded')
    const shown = (await page(withPhone.guid)).body.recent
    const byBody = Object.fromEntries(shown.map((m) => [m.body, m]))
    expect(byBody['Class moved to 6pm']?.delivery).toMatchObject({ kind: 'delivered' })
    expect(byBody['Bring a mat']?.delivery).toMatchObject({ kind: 'failed', errorCode: '30003' })
    const line = (delivery: NonNullable<ContactSmsPage['recent'][number]['delivery']>) =>
      renderToStaticMarkup(createElement(I18nextProvider, { i18n: translatorFor('en') }, createElement(SmsDeliveryLine, { delivery }))).replace(/<[^>]+>/g, '')
    const words = shown.map((m) => (m.delivery ? line(m.delivery) : ''))
    expect(words).toContain(`Delivered ${(byBody['Class moved to 6pm']?.delivery as { atText: string }).atText}`)
    expect(words).toContain(`Not delivered (carrier error 30003), reported ${(byBody['Bring a mat']?.delivery as { atText: string }).atText}`)
  })

  it('is 403 for staff without the Contacts permission and 404 for another tenant\'s contact, writing nothing', async () => {
    const before = (await rows()).length
    expect((await page(withPhone.guid, world.cookies.staff)).status).toBe(403)
    expect((await post(withPhone.guid, { body: 'Hi' }, world.cookies.staff)).status).toBe(403)
    expect((await post(withPhone.guid, { body: 'Hi' }, world.cookies.frontDesk)).status).toBe(302)
    expect((await page(world.outsider.guid)).status).toBe(404)
    expect((await post(world.outsider.guid, { body: 'Hi' })).status).toBe(404)
    expect((await post(world.outsider.guid, { body: '' })).status).toBe(404)
    expect((await rows()).length).toBe(before + 1)
  })
})
