import { loader as startLoader } from '#app/routes/_auth+/auth.google'
import { loader as callbackLoader } from '#app/routes/_auth+/auth.google_.callback'
import { loader as loginLoader } from '#app/routes/_auth+/login'
import { getSessionUser } from '#app/utils/auth.server'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakeOAuthProvider, type FakeOAuthProvider } from '#tests/fakes/oauth-provider'
import { createContact, createTenant } from '#tests/support/fixtures'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, cookieOf, getRequest } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`Google sign-in against a local fake provider (${engine})`, () => {
  let provider: FakeOAuthProvider
  let platform: TestPlatform
  let studio: Tenant
  let annex: Tenant

  beforeAll(async () => {
    provider = await startFakeOAuthProvider()
    platform = await createTestPlatform({
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      GOOGLE_OAUTH_BASE_URL: provider.url,
    })
    studio = await createTenant(platform, { orgId: 'gstudio', name: 'G Studio' })
    annex = await createTenant(platform, { orgId: 'gannex', name: 'G Annex' })
    await createContact(platform, studio, { role: 'ROLE_STUDENT', email: 'pupil@gmail.test' })
    await createContact(platform, studio, { role: 'ROLE_ADMIN', email: 'owner@gmail.test' })
    await createContact(platform, annex, { role: 'ROLE_STAFF', email: 'owner@gmail.test' })
  })
  afterAll(async () => {
    await platform.close()
    await provider.close()
  })

  /** The browser's round trip: our start URL, the provider's consent, back to our callback. */
  async function roundTrip(origin: string, tenant: Tenant | null, startPath = '/auth/google') {
    const started = await callRoute(startLoader, getRequest(`${origin}${startPath}`), contextFor(platform, tenant))
    expect(started.status).toBe(302)
    const consent = await fetch(started.location ?? '', { redirect: 'manual' })
    expect(consent.status).toBe(302)
    const callbackUrl = consent.headers.get('Location') ?? ''
    expect(callbackUrl.startsWith(`${origin}/auth/google/callback?`)).toBe(true)
    const cookieHeader = started.setCookies.map((line) => line.split(';', 1)[0] ?? '').join('; ')
    return callRoute(callbackLoader, getRequest(callbackUrl, cookieHeader), contextFor(platform, tenant))
  }

  it('signs a known, verified Google account into the tenant of the host and keeps redirectTo', async () => {
    provider.signInAs({ email: 'Pupil@gmail.test' })
    const answer = await roundTrip('http://gstudio.localhost', studio, '/auth/google?redirectTo=%2Fmycourses')
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/mycourses')
    const user = await getSessionUser(getRequest('http://gstudio.localhost/', cookieOf(answer, '__session')), contextFor(platform, studio))
    expect(user?.email).toBe('pupil@gmail.test')
  })

  it("shows 'Account Not Found' with the spec's text when nobody has that email", async () => {
    provider.signInAs({ email: 'stranger@gmail.test' })
    const answer = await roundTrip('http://gstudio.localhost', studio)
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ kind: 'not-found', reason: 'we could not find an account for stranger@gmail.test' })
    expect(answer.setCookies.some((line) => line.startsWith('__session='))).toBe(false)
  })

  it('refuses an email Google has not verified', async () => {
    provider.signInAs({ email: 'pupil@gmail.test', emailVerified: false })
    const answer = await roundTrip('http://gstudio.localhost', studio)
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ kind: 'not-found', reason: 'your Google email address is not verified' })
  })

  it('asks which organisation on the platform host when the account is in several', async () => {
    provider.signInAs({ email: 'owner@gmail.test' })
    const answer = await roundTrip('http://localhost', null)
    expect(answer.status).toBe(200)
    const body = answer.body as { kind: string; orgs: { name: string }[] }
    expect(body.kind).toBe('choose-org')
    expect(body.orgs.map((org) => org.name)).toEqual(['G Annex', 'G Studio'])
  })

  it('refuses a callback whose state does not match the cookie', async () => {
    provider.signInAs({ email: 'pupil@gmail.test' })
    const started = await callRoute(startLoader, getRequest('http://gstudio.localhost/auth/google'), contextFor(platform, studio))
    const consent = await fetch(started.location ?? '', { redirect: 'manual' })
    const answer = await callRoute(callbackLoader, getRequest(consent.headers.get('Location') ?? ''), contextFor(platform, studio))
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ kind: 'not-found', reason: 'your Google sign-in did not complete' })
  })

  it('says Google is not configured when there is no client id', async () => {
    const bare = await createTestPlatform()
    try {
      const tenant = await createTenant(bare, { orgId: 'plain' })
      const page = await callRoute(loginLoader, getRequest('http://plain.localhost/login'), contextFor(bare, tenant))
      expect(page.body).toMatchObject({ googleConfigured: false })
      const start = await callRoute(startLoader, getRequest('http://plain.localhost/auth/google'), contextFor(bare, tenant))
      expect(start.location).toBe('/login')
    } finally {
      await bare.close()
    }
  })
})
