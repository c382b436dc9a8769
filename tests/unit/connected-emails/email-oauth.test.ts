import { createHash } from 'node:crypto'
import { connectDialogState, connectStepHref, continueHref } from '#server/connected-emails/connect-email-steps'
import { emailConsentUrl, newPendingEmailConnection, pendingEmailCookieValue, readPendingEmailCookie } from '#server/connected-emails/email-oauth'
import { emailProviderConfig, isEmailProviderConfigured, parseEmailProvider, type EmailProviderEnv } from '#server/connected-emails/email-providers'

const SECRET = 'a-test-app-secret-of-at-least-32-characters'
const contactId = '11111111-1111-4111-8111-111111111111'
const tenantId = '22222222-2222-4222-8222-222222222222'
const now = new Date('2026-12-03T10:00:00Z')

describe('the pending connection cookie: signed, for one person in one tenant, for 15 minutes', () => {
  const pending = newPendingEmailConnection({ provider: 'googlemail', address: 'me@gmail.test', isShared: true, contactId, tenantId }, now)
  const value = pendingEmailCookieValue(SECRET, pending)
  const expect_ = { contactId, tenantId, now }

  it('reads back what it keeps', () => {
    expect(readPendingEmailCookie(SECRET, value, expect_)).toEqual(pending)
  })

  it.each([
    ['no cookie', null, expect_],
    ['another secret', pendingEmailCookieValue('another-secret-of-at-least-32-characters!', pending), expect_],
    ['a changed payload', `${Buffer.from(JSON.stringify({ ...pending, isShared: false })).toString('base64url')}.${value.split('.')[1]}`, expect_],
    ['another person', value, { ...expect_, contactId: '33333333-3333-4333-8333-333333333333' }],
    ['another tenant', value, { ...expect_, tenantId: '44444444-4444-4444-8444-444444444444' }],
    ['after 15 minutes', value, { ...expect_, now: new Date(now.getTime() + 15 * 60_000) }],
    ['garbage', 'abc.def.ghi', expect_],
  ])('refuses %s', (_case, cookie, expected) => {
    expect(readPendingEmailCookie(SECRET, cookie, expected)).toBeNull()
  })

  it('asks the provider for a code with PKCE (S256), the state, the address as a hint and offline access', () => {
    const config = emailProviderConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', EMAIL_OAUTH_GOOGLE_URL: 'http://fake.test/google/' } satisfies EmailProviderEnv, 'googlemail')
    const url = new URL(emailConsentUrl(config, { pending, redirectUri: 'http://demo.localhost/settings/integrations/emails' }))
    expect(`${url.origin}${url.pathname}`).toBe('http://fake.test/google/o/oauth2/v2/auth')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'id',
      state: pending.state,
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      login_hint: 'me@gmail.test',
      access_type: 'offline',
    })
    expect(url.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.send')
  })
})

describe('the providers', () => {
  it("use the providers' own hosts unless a base URL is set, and need an id and a secret", () => {
    const none: EmailProviderEnv = {}
    expect(emailProviderConfig(none, 'googlemail').send).toBe('https://gmail.googleapis.com/gmail/v1/users/me/messages/send')
    expect(emailProviderConfig(none, 'outlookmail').token).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/token')
    expect(emailProviderConfig(none, 'outlookmail').send).toBe('https://graph.microsoft.com/v1.0/me/sendMail')
    expect(emailProviderConfig(none, 'zohomail').authorization).toBe('https://accounts.zoho.com/oauth/v2/auth')
    expect(isEmailProviderConfigured(emailProviderConfig(none, 'zohomail'))).toBe(false)
    expect(isEmailProviderConfigured(emailProviderConfig({ ZOHO_CLIENT_ID: 'a', ZOHO_CLIENT_SECRET: 'b' } satisfies EmailProviderEnv, 'zohomail'))).toBe(true)
    expect(parseEmailProvider('outlookmail')).toBe('outlookmail')
    expect(parseEmailProvider('other')).toBeNull()
  })
})

describe("the dialog's steps as addresses", () => {
  it.each([
    ['', null],
    ['?step=information', { step: 'information' }],
    ['?step=submitEmail&email=Me@X.test&share=1', { step: 'submitEmail', email: 'Me@X.test', isShared: true }],
    ['?step=emailIdentified&email=Me@Gmail.test&provider=googlemail', { step: 'emailIdentified', email: 'me@gmail.test', isShared: false, provider: 'googlemail' }],
    ['?step=emailIdentified&email=me@gmail.test&provider=other', { step: 'submitEmail', email: 'me@gmail.test', isShared: false }],
    ['?step=emailIdentifiedAndConfirmed&email=bad&provider=zohomail', { step: 'submitEmail', email: '', isShared: false }],
  ])('%s', (query, state) => {
    expect(connectDialogState(new URLSearchParams(query))).toEqual(state)
  })

  it('round-trips a step and leads Continue to the page itself', () => {
    const state = { step: 'emailIdentifiedAndConfirmed' as const, email: 'me@zoho.test', isShared: true, provider: 'zohomail' as const }
    expect(connectDialogState(new URL(connectStepHref(state), 'http://x').searchParams)).toEqual(state)
    expect(continueHref(state)).toBe('/settings/integrations/emails?connect=1&email=me%40zoho.test&share=1')
  })
})
