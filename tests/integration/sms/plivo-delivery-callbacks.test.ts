import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { createHttpApp } from '#server/http/create-http-app'
import { PLIVO_STATUS_PATH } from '#server/sms/plivo-delivery-report'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakePlivo, type FakePlivo } from '#tests/fakes/plivo-fake'
import { request } from '#tests/integration/http/http-client'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { queueTestTexts, sendRunner, setUpPlivo, smsRows } from './sms-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * Plivo's delivery reports (docs/decisions/138, amended): texts sent through Plivo name a status
 * callback on the studio's host, and the reports Plivo posts there, signed with the studio's
 * Auth Token, mark the sent message delivered or failed; nothing else changes anything.
 */
describe(`Plivo delivery reports (${engine})`, () => {
  let platform: TestPlatform
  let fake: FakePlivo
  let server: Server
  let port: number
  let studio: Tenant
  let other: Tenant

  beforeAll(async () => {
    fake = await startFakePlivo()
    platform = await createTestPlatform({ PLIVO_API_URL: fake.url })
    // Reports are answered before Remix: the build is never loaded.
    const build = async () => {
      throw new Error('the Remix build is not needed for Plivo reports')
    }
    const app = createHttpApp({ platform, build, publicDir: resolve('public') })
    server = await new Promise<Server>((done) => {
      const listening = createServer(app).listen(0, '127.0.0.1', () => done(listening))
    })
    port = (server.address() as AddressInfo).port
    studio = await createTenant(platform, { orgId: 'plivoreports' })
    other = await createTenant(platform, { orgId: 'plivoothers' })
  })
  afterAll(async () => {
    await new Promise((done) => server?.close(done))
    await platform?.close()
    await fake?.close()
  })

  const hostOf = (tenant: Tenant) => `${tenant.orgId}.localhost:${port}`
  /** Plivo's post of a report to the tenant's host, as the app receives it. */
  const report = (tenant: Tenant, fields: { MessageUUID: string; Status: string; ErrorCode?: string }, authToken?: string, nonce?: string) => {
    const signed = fake.deliveryReport(`http://${hostOf(tenant)}${PLIVO_STATUS_PATH}`, fields, authToken, nonce)
    return request(port, PLIVO_STATUS_PATH, { host: hostOf(tenant), method: 'POST', body: signed.body, headers: signed.headers })
  }
  const sendTexts = async (tenant: Tenant, count: number, prefix: string) => {
    await setUpPlivo(platform, tenant, fake, { pageSize: 50, pageWaitMinutes: 0, number: tenant === studio ? '+14155550150' : '+14155550151' })
    await queueTestTexts(platform, tenant, count, prefix)
    await sendRunner(platform, tenant).run()
    return smsRows(platform, tenant)
  }

  it("sends each text with a status callback on the studio's own host", async () => {
    const sent = await sendTexts(studio, 3, '+1555010')
    expect(sent.map((row) => row.status)).toEqual(['sent', 'sent', 'sent'])
    const messages = fake.messages.filter((message) => sent.some((row) => row.provider_message_id === message.uuid))
    expect(messages).toHaveLength(3)
    for (const message of messages) expect(message.url).toBe(`http://plivoreports.localhost:${platform.env.PORT}${PLIVO_STATUS_PATH}`)
  })

  it('records delivered and failed (with Plivo’s error code) on the sent message; a report again changes nothing more', async () => {
    const [first, second, third] = await smsRows(platform, studio)
    const delivered = await report(studio, { MessageUUID: first!.provider_message_id!, Status: 'delivered' })
    expect(delivered.status).toBe(200)
    expect((await report(studio, { MessageUUID: second!.provider_message_id!, Status: 'undelivered', ErrorCode: '30' })).status).toBe(200)
    // 'sent' says nothing about delivery yet.
    expect((await report(studio, { MessageUUID: third!.provider_message_id!, Status: 'sent' })).status).toBe(200)
    const rows = await smsRows(platform, studio)
    expect(rows.map((row) => [row.delivery_status, row.delivery_error])).toEqual([
      ['delivered', null],
      ['failed', '30'],
      [null, null],
    ])
    expect(rows[0]!.delivery_reported_at).toBeInstanceOf(Date)
    expect((await report(studio, { MessageUUID: first!.provider_message_id!, Status: 'delivered' })).status).toBe(200)
    expect((await smsRows(platform, studio))[0]).toMatchObject({ status: 'sent', delivery_status: 'delivered' })
  })

  it('refuses a report not signed with the studio’s Auth Token (403), and an unreadable one (400), changing nothing', async () => {
    const [, , third] = await smsRows(platform, studio)
    const forged = await report(studio, { MessageUUID: third!.provider_message_id!, Status: 'failed', ErrorCode: '1' }, 'not-the-auth-token')
    expect(forged.status).toBe(403)
    const unsigned = await request(port, PLIVO_STATUS_PATH, { host: hostOf(studio), method: 'POST', body: `MessageUUID=${third!.provider_message_id}&Status=failed`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(unsigned.status).toBe(403)
    expect((await report(studio, { MessageUUID: '', Status: 'delivered' })).status).toBe(400)
    expect((await smsRows(platform, studio))[2]).toMatchObject({ delivery_status: null })
  })

  it("answers 200 for a message it does not know, and never touches another studio's message", async () => {
    expect((await report(studio, { MessageUUID: 'b7d3c1e0-0000-4000-8000-000000000000', Status: 'delivered' })).status).toBe(200)
    const [theirs] = await sendTexts(other, 1, '+1555020')
    // The other studio's message id, reported on this studio's host with this studio's signature.
    expect((await report(studio, { MessageUUID: theirs!.provider_message_id!, Status: 'failed', ErrorCode: '30' })).status).toBe(200)
    expect((await smsRows(platform, other))[0]).toMatchObject({ delivery_status: null })
    // On its own host it is recorded.
    expect((await report(other, { MessageUUID: theirs!.provider_message_id!, Status: 'delivered' })).status).toBe(200)
    expect((await smsRows(platform, other))[0]).toMatchObject({ delivery_status: 'delivered' })
    // An unknown host is no studio's.
    const nobody = await request(port, PLIVO_STATUS_PATH, { host: `nobody.localhost:${port}`, method: 'POST', body: 'MessageUUID=x&Status=delivered', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(nobody.status).toBe(404)
  })

  it('takes a nonce once: the same nonce again answers 200 and changes nothing, even with another body; a new nonce is taken', async () => {
    await queueTestTexts(platform, studio, 2, '+1555060')
    await sendRunner(platform, studio).run()
    const rows = await smsRows(platform, studio)
    const [fresh, later] = rows.slice(-2)
    const nonce = '91827364550011223344'
    expect((await report(studio, { MessageUUID: fresh!.provider_message_id!, Status: 'queued' }, undefined, nonce)).status).toBe(200)
    // A captured report replayed with another body under the same signature and nonce.
    expect((await report(studio, { MessageUUID: fresh!.provider_message_id!, Status: 'failed', ErrorCode: '200' }, undefined, nonce)).status).toBe(200)
    expect((await report(studio, { MessageUUID: later!.provider_message_id!, Status: 'delivered' }, undefined, nonce)).status).toBe(200)
    let now = (await smsRows(platform, studio)).slice(-2)
    expect(now.map((row) => row.delivery_status)).toEqual([null, null])
    expect((await report(studio, { MessageUUID: fresh!.provider_message_id!, Status: 'delivered' }, undefined, '91827364550011223345')).status).toBe(200)
    now = (await smsRows(platform, studio)).slice(-2)
    expect(now.map((row) => row.delivery_status)).toEqual(['delivered', null])
  })

  it('keeps a final state final: a later failed report with a new nonce does not overwrite delivered', async () => {
    const [first] = await smsRows(platform, studio)
    expect(first).toMatchObject({ delivery_status: 'delivered' })
    expect((await report(studio, { MessageUUID: first!.provider_message_id!, Status: 'failed', ErrorCode: '30' })).status).toBe(200)
    expect((await smsRows(platform, studio))[0]).toMatchObject({ delivery_status: 'delivered', delivery_error: null })
  })
})
