import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { createHttpApp } from '#server/http/create-http-app'
import { TWILIO_STATUS_PATH } from '#server/sms/twilio-delivery-report'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio'
import { request } from '#tests/integration/http/http-client'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { queueTestTexts, sendRunner, setUpTwilio, smsRows } from './sms-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * Twilio's status callbacks: texts sent through Twilio name a StatusCallback on the studio's
 * host, and the callbacks Twilio posts there, signed with the studio's auth token over the URL
 * and every field, mark the sent message delivered or failed; a final state stays final.
 */
describe(`Twilio status callbacks (${engine})`, () => {
  let platform: TestPlatform
  let fake: FakeTwilio
  let server: Server
  let port: number
  let studio: Tenant
  let other: Tenant

  beforeAll(async () => {
    fake = await startFakeTwilio()
    platform = await createTestPlatform({ TWILIO_API_URL: fake.url })
    // Callbacks are answered before Remix: the build is never loaded.
    const build = async () => {
      throw new Error('the Remix build is not needed for Twilio callbacks')
    }
    const app = createHttpApp({ platform, build, publicDir: resolve('public') })
    server = await new Promise<Server>((done) => {
      const listening = createServer(app).listen(0, '127.0.0.1', () => done(listening))
    })
    port = (server.address() as AddressInfo).port
    studio = await createTenant(platform, { orgId: 'twilioreports' })
    other = await createTenant(platform, { orgId: 'twilioothers' })
  })
  afterAll(async () => {
    await new Promise((done) => server?.close(done))
    await platform?.close()
    await fake?.close()
  })

  const hostOf = (tenant: Tenant) => `${tenant.orgId}.localhost:${port}`
  /** Twilio's post of a status callback to the tenant's host, as the app receives it. */
  const callback = (tenant: Tenant, fields: { MessageSid: string; MessageStatus: string; ErrorCode?: string }, authToken?: string) => {
    const signed = fake.statusCallback(`http://${hostOf(tenant)}${TWILIO_STATUS_PATH}`, fields, authToken)
    return request(port, TWILIO_STATUS_PATH, { host: hostOf(tenant), method: 'POST', body: signed.body, headers: signed.headers })
  }
  const sendTexts = async (tenant: Tenant, count: number, prefix: string) => {
    await setUpTwilio(platform, tenant, fake, { pageSize: 50, pageWaitMinutes: 0 })
    await queueTestTexts(platform, tenant, count, prefix)
    await sendRunner(platform, tenant).run()
    return smsRows(platform, tenant)
  }

  it("sends each text with a StatusCallback on the studio's own host", async () => {
    const sent = await sendTexts(studio, 4, '+1555030')
    expect(sent.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent'])
    const messages = fake.messages.filter((message) => sent.some((row) => row.provider_message_id === message.sid))
    expect(messages).toHaveLength(4)
    for (const message of messages) expect(message.statusCallback).toBe(`http://twilioreports.localhost:${platform.env.PORT}${TWILIO_STATUS_PATH}`)
  })

  it('records delivered, and undelivered or failed with the error code; intermediate statuses change nothing', async () => {
    const [first, second, third, fourth] = await smsRows(platform, studio)
    expect((await callback(studio, { MessageSid: first!.provider_message_id!, MessageStatus: 'sent' })).status).toBe(200)
    expect((await callback(studio, { MessageSid: first!.provider_message_id!, MessageStatus: 'delivered' })).status).toBe(200)
    expect((await callback(studio, { MessageSid: second!.provider_message_id!, MessageStatus: 'undelivered', ErrorCode: '30003' })).status).toBe(200)
    expect((await callback(studio, { MessageSid: third!.provider_message_id!, MessageStatus: 'failed', ErrorCode: '30008' })).status).toBe(200)
    expect((await callback(studio, { MessageSid: fourth!.provider_message_id!, MessageStatus: 'sending' })).status).toBe(200)
    const rows = await smsRows(platform, studio)
    expect(rows.map((row) => [row.delivery_status, row.delivery_error])).toEqual([
      ['delivered', null],
      ['failed', '30003'],
      ['failed', '30008'],
      [null, null],
    ])
    expect(rows[0]!.delivery_reported_at).toBeInstanceOf(Date)
  })

  it('keeps a final state final: a later failed, undelivered or sent changes nothing', async () => {
    const [first, second] = await smsRows(platform, studio)
    const before = await smsRows(platform, studio)
    expect((await callback(studio, { MessageSid: first!.provider_message_id!, MessageStatus: 'failed', ErrorCode: '30005' })).status).toBe(200)
    expect((await callback(studio, { MessageSid: first!.provider_message_id!, MessageStatus: 'sent' })).status).toBe(200)
    expect((await callback(studio, { MessageSid: second!.provider_message_id!, MessageStatus: 'delivered' })).status).toBe(200)
    const after = await smsRows(platform, studio)
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2))
  })

  it('refuses a callback not signed with the studio’s auth token, or with a field changed (403), and an unreadable one (400)', async () => {
    const [, , , fourth] = await smsRows(platform, studio)
    const sid = fourth!.provider_message_id!
    expect((await callback(studio, { MessageSid: sid, MessageStatus: 'failed', ErrorCode: '1' }, 'not-the-auth-token')).status).toBe(403)
    const signed = fake.statusCallback(`http://${hostOf(studio)}${TWILIO_STATUS_PATH}`, { MessageSid: sid, MessageStatus: 'delivered' })
    const tampered = signed.body.replace('MessageStatus=delivered', 'MessageStatus=failed')
    expect((await request(port, TWILIO_STATUS_PATH, { host: hostOf(studio), method: 'POST', body: tampered, headers: signed.headers })).status).toBe(403)
    const unsigned = await request(port, TWILIO_STATUS_PATH, { host: hostOf(studio), method: 'POST', body: `MessageSid=${sid}&MessageStatus=failed`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(unsigned.status).toBe(403)
    expect((await callback(studio, { MessageSid: '', MessageStatus: 'delivered' })).status).toBe(400)
    expect((await smsRows(platform, studio))[3]).toMatchObject({ delivery_status: null })
  })

  it("answers 200 for a message it does not know, never touches another studio's message, and 404s an unknown host", async () => {
    expect((await callback(studio, { MessageSid: 'SM00000000000000000000000000000000', MessageStatus: 'delivered' })).status).toBe(200)
    const [theirs] = await sendTexts(other, 1, '+1555040')
    expect((await callback(studio, { MessageSid: theirs!.provider_message_id!, MessageStatus: 'failed', ErrorCode: '30003' })).status).toBe(200)
    expect((await smsRows(platform, other))[0]).toMatchObject({ delivery_status: null })
    expect((await callback(other, { MessageSid: theirs!.provider_message_id!, MessageStatus: 'delivered' })).status).toBe(200)
    expect((await smsRows(platform, other))[0]).toMatchObject({ delivery_status: 'delivered' })
    const nobody = await request(port, TWILIO_STATUS_PATH, { host: `nobody.localhost:${port}`, method: 'POST', body: 'MessageSid=x&MessageStatus=delivered', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(nobody.status).toBe(404)
  })
})
