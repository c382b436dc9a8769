import { asSystem } from '#db/tenant-scope'
import { readCustomDomainClaim } from '#server/settings/custom-domain-verification'
import { action, loader } from '#app/routes/_admin+/settings+/account'
import { loader as uploadLoader } from '#app/routes/_site+/uploads.$name'
import { loader as pingLoader } from '#app/routes/_platform+/api.tenant.ping'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, toastOf } from '#tests/support/route-call'
import { contextOf, createSettingsWorld, form, freshTenant, get, PNG_BYTES, post, snapshotTenant, type SettingsWorld } from './settings-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`Account Settings (${engine})`, () => {
  let platform: TestPlatform
  let world: SettingsWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createSettingsWorld(platform, 'lotus')
  })
  afterAll(() => platform.close())

  const valid = () => ({
    intent: 'account',
    'root[name]': 'Lotus Yoga',
    'root[accountOwner]': world.contacts.admin.id,
    'root[fromEmailName]': 'Lotus Yoga',
    'root[fromEmail]': 'hello@lotus.test',
    'root[country]': 'United States',
    'root[phone]': '555-010-0001',
    'root[street]': '1 Main St',
    'root[city]': 'Austin',
    'root[state]': 'TX',
    'root[zip]': '78701',
    'root[timezone]': 'America/Chicago',
    'root[dateFormat]': 'dd-MM-YYYY',
    'root[defaultLanguage]': 'tr',
    'root[itemExpiresAfter]': '12',
    'root[customDomain]': '',
    'root[aboutOrg]': 'A small studio.',
  })
  const save = async (entries: Record<string, string | Blob>, cookie = world.cookies.admin) =>
    callRoute(action, post(world.host, '/settings/account', form(entries), cookie), await contextOf(platform, world.tenant))

  it('shows every field, the Org Id, and the admins as possible owners', async () => {
    const outcome = await callRoute(loader, get(world.host, '/settings/account', world.cookies.admin), await contextOf(platform, world.tenant))
    expect(outcome.status).toBe(200)
    const view = outcome.body as { orgId: string; descriptor: { schema: { properties: Record<string, { enum?: string[] }> } }; values: Record<string, unknown> }
    expect(view.orgId).toBe('lotus')
    expect(Object.keys(view.descriptor.schema.properties)).toEqual([
      'name', 'accountOwner', 'fromEmailName', 'fromEmail', 'country', 'phone', 'street', 'city', 'state', 'zip', 'timezone', 'dateFormat', 'defaultLanguage', 'itemExpiresAfter', 'customDomain', 'aboutOrg',
    ])
    expect(view.descriptor.schema.properties.defaultLanguage.enum).toEqual(['en', 'tr'])
    expect(view.values.defaultLanguage).toBe('en')
    expect(view.descriptor.schema.properties.dateFormat.enum).toEqual(['MM/dd/YYYY', 'MM dd YYYY', 'MM-dd-YYYY', 'MMM dd YYYY', 'dd/MM/YYYY', 'dd-MM-YYYY'])
    expect(view.values.dateFormat).toBe('MM/dd/YYYY')
    expect(view.descriptor.schema.properties.accountOwner.enum).toEqual([world.contacts.admin.id])
    expect(view.values.accountOwner).toBe(world.contacts.admin.id)
  })

  it('saves a valid form, reloads the tenant and goes back to settings with the toast', async () => {
    const outcome = await save(valid())
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/settings')
    expect(toastOf(outcome)).toEqual({ type: 'success', message: 'Successfully updated settings.' })
    const tenant = await freshTenant(platform, world.tenant)
    expect(tenant.name).toBe('Lotus Yoga')
    expect(tenant.settings).toMatchObject({
      accountOwner: world.contacts.admin.id,
      fromEmail: 'hello@lotus.test',
      phone: '555-010-0001',
      address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      timezone: 'America/Chicago',
      dateFormat: 'dd-MM-YYYY',
      defaultLanguage: 'tr',
      itemExpiresAfter: 12,
      aboutOrg: 'A small studio.',
      dialCode: '+1',
    })
  })

  it('picks the first time zone of a new country and its dial code (posted without JavaScript)', async () => {
    expect((await save({ ...valid(), 'root[country]': 'India', 'root[timezone]': 'America/Chicago' })).status).toBe(302)
    const tenant = await freshTenant(platform, world.tenant)
    expect(tenant.settings).toMatchObject({ country: 'India', timezone: 'Asia/Kolkata', dialCode: '+91' })
  })

  it('saves a custom domain as pending: the tenant is not found by it until its TXT record is verified', async () => {
    expect((await save({ ...valid(), 'root[customDomain]': 'Book.Lotus-Yoga.com' })).status).toBe(302)
    expect((await platform.tenants.resolveHost('book.lotus-yoga.com')).kind).toBe('unknown')
    const first = await readCustomDomainClaim(platform, world.tenant.id)
    expect(first).toMatchObject({ domain: 'book.lotus-yoga.com', status: 'pending', recordName: '_studio-verify.book.lotus-yoga.com' })
    // A changed domain is a new claim with a new token.
    expect((await save({ ...valid(), 'root[customDomain]': 'www.lotus-yoga.com' })).status).toBe(302)
    const second = await readCustomDomainClaim(platform, world.tenant.id)
    expect(second).toMatchObject({ domain: 'www.lotus-yoga.com', status: 'pending' })
    expect(second?.token).not.toBe(first?.token)
    expect((await platform.tenants.resolveHost('www.lotus-yoga.com')).kind).toBe('unknown')
  })

  it("answers 'Check Again' for its own pending domain, and 404 for a domain it has not claimed", async () => {
    expect((await save({ ...valid(), 'root[customDomain]': 'check.lotus-yoga.com' })).status).toBe(302)
    expect((await save({ intent: 'check-domain', domain: 'check.lotus-yoga.com' })).status).toBe(302)
    expect((await save({ intent: 'check-domain', domain: 'someone-else.example.com' })).status).toBe(404)
  })

  it.each([
    ['a blank organization name', { 'root[name]': ' ' }, { name: ['Organization Name is required!'] }],
    ['no account owner', { 'root[accountOwner]': '' }, { accountOwner: ['Account Owner is required!'] }],
    ['no time zone', { 'root[timezone]': '' }, { timezone: ['TimeZone is required!'] }],
    ['a malformed email', { 'root[fromEmail]': 'hello@' }, { fromEmail: ['Enter a valid email address'] }],
    ['a custom domain that is not a host name', { 'root[customDomain]': 'my studio' }, { customDomain: ['Enter a valid domain name, like schedule.example.com'] }],
    ['a custom domain of the platform', { 'root[customDomain]': 'other.localhost' }, { customDomain: ['This domain belongs to the platform: enter a domain of your own.'] }],
    ['a custom domain of another organisation', { 'root[customDomain]': 'TAKEN-lotus.example.com' }, { customDomain: ['This domain is already used by another organisation.'] }],
    ['another organisation’s admin as owner', {}, { accountOwner: ['Account Owner is required!'] }],
    ['a membership period that is not a number', { 'root[itemExpiresAfter]': 'soon' }, { itemExpiresAfter: ['Membership Expiry Period (months) must be a whole number'] }],
    ['a date format the spec does not offer', { 'root[dateFormat]': 'YYYY.MM.dd' }, { dateFormat: [expect.any(String)] }],
  ])('refuses %s with the message and writes nothing', async (label, change, errors) => {
    const entries: Record<string, string> = { ...valid(), ...change }
    if (label.startsWith('another organisation’s admin')) entries['root[accountOwner]'] = world.other.admin.id
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await save(entries)
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({ intent: 'account', formError: 'Invalid Form!', fieldErrors: errors })
    expect((outcome.body as { values: Record<string, unknown> }).values.phone).toBe('555-010-0001')
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  it.each(['staff', 'frontdesk', 'student'] as const)('gives %s a 403 and writes nothing', async (who) => {
    const before = await snapshotTenant(platform, world.tenant)
    expect((await save(valid(), world.cookies[who])).status).toBe(403)
    expect((await callRoute(loader, get(world.host, '/settings/account', world.cookies[who]), await contextOf(platform, world.tenant))).status).toBe(403)
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  it("does not let another organisation's admin in with their session", async () => {
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await save(valid(), world.other.adminCookie)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toMatch(/^\/login/)
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  it('uploads a logo checked by its bytes, and serves it on this organisation only', async () => {
    const outcome = await save({ intent: 'logo', 'upload[logo]': new File([PNG_BYTES], 'logo.txt', { type: 'text/plain' }) })
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/settings/account')
    expect(toastOf(outcome)?.message).toBe('Successfully updated logo.')
    const logo = (await freshTenant(platform, world.tenant)).settings.logo
    expect(logo).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/)
    const name = logo.slice('/uploads/'.length)
    const served = await callRoute(uploadLoader, get(world.host, logo, null), await contextOf(platform, world.tenant), { name })
    expect(served.status).toBe(200)
    expect(served.body).toEqual(PNG_BYTES)
    const elsewhere = await callRoute(uploadLoader, get(world.other.host, logo, null), await contextOf(platform, world.other.tenant), { name })
    expect(elsewhere.status).toBe(404)
  })

  it.each([
    ['an SVG named .png', new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' }), 'Only PNG, JPEG, GIF or WebP images can be uploaded.'],
    ['an image over 10 MB', new File([PNG_BYTES, new Uint8Array(10_485_760)], 'big.png', { type: 'image/png' }), 'The image must be at most 10 MB.'],
    ['no file', new File([], ''), 'Choose an image to upload.'],
  ])('refuses %s as a logo and writes nothing', async (_label, file, message) => {
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await save({ intent: 'logo', 'upload[logo]': file })
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({ intent: 'logo', fieldErrors: { logo: [message] } })
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  it('keeps the API key sealed at rest, shows it to the admin, and never in the public config', async () => {
    const outcome = await save({ intent: 'regenerate-api-key' })
    expect(outcome.status).toBe(302)
    const view = (await callRoute(loader, get(world.host, '/settings/account', world.cookies.admin), await contextOf(platform, world.tenant))).body as { apiKey: string }
    expect(view.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const stored = await asSystem(platform.database, 'test', (trx) => trx.selectFrom('tenant_secrets').selectAll().where('tenant_id', '=', world.tenant.id).execute())
    expect(stored).toHaveLength(1)
    expect(JSON.stringify(stored)).not.toContain(view.apiKey)
    const ping = await callRoute(pingLoader, get(world.host, '/api/tenant/ping', null), await contextOf(platform, world.tenant))
    expect(JSON.stringify(ping.body)).not.toContain(view.apiKey)
    // Regenerating replaces it.
    await save({ intent: 'regenerate-api-key' })
    const again = (await callRoute(loader, get(world.host, '/settings/account', world.cookies.admin), await contextOf(platform, world.tenant))).body as { apiKey: string }
    expect(again.apiKey).not.toBe(view.apiKey)
  })
})
