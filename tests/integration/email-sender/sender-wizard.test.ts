import { asSystem } from '#db/tenant-scope'
import { runScheduledSenderCheck } from '#server/email-sender/campaign-sender'
import { deliverEmail } from '#server/mail/deliver-email'
import { openSecret } from '#server/security/secret-box'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { startFakeDnsServer, type FakeDnsServer } from '#tests/fakes/dns-server'
import { form, textOf, toastOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { fakeMailer, insertOutboxRow } from '#tests/integration/jobs/job-test-support'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const PATH = '/settings/integrations/ses'

describe(`the email campaign sender wizard (${engine})`, () => {
  let app: DemoHttpApp
  let dns: FakeDnsServer
  let staffCookie = ''
  let otherHost = ''
  let otherCookie = ''

  const get = (path: string, cookie = app.adminCookie, host = app.host) => request(app.port, path, { host, headers: { cookie } })
  const post = (fields: Record<string, string>, cookie = app.adminCookie, host = app.host) =>
    request(app.port, PATH, { host, method: 'POST', body: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, cookie } })
  const senders = () => asSystem(app.platform.database, 'test: the senders', (trx) => trx.selectFrom('campaign_senders').selectAll().orderBy('created_at').execute())
  const publishRecords = async () => {
    const [row] = await senders()
    dns.setTxt(`_studio-verification.${row!.domain}`, [`studio-verification=${row!.verification_token}`])
    dns.setTxt(`${row!.dkim_selector}._domainkey.${row!.domain}`, [`v=DKIM1; k=rsa; p=${row!.dkim_public_key}`])
    return row!
  }

  beforeAll(async () => {
    dns = await startFakeDnsServer()
    app = await startDemoHttpApp({ env: { DNS_RESOLVER: dns.address } })
    const staff = await asSystem(app.platform.database, 'test: the demo staff', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'staff@demo.test').executeTakeFirstOrThrow(),
    )
    staffCookie = await createSessionCookie(app.platform, app.demo, staff)
    const other = await createTenant(app.platform, { orgId: 'sender-other', name: 'Other Studio' })
    const otherAdmin = await createContact(app.platform, other, { email: 'admin@sender-other.test', role: 'ROLE_ADMIN' })
    otherCookie = await createSessionCookie(app.platform, other, otherAdmin)
    otherHost = 'sender-other.localhost'
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await dns?.close()
  })

  it('is for admins only: staff get 403 on the page and on every post, and nothing is written', async () => {
    expect((await get(PATH, staffCookie)).status).toBe(403)
    for (const intent of ['save', 'check', 'disconnect', 'reconnect', 'delete']) {
      expect((await post({ intent, fromName: 'Staff', fromEmail: 'staff@staff.test' }, staffCookie)).status).toBe(403)
    }
    expect(await senders()).toEqual([])
  })

  it('opens on the sender form, and the hub card leads here unchecked', async () => {
    const page = await get(PATH)
    expect(page.status).toBe(200)
    expect(textOf(page.body)).toContain('Email Campaign')
    expect(page.body).toContain('data-sender-step="0"')
    expect(page.body).toContain('href="/settings/integrations"')
    const hub = await get('/settings/integrations')
    expect(hub.body).toContain(`href="${PATH}"`)
    expect(hub.body).not.toMatch(/<\/svg>\s*Integrated</)
  })

  it.each([
    ['an empty form', { fromName: '', fromEmail: '' }, ['Sender name is required.', 'Sender email is required.']],
    ['no sender name', { fromName: '  ', fromEmail: 'hello@sunrise.test' }, ['Sender name is required.']],
    ['an address with no domain', { fromName: 'Sunrise', fromEmail: 'hello' }, ['Enter an address at your own domain, like hello@yourstudio.com.']],
  ])('refuses %s with messages in the form and writes nothing', async (_case, fields, messages) => {
    const refused = await post({ intent: 'save', ...fields })
    expect(refused.status).toBe(400)
    for (const message of messages) expect(textOf(refused.body)).toContain(message)
    expect(refused.body).toContain(`value="${fields.fromEmail}"`)
    expect(await senders()).toEqual([])
  })

  it('refuses an unknown intent and a check with no sender, writing nothing', async () => {
    expect(toastOf(await post({ intent: 'explode' }))).toBe('Nothing was changed.')
    expect(toastOf(await post({ intent: 'check' }))).toBe('There is no sender to verify yet.')
    expect(await senders()).toEqual([])
  })

  it('saves the sender, shows the DNS records, and never sends the private key', async () => {
    const saved = await post({ intent: 'save', fromName: 'Sunrise Yoga', fromEmail: 'hello@sunrise.test' })
    expect(saved.status).toBe(302)
    expect(saved.headers.location).toBe(`${PATH}?step=2`)
    expect(toastOf(saved)).toBe('Domain updated successfully')
    const [row] = await senders()
    expect(row).toMatchObject({ from_name: 'Sunrise Yoga', domain: 'sunrise.test', verification_status: 'pending', is_connected: true })
    const privateKey = openSecret('test-secret-test-secret-test-secret-0123', `campaign-sender-dkim:${app.demo.id}`, row!.dkim_private_key_sealed)
    expect(privateKey).toMatch(/BEGIN PRIVATE KEY/)

    const page = await get(PATH)
    expect(page.body).toContain('data-sender-step="2"')
    expect(page.body).toContain('_studio-verification.sunrise.test')
    expect(page.body).toContain(`${row!.dkim_selector}._domainkey.sunrise.test`)
    expect(page.body).toContain(`v=DKIM1; k=rsa; p=${row!.dkim_public_key}`)
    expect(page.body).toContain('_dmarc.sunrise.test')
    expect(textOf(page.body)).toContain('DNS verification is still in progress')
    const keyBody = privateKey!.split('\n')[1]!
    for (const secret of [keyBody, row!.dkim_private_key_sealed]) {
      expect(page.body).not.toContain(secret)
      expect((await get(`${PATH}?_data=routes%2F_admin%2B%2Fsettings%2B%2Fintegrations.ses`)).body).not.toContain(secret)
    }
  })

  it("does not show another studio's sender", async () => {
    const page = await get(PATH, otherCookie, otherHost)
    expect(page.status).toBe(200)
    expect(page.body).toContain('data-sender-step="0"')
    expect(page.body).not.toContain('sunrise.test')
  })

  it('stays pending until the records are published, then Check Again verifies', async () => {
    const pending = await post({ intent: 'check' })
    expect(pending.headers.location).toBe(`${PATH}?step=2`)
    expect(toastOf(pending)).toBe('Verification is pending. Make sure DNS details are updated.')
    expect((await senders())[0]?.verification_status).toBe('pending')

    await publishRecords()
    const verified = await post({ intent: 'check' })
    expect(verified.headers.location).toBe(PATH)
    expect((await senders())[0]?.verification_status).toBe('verified')
    const page = await get(PATH)
    expect(page.body).toContain('data-sender-step="3"')
    expect(textOf(page.body)).toContain('Account Connectivity')
    expect(textOf(page.body)).toContain('Connected')
    expect(textOf(page.body)).toContain('campaigns are not available in the product yet')
    expect(page.body).not.toContain('href="/campaign"')
    // The card's name is followed by its green check (nothing else is integrated in the demo).
    expect((await get('/settings/integrations')).body).toMatch(/>Email Campaigns<\/span><span[^>]*><svg[\s\S]{0,600}?<\/svg>\s*Integrated</)
  })

  it('is not kept verified when a record disappears and the job looks again; the job verifies again when it returns', async () => {
    const row = await publishRecords()
    dns.remove(`${row.dkim_selector}._domainkey.${row.domain}`)
    const job = { tenantId: app.demo.id, senderId: row.id, issuedAt: row.records_issued_at.toISOString(), attempt: 1 }
    await runScheduledSenderCheck(app.platform, job)
    expect((await senders())[0]).toMatchObject({ verification_status: 'pending' })
    await publishRecords()
    await runScheduledSenderCheck(app.platform, { ...job, attempt: 2 })
    expect((await senders())[0]?.verification_status).toBe('verified')
    // A run for records since replaced does nothing.
    dns.clear()
    await runScheduledSenderCheck(app.platform, { ...job, issuedAt: new Date(0).toISOString() })
    expect((await senders())[0]?.verification_status).toBe('verified')
  })

  it("sends the studio's mail From its verified sender, DKIM-signed with its key, and unsigned once disconnected", async () => {
    const row = await publishRecords()
    const mailer = fakeMailer()
    const platform = { ...app.platform, mailer }
    const context = { attempt: 1, maxAttempts: 1, isLastAttempt: true }
    const first = await insertOutboxRow(app.platform.database, { tenantId: app.demo.id })
    await deliverEmail(platform, { emailId: first.id, tenantId: app.demo.id }, context)
    expect(mailer.sent[0]).toMatchObject({ from: '"Sunrise Yoga" <hello@sunrise.test>', messageId: `<${first.id}@sunrise.test>` })
    expect(mailer.sent[0]?.dkim).toMatchObject({ domainName: 'sunrise.test', keySelector: row.dkim_selector })
    expect(mailer.sent[0]?.dkim?.privateKey).toMatch(/BEGIN PRIVATE KEY/)

    await post({ intent: 'disconnect' })
    const second = await insertOutboxRow(app.platform.database, { tenantId: app.demo.id })
    await deliverEmail(platform, { emailId: second.id, tenantId: app.demo.id }, context)
    expect(mailer.sent[1]).toMatchObject({ from: 'no-reply@localhost.test', dkim: null })
    await post({ intent: 'reconnect' })
  })

  it('asks before disconnecting and deleting; delete is refused while connected', async () => {
    await publishRecords()
    const asked = await get(`${PATH}?confirm=disconnect`)
    expect(textOf(asked.body)).toContain('Are you sure you want to disconnect this account?')
    expect(toastOf(await post({ intent: 'delete' }))).toBe('Disconnect the account before deleting it.')
    expect(await senders()).toHaveLength(1)
    expect(toastOf(await post({ intent: 'disconnect' }))).toBe('Domain disconnected.')
    expect((await senders())[0]?.is_connected).toBe(false)
    expect(textOf((await get(PATH)).body)).toContain('Not connected')
    expect(toastOf(await post({ intent: 'reconnect' }))).toBe('Domain reconnected.')
    expect(toastOf(await post({ intent: 'disconnect' }))).toBe('Domain disconnected.')
    expect(textOf((await get(`${PATH}?confirm=delete`)).body)).toContain('Are you sure you want to delete this account?')
    expect(toastOf(await post({ intent: 'delete' }))).toBe('Account deleted.')
    expect(await senders()).toEqual([])
    expect(toastOf(await post({ intent: 'disconnect' }))).toBe('Failed to disconnect domain.')
  })
})
