import { action as emailsAction, loader as emailsLoader } from '#app/routes/_admin+/settings_.integrations.emails'
import { action as sendAction, loader as sendLoader } from '#app/routes/_admin+/contacts+/$guId.email'
import { loader as hubLoader } from '#app/routes/_admin+/settings+/integrations._index'
import { seedDatabase } from '#db/seed'
import { asSystem } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import { identifySubmittedEmail, startEmailConnection } from '#server/connected-emails/connect-email-account'
import { EMAIL_ACCOUNT_MESSAGES } from '#server/connected-emails/email-providers'
import type { HubCard } from '#server/integrations/integration-hub'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakeDnsServer, type FakeDnsServer } from '#tests/fakes/dns-server'
import { startFakeMailOAuthProvider, type FakeMailOAuthProvider } from '#tests/fakes/mail-oauth-provider'
import { createContact, createTenant } from '#tests/support/fixtures'
import { callRoute, cookieOf, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const host = 'http://demo.localhost'
const PAGE = '/settings/integrations/emails'

interface PageData {
  accounts: Array<{ id: string; provider: string; userName: string; isShared: boolean; isOwn: boolean; canRevoke: boolean; ownerName: string }>
  dialog: { step: string; email?: string; provider?: string; isShared?: boolean } | null
  refusal: string | null
  revoking: { id: string; userName: string } | null
}

describe(`connected email accounts: MX, connect, refresh, send, revoke (${engine})`, () => {
  let platform: TestPlatform
  let fake: FakeMailOAuthProvider
  let dns: FakeDnsServer
  let demo: Tenant
  let other: Tenant
  let cookies: { admin: string; staff: string; frontDesk: string; student: string; otherAdmin: string }
  let studentGuid: string
  /** Everything a route answered (bodies, redirects, cookies): no token may ever be in one. */
  const answers: string[] = []

  const system = <T,>(fn: Parameters<typeof asSystem<T>>[2]) => asSystem(platform.database, 'test check', fn)
  const keep = (outcome: RouteOutcome) => {
    answers.push(typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body ?? null), outcome.location ?? '', ...outcome.setCookies)
    return outcome
  }
  const context = (tenant: Tenant = demo) => contextFor(platform, tenant)
  const page = async (query = '', cookie = cookies.admin, tenant: Tenant = demo) => keep(await callRoute(emailsLoader, getRequest(`${host}${PAGE}${query}`, cookie), context(tenant)))
  const post = async (fields: Record<string, string>, cookie = cookies.admin, tenant: Tenant = demo) => keep(await callRoute(emailsAction, formPostRequest(`${host}${PAGE}`, fields, cookie), context(tenant)))
  const accounts = () => system((trx) => trx.selectFrom('connected_email_accounts').selectAll().orderBy('connected_at').execute())

  /** Continue, the provider's consent screen, and the answer it sends the browser back with. */
  async function connect(email: string, options: { share?: boolean; cookie?: string; callbackCookie?: string } = {}) {
    const cookie = options.cookie ?? cookies.admin
    const started = await page(`?connect=1&email=${encodeURIComponent(email)}${options.share ? '&share=1' : ''}`, cookie)
    expect(started.status).toBe(302)
    const pending = cookieOf(started, 'connect_email_oauth')
    expect(pending).not.toBeNull()
    expect(started.setCookies.find((line) => line.startsWith('connect_email_oauth='))).toMatch(/Path=\/settings\/integrations\/emails; HttpOnly; SameSite=Lax/)
    const consent = await fetch(started.location ?? '', { redirect: 'manual' })
    expect(consent.status).toBe(302)
    const back = new URL(consent.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe(`${host}${PAGE}`)
    return page(back.search, `${options.callbackCookie ?? cookie}; ${pending}`)
  }

  beforeAll(async () => {
    fake = await startFakeMailOAuthProvider()
    dns = await startFakeDnsServer()
    dns.setMx('gmail.test', ['gmail-smtp-in.l.google.com', 'alt1.gmail-smtp-in.l.google.com'])
    dns.setMx('workspace.test', ['aspmx.l.google.com'])
    dns.setMx('studio-ms.test', ['studio-ms-test.mail.protection.outlook.com'])
    dns.setMx('zoho-studio.test', ['mx.zoho.eu', 'mx2.zoho.eu'])
    dns.setMx('yahoo.test', ['mx1.mail.yahoo.com'])
    platform = await createTestPlatform({ ...fake.env, DNS_RESOLVER: dns.address })
    await seedDatabase(platform.database, { masterOrgId: 'master', includeDemo: true, demoPassword: 'emails-test-password', hashPassword })
    const found = await platform.tenants.findByOrgId('demo')
    if (!found) throw new Error('no demo tenant')
    demo = found
    other = await createTenant(platform, { orgId: 'mailother' })
    const people = await system((trx) => trx.selectFrom('contacts').select(['id', 'email', 'guid']).where('tenant_id', '=', demo.id).execute())
    const idOf = (email: string) => ({ id: people.find((person) => person.email === email)?.id ?? '' })
    studentGuid = people.find((person) => person.email === 'student@demo.test')?.guid ?? ''
    const otherAdmin = await createContact(platform, other, { role: 'ROLE_ADMIN', email: 'admin@mailother.test' })
    cookies = {
      admin: await createSessionCookie(platform, demo, idOf('admin@demo.test')),
      staff: await createSessionCookie(platform, demo, idOf('staff@demo.test')),
      frontDesk: await createSessionCookie(platform, demo, idOf('frontdesk@demo.test')),
      student: await createSessionCookie(platform, demo, idOf('student@demo.test')),
      otherAdmin: await createSessionCookie(platform, other, otherAdmin),
    }
  }, 120_000)
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
    await dns?.close()
  })

  it('shows the empty table to staff, not to students; the hub card leads here', async () => {
    const empty = await page()
    expect(empty.status).toBe(200)
    expect(empty.body).toMatchObject({ accounts: [], dialog: null, refusal: null })
    expect((await page('', cookies.staff)).status).toBe(200)
    expect((await page('', cookies.frontDesk)).status).toBe(200)
    expect((await page('', cookies.student)).status).toBe(403)
    expect((await post({ intent: 'identify', email: 'me@gmail.test' }, cookies.student)).status).toBe(403)
    const anonymous = await callRoute(emailsLoader, getRequest(`${host}${PAGE}`), context())
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toMatch(/^\/login/)
    const hub = await callRoute(hubLoader, getRequest(`${host}/settings/integrations`, cookies.admin), context())
    expect((hub.body as { cards: HubCard[] }).cards.find((card) => card.key === 'emails')).toMatchObject({ href: PAGE, isIntegrated: false })
  })

  it('walks the dialog by address: information, submitEmail, and the steps after a recognised provider', async () => {
    expect(((await page('?step=information')).body as PageData).dialog).toEqual({ step: 'information' })
    expect(((await page('?step=submitEmail')).body as PageData).dialog).toMatchObject({ step: 'submitEmail', email: '' })
    // A later step without what it needs falls back to submitEmail.
    expect(((await page('?step=emailIdentified&email=me@gmail.test')).body as PageData).dialog).toMatchObject({ step: 'submitEmail' })
    expect(((await page('?step=emailIdentifiedAndConfirmed&email=me@zoho-studio.test&provider=zohomail&share=1')).body as PageData).dialog).toEqual({
      step: 'emailIdentifiedAndConfirmed',
      email: 'me@zoho-studio.test',
      provider: 'zohomail',
      isShared: true,
    })
    expect(((await page('?step=bogus')).body as PageData).dialog).toBeNull()
  })

  it("requires a valid email ('Email is required!') and writes nothing", async () => {
    for (const email of ['', '   ', 'not-an-address']) {
      const refused = await post({ intent: 'identify', email })
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toContain(EMAIL_ACCOUNT_MESSAGES.emailRequired)
    }
    const noBody = keep(await callRoute(emailsAction, new Request(`${host}${PAGE}`, { method: 'POST', headers: { Cookie: cookies.admin } }), context()))
    expect(noBody.status).toBe(400)
    expect(await accounts()).toEqual([])
  })

  it('finds the provider by a real MX look-up through the configured resolver', async () => {
    const asked = dns.questions()
    const cases: Array<[string, string]> = [
      ['me@gmail.test', 'googlemail'],
      ['me@workspace.test', 'googlemail'],
      ['Me@Studio-MS.test', 'outlookmail'],
      ['me@zoho-studio.test', 'zohomail'],
    ]
    for (const [email, provider] of cases) {
      const next = await post({ intent: 'identify', email, isShareAccount: 'on' })
      expect(next.status).toBe(302)
      const location = new URL(next.location ?? '', host)
      expect(location.pathname).toBe(PAGE)
      expect(Object.fromEntries(location.searchParams)).toEqual({ step: 'emailIdentified', email: email.toLowerCase(), provider, share: '1' })
    }
    expect(dns.questions()).toBeGreaterThanOrEqual(asked + cases.length)
  })

  it("shows the 'other' message and stays in submitEmail for an unrecognised provider, or a domain without mail", async () => {
    for (const email of ['me@yahoo.test', 'me@no-mail-here.test']) {
      const other = await post({ intent: 'identify', email })
      expect(other.status).toBe(200)
      expect(other.body).toMatchObject({ intent: 'identify', other: true })
    }
    // Continue for such an address is refused as well: the provider is found again on the server.
    const refused = await page('?connect=1&email=me@yahoo.test')
    expect(refused.status).toBe(200)
    expect(refused.body).toMatchObject({ refusal: EMAIL_ACCOUNT_MESSAGES.other, dialog: { step: 'submitEmail', email: 'me@yahoo.test' } })
    expect(refused.setCookies.some((line) => line.startsWith('connect_email_oauth='))).toBe(false)
  })

  it('says so when the resolver does not answer, or the platform has no app at the provider', async () => {
    expect(await identifySubmittedEmail({ env: { ...platform.env, DNS_RESOLVER: '127.0.0.1:9' } }, 'me@gmail.test')).toMatchObject({ ok: false, message: EMAIL_ACCOUNT_MESSAGES.lookupFailed })
    const input = { email: 'me@studio-ms.test', isShared: false, contactId: '11111111-1111-4111-8111-111111111111', tenantId: demo.id, origin: host, now: new Date() }
    expect(await startEmailConnection({ env: { ...platform.env, MICROSOFT_CLIENT_ID: undefined } }, input)).toMatchObject({ ok: false, message: 'Connecting Microsoft mailboxes is not set up on this platform yet.' })
  })

  it('refuses an answer whose state does not match, without the cookie, or for another person, and writes nothing', async () => {
    fake.forgeNextState('forged-state-forged-state-forged')
    const forged = await connect('me@gmail.test')
    expect(forged.status).toBe(302)
    expect(forged.location).toBe(PAGE)
    expect(toastOf(forged)).toEqual({ type: 'error', message: EMAIL_ACCOUNT_MESSAGES.stateMismatch })
    expect(forged.setCookies.some((line) => line.startsWith('connect_email_oauth=;'))).toBe(true)
    const noCookie = await page('?code=abc&state=whatever')
    expect(toastOf(noCookie)?.message).toBe(EMAIL_ACCOUNT_MESSAGES.stateMismatch)
    // The admin's pending connection brought back in the staff member's session.
    const otherPerson = await connect('me@gmail.test', { callbackCookie: cookies.staff })
    expect(toastOf(otherPerson)?.message).toBe(EMAIL_ACCOUNT_MESSAGES.stateMismatch)
    // A provider's refusal.
    const denied = await page('?error=access_denied&state=x')
    expect(toastOf(denied)?.type).toBe('error')
    expect(await accounts()).toEqual([])
    expect(fake.tokenGrants).toEqual([])
  })

  it('connects a Google mailbox with PKCE and keeps the tokens sealed', async () => {
    const done = await connect('admin.mail@gmail.test', { share: true })
    expect(toastOf(done)).toEqual({ type: 'success', message: 'admin.mail@gmail.test connected.' })
    const [row] = await accounts()
    expect(row).toMatchObject({ provider: 'googlemail', user_name: 'admin.mail@gmail.test', is_shared: true })
    for (const token of fake.issuedTokens()) {
      expect(row?.access_token_sealed).not.toContain(token)
      expect(row?.refresh_token_sealed ?? '').not.toContain(token)
    }
    expect(row?.expires_at?.getTime()).toBeGreaterThan(Date.now())
    const listed = (await page()).body as PageData
    expect(listed.accounts).toEqual([expect.objectContaining({ provider: 'googlemail', userName: 'admin.mail@gmail.test', isShared: true, isOwn: true, canRevoke: true })])
    const hub = await callRoute(hubLoader, getRequest(`${host}/settings/integrations`, cookies.admin), context())
    expect((hub.body as { cards: HubCard[] }).cards.find((card) => card.key === 'emails')?.isIntegrated).toBe(true)
  })

  it('lets staff connect their own unshared Microsoft and Zoho mailboxes; others see shared accounts only', async () => {
    expect(toastOf(await connect('staff@studio-ms.test', { cookie: cookies.staff }))?.type).toBe('success')
    expect(toastOf(await connect('staff@zoho-studio.test', { cookie: cookies.staff }))?.type).toBe('success')
    const staffView = ((await page('', cookies.staff)).body as PageData).accounts
    expect(staffView.map((account) => [account.userName, account.isOwn, account.canRevoke])).toEqual([
      ['admin.mail@gmail.test', false, false],
      ['staff@studio-ms.test', true, true],
      ['staff@zoho-studio.test', true, true],
    ])
    const frontDeskView = ((await page('', cookies.frontDesk)).body as PageData).accounts
    expect(frontDeskView.map((account) => account.userName)).toEqual(['admin.mail@gmail.test'])
    // An admin sees every account of the studio, to revoke one a leaver left behind.
    expect(((await page()).body as PageData).accounts.every((account) => account.canRevoke)).toBe(true)
    expect(((await page('', cookies.otherAdmin, other)).body as PageData).accounts).toEqual([])
  })

  it("sends a contact email from the staff member's own mailbox through each provider's API", async () => {
    const staffAccounts = ((await page('', cookies.staff)).body as PageData).accounts
    const ms = staffAccounts.find((account) => account.provider === 'outlookmail')
    const zoho = staffAccounts.find((account) => account.provider === 'zohomail')
    const form = await callRoute(sendLoader, getRequest(`${host}/contacts/${studentGuid}/email`, cookies.staff), context(), { guId: studentGuid })
    expect((form.body as { accounts: Array<{ id: string }> }).accounts.map((account) => account.id)).toHaveLength(3)
    for (const account of [ms, zoho]) {
      const sent = keep(
        await callRoute(sendAction, formPostRequest(`${host}/contacts/${studentGuid}/email`, { accountId: account?.id ?? '', subject: 'Your next class', message: 'See you on Monday.' }, cookies.staff), context(), {
          guId: studentGuid,
        }),
      )
      expect(toastOf(sent)).toEqual({ type: 'success', message: `Email sent to student@demo.test from ${account?.userName}.` })
    }
    expect(fake.sent.map((mail) => [mail.provider, mail.from, mail.to, mail.subject, mail.text])).toEqual([
      ['microsoft', 'staff@studio-ms.test', 'student@demo.test', 'Your next class', 'See you on Monday.'],
      ['zoho', 'staff@zoho-studio.test', 'student@demo.test', 'Your next class', 'See you on Monday.'],
    ])
  })

  it('refreshes an expired token before sending from a shared Gmail account (a raw message), and stores the new one sealed', async () => {
    const [google] = await accounts()
    await system((trx) => trx.updateTable('connected_email_accounts').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', google?.id ?? '').execute())
    const sent = keep(
      await callRoute(
        sendAction,
        formPostRequest(`${host}/contacts/${studentGuid}/email`, { accountId: google?.id ?? '', subject: 'Héllo from the studio', message: 'Line one\nLine two ✓' }, cookies.staff),
        context(),
        { guId: studentGuid },
      ),
    )
    expect(toastOf(sent)?.type).toBe('success')
    expect(fake.tokenGrants.at(-1)).toBe('refresh_token')
    const mail = fake.sent.at(-1)
    expect(mail).toMatchObject({ provider: 'google', to: 'student@demo.test', subject: 'Héllo from the studio', text: 'Line one\nLine two ✓' })
    expect(mail?.from).toContain('admin.mail@gmail.test')
    expect(fake.issuedTokens().at(-2)).toBe(mail?.accessToken)
    const [after] = await accounts()
    expect(after?.access_token_sealed).not.toBe(google?.access_token_sealed)
    expect(after?.expires_at?.getTime()).toBeGreaterThan(Date.now())
    const activity = await system((trx) => trx.selectFrom('activities').select(['text']).where('tenant_id', '=', demo.id).orderBy('created_at', 'desc').executeTakeFirst())
    expect(activity?.text).toBe('Email sent: Héllo from the studio')
  })

  it("refuses to send from someone else's unshared account, another tenant's contact, or with a wrong form, and sends nothing", async () => {
    const before = fake.sent.length
    const staffOwn = (await accounts()).find((row) => row.provider === 'outlookmail')
    const asAdmin = keep(
      await callRoute(sendAction, formPostRequest(`${host}/contacts/${studentGuid}/email`, { accountId: staffOwn?.id ?? '', subject: 'Hi', message: 'Hi' }, cookies.admin), context(), { guId: studentGuid }),
    )
    expect(asAdmin.status).toBe(400)
    const wrong = keep(await callRoute(sendAction, formPostRequest(`${host}/contacts/${studentGuid}/email`, { accountId: staffOwn?.id ?? '', subject: '', message: '' }, cookies.staff), context(), { guId: studentGuid }))
    expect(wrong.status).toBe(400)
    const otherTenant = await callRoute(sendAction, formPostRequest(`${host}/contacts/${studentGuid}/email`, { accountId: staffOwn?.id ?? '', subject: 'Hi', message: 'Hi' }, cookies.otherAdmin), context(other), { guId: studentGuid })
    expect(otherTenant.status).toBe(404)
    expect((await callRoute(sendLoader, getRequest(`${host}/contacts/${studentGuid}/email`, cookies.otherAdmin), context(other), { guId: studentGuid })).status).toBe(404)
    fake.refuseSend = true
    const down = keep(await callRoute(sendAction, formPostRequest(`${host}/contacts/${studentGuid}/email`, { accountId: staffOwn?.id ?? '', subject: 'Hi', message: 'Hi' }, cookies.staff), context(), { guId: studentGuid }))
    fake.refuseSend = false
    expect(down.status).toBe(503)
    expect(JSON.stringify(down.body)).toContain('Microsoft did not send the email. Please try again.')
    expect(fake.sent.length).toBe(before)
  })

  it("asks before revoking; only the owner or an admin revokes; another tenant's id is 404", async () => {
    const [google, ms] = await accounts()
    const asking = (await page(`?revoke=${google?.id}`)).body as PageData
    expect(asking.revoking).toEqual({ id: google?.id, userName: 'admin.mail@gmail.test' })
    // Staff see the shared account but cannot revoke it, nor ask to.
    expect(((await page(`?revoke=${google?.id}`, cookies.staff)).body as PageData).revoking).toBeNull()
    expect((await post({ intent: 'revoke', id: google?.id ?? '' }, cookies.staff)).status).toBe(403)
    // Front desk does not even see the staff member's unshared account.
    expect((await post({ intent: 'revoke', id: ms?.id ?? '' }, cookies.frontDesk)).status).toBe(404)
    expect((await post({ intent: 'revoke', id: google?.id ?? '' }, cookies.otherAdmin, other)).status).toBe(404)
    expect((await post({ intent: 'revoke', id: 'not-an-id' })).status).toBe(404)
    expect((await accounts()).length).toBe(3)
    expect(fake.revoked).toEqual([])
  })

  it("keeps the account and says 'Some error occurred...' when the provider does not revoke", async () => {
    const [google] = await accounts()
    fake.refuseRevoke = true
    const failed = await post({ intent: 'revoke', id: google?.id ?? '' })
    fake.refuseRevoke = false
    expect(toastOf(failed)).toEqual({ type: 'error', message: 'Some error occurred. Please contact your account manager.' })
    expect((await accounts()).map((row) => row.id)).toContain(google?.id)
  })

  it('revokes at the provider and deletes the account', async () => {
    const rows = await accounts()
    const refreshToken = fake.issuedTokens().filter((token) => token.startsWith('google-mail-rt-')).at(-1)
    const done = await post({ intent: 'revoke', id: rows[0]?.id ?? '' })
    expect(toastOf(done)).toEqual({ type: 'success', message: EMAIL_ACCOUNT_MESSAGES.revoked })
    expect(fake.revoked).toContain(refreshToken)
    // The staff member revokes their own Microsoft account (nothing to call there: the tokens go) and Zoho account.
    expect(toastOf(await post({ intent: 'revoke', id: rows[1]?.id ?? '' }, cookies.staff))?.type).toBe('success')
    expect(toastOf(await post({ intent: 'revoke', id: rows[2]?.id ?? '' }, cookies.staff))?.type).toBe('success')
    expect(await accounts()).toEqual([])
    expect(fake.revoked).toHaveLength(2)
    expect(fake.revoked[1]).toMatch(/^zoho-mail-rt-/)
    expect((await post({ intent: 'revoke', id: rows[0]?.id ?? '' })).status).toBe(404)
  })

  it('never put a token in any answer', () => {
    const tokens = fake.issuedTokens()
    expect(tokens.length).toBeGreaterThan(6)
    expect(answers.length).toBeGreaterThan(40)
    for (const answer of answers) for (const token of tokens) expect(answer).not.toContain(token)
  })
})
