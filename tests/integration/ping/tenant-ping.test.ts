import { loader as ping } from '#app/routes/_platform+/api.tenant.ping'
import { asSystem } from '#db/tenant-scope'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { API_KEYS, regenerateApiKey } from '#server/settings/tenant-api-keys'
import { tenantConfigSchema } from '#server/tenancy/tenant-config-schema'
import type { Tenant } from '#server/tenancy/tenant'
import { createTrialForm } from '#tests/integration/forms/form-fixtures'
import { tenantWithPeople, updateSettings, type Cookies } from '#tests/integration/shell/shell-world'
import { createContact } from '#tests/support/fixtures'
import { callRoute, getRequest } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * Every field of the spec's tenant config that the product knows today. The ones it leaves out
 * wait for their capability (listed in server/tenancy/tenant-config-schema.ts).
 */
const KNOWN_FIELDS = [
  'cardFees', 'bigLogo', 'smallLogo', 'logo', 'buyButtonLabel', 'csymbol', 'customDomain', 'email', 'phone',
  'environmentName', 'isNewTenant', 'isShowCalenderView', 'isShowCourses', 'isShowDonation', 'isShowScheduleMenu',
  'isShowStoreMenu', 'isSupportGrn', 'isShowRegistrationLink', 'isShowSchedule', 'isWaiverFormToBeSigned',
  'isMasterFranchise', 'isMultiCountrySupport', 'country', 'name', 'orgId', 'masterOrgId', 'orgGuId', 'tenantId',
  'timezone', 'version', 'waiverFormLink', 'website', 'workshopLabel', 'isAuthValid', 'taxPercent', 'seoDescription',
  'seoKeywords', 'page1', 'page2', 'page3', 'page4', 'page5', 'webstate', 'forms', 'title', 'isExternalWebsite',
  'registerButtonLabel', 'primaryGuardianLabel', 'secondaryGuardianLabel', 'itemExpiresAfter', 'scheduleLabel',
  'promotionLabel', 'privacyPolicyLink', 'termsOfServiceLink', 'isEnableCourses', 'homepage', 'home', 'web', 'org',
  'socials', 'address', 'isEnableOnlineCourses', 'isAddressNeededForEvent', 'isRegAndPurchaseOnSamePage', 'isShowRoomName',
  'paymentProvider', 'activePaymentProvider', 'publishableKey', 'paymentAccountId',
]

/** Secret-looking key names: none may appear anywhere in the config. */
const secretKeyName = /secret|token|passw|credential|private|^key$|[a-z_-]key$|apikey|api_key|sealed|hash/i

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf)
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => [key, ...keysOf(child)])
  return []
}

describe(`the tenant ping (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant
  let cookies: Cookies
  let apiKeys: string[]
  let formGuId: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    ;({ tenant, cookies } = await tenantWithPeople(platform, { orgId: 'pinged' }))
    ;({ tenant: other } = await tenantWithPeople(platform, { orgId: 'otherping' }))
    tenant = await updateSettings(platform, tenant, { itemExpiresAfter: 6, cardFees: 2.5, logo: '/uploads/logo.png' })
    await createContact(platform, tenant, { role: 'ROLE_ADMIN', email: 'owner@pinged.test', password: 'a long password 123' })
    apiKeys = [await regenerateApiKey(platform, tenant, API_KEYS.account), await regenerateApiKey(platform, tenant, API_KEYS.plugin)]
    formGuId = (await createTrialForm(platform, tenant)).guId
  })
  afterAll(() => platform.close())

  const askAt = (host: Tenant, cookie: string | null, query = '') =>
    callRoute(ping, getRequest(`http://${host.orgId}.localhost/api/tenant/ping${query}`, cookie), contextFor(platform, host))

  it('answers every field the product knows, in the shape of its schema', async () => {
    const outcome = await askAt(tenant, null)
    expect(outcome.status).toBe(200)
    const config = tenantConfigSchema.parse(outcome.body)
    expect(Object.keys(config).sort()).toEqual([...KNOWN_FIELDS].sort())
    expect(config).toMatchObject({
      orgId: 'pinged',
      itemExpiresAfter: 6,
      cardFees: 2.5,
      bigLogo: '/uploads/logo.png',
      smallLogo: '/uploads/logo.png',
      primaryGuardianLabel: 'Mother',
      secondaryGuardianLabel: 'Father',
      webstate: 'internal',
      isExternalWebsite: false,
      isAuthValid: false,
      homepage: 'home',
      // No card provider is connected: checkout takes what costs nothing.
      paymentProvider: null,
      activePaymentProvider: null,
      publishableKey: null,
    })
    expect(config.home).toMatchObject({ name: 'home', url: 'home', isExternalLink: false })
    expect(config.page1).toEqual(config.home)
    expect(config.forms).toEqual([{ name: 'Trial Class Registration', guId: formGuId }])
    expect(outcome.headers.get('Cache-Control')).toBe('public, max-age=30')
  })

  it('never answers a secret: no sealed key, API key, password hash or app secret', async () => {
    const sealed = await asSystem(platform.database, 'test', (trx) =>
      trx.selectFrom('tenant_secrets').select('sealed_value').where('tenant_id', '=', tenant.id).execute(),
    )
    const hashes = await asSystem(platform.database, 'test', (trx) =>
      trx.selectFrom('contacts').select('password_hash').where('tenant_id', '=', tenant.id).where('password_hash', 'is not', null).execute(),
    )
    expect(sealed.length).toBe(2)
    expect(hashes.length).toBeGreaterThan(0)
    for (const cookie of [null, cookies.ROLE_ADMIN]) {
      const outcome = await askAt(tenant, cookie)
      const text = JSON.stringify(outcome.body)
      const secrets = [...apiKeys, ...sealed.map((row) => String(row.sealed_value)), ...hashes.map((row) => String(row.password_hash)), platform.env.APP_SECRET]
      for (const secret of secrets) expect(text).not.toContain(secret)
      expect(text).not.toContain('scrypt$')
      // Stripe's publishable key is public by design: every buyer's browser is sent it.
      expect(keysOf(outcome.body).filter((key) => key !== 'publishableKey' && secretKeyName.test(key))).toEqual([])
    }
  })

  it("says whether the caller's session is valid, and then keeps the answer out of shared caches", async () => {
    const signedIn = await askAt(tenant, cookies.ROLE_STUDENT)
    expect((signedIn.body as { isAuthValid: boolean }).isAuthValid).toBe(true)
    expect(signedIn.headers.get('Cache-Control')).toBe('private, no-store')

    const badCookie = await askAt(tenant, `${SESSION_COOKIE}=${'a'.repeat(43)}`)
    expect((badCookie.body as { isAuthValid: boolean }).isAuthValid).toBe(false)

    // A session of this host says nothing about another tenant asked for by name.
    const aboutOther = await askAt(tenant, cookies.ROLE_ADMIN, `?name=${other.orgId}`)
    expect(aboutOther.body).toMatchObject({ orgId: other.orgId, isAuthValid: false, forms: [] })
  })

  it("shows an external website's state when the home page links elsewhere", async () => {
    await asSystem(platform.database, 'test fixture', (trx) =>
      trx
        .updateTable('web_pages')
        .set({ is_external_link: true, external_link: 'https://studio.example' })
        .where('tenant_id', '=', other.id)
        .where('name', '=', 'home')
        .execute(),
    )
    const outcome = await askAt(other, null)
    expect(outcome.body).toMatchObject({ webstate: 'external', isExternalWebsite: true, home: { externalLink: 'https://studio.example' } })
  })
})
