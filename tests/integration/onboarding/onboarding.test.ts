import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as staffLayoutLoader } from '#app/routes/_admin+/_layout'
import { action, loader } from '#app/routes/_session+/onboarding'
import { asSystem } from '#db/tenant-scope'
import { ONBOARDING_MESSAGES } from '#server/onboarding/onboarding-steps'
import type { OnboardingView } from '#server/onboarding/onboarding-view'
import type { Tenant } from '#server/tenancy/tenant'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { callRoute, formPostRequest, getRequest } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the onboarding wizard of a new tenant (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'onboarding', { isNewTenant: true })
  })
  afterAll(() => platform.close())

  const url = (path: string) => `http://${world.host}${path}`
  /** The tenant as stored now: each step changes its settings. */
  const fresh = async (): Promise<Tenant> => (await platform.tenants.findById(world.tenant.id)) ?? world.tenant
  const context = async () => contextFor(platform, await fresh())
  const view = async (path = '/onboarding', cookie = world.cookies.admin) => callRoute(loader, getRequest(url(path), cookie), await context())
  const post = async (fields: Record<string, string> | FormData, cookie = world.cookies.admin) => callRoute(action, formPostRequest(url('/onboarding'), fields, cookie), await context())
  const stored = async () => {
    const row = await asSystem(platform.database, 'test: tenant row', (trx) => trx.selectFrom('tenants').select(['name', 'settings']).where('id', '=', world.tenant.id).executeTakeFirstOrThrow())
    return { name: row.name, settings: (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Record<string, unknown> }
  }

  it('sends staff of a new tenant from any back-office address to onboarding, and verified students to their classes', async () => {
    for (const cookie of [world.cookies.admin, world.cookies.staff, world.cookies.frontDesk]) {
      const dashboard = await callRoute(staffLayoutLoader, getRequest(url('/dashboard'), cookie), await context())
      expect(dashboard.location).toBe('/onboarding')
    }
    await asSystem(platform.database, 'test: verified student', (trx) => trx.updateTable('contacts').set({ is_email_verified: true }).where('id', '=', world.student.id).execute())
    expect((await view('/onboarding', world.cookies.student)).location).toBe('/classes')
  })

  it("opens on 'Let's get Started' with the spec's defaults, and shows the unverified user's panel", async () => {
    const first = await view()
    expect(first.status).toBe(200)
    const body = first.body as OnboardingView
    expect(body.step).toBe(0)
    expect(body.values).toMatchObject({ businessType: 'wellness-trainer', businessSize: '2' })
    expect(body.unverified).toEqual({ name: 'Ada Admin', email: 'admin@onboarding.test' })
    // A later step cannot be opened before the earlier ones are saved.
    expect(((await view('/onboarding?step=2')).body as OnboardingView).step).toBe(0)
  })

  it('refuses a bad step 1 in the form and writes nothing; a good one is saved and leads to step 2', async () => {
    const before = await stored()
    const refused = await post({ step: '0', businessType: 'astronaut', businessSize: '2' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ kind: 'refused', step: 0, message: ONBOARDING_MESSAGES.missingFields, fieldErrors: { businessType: [ONBOARDING_MESSAGES.businessType] } })
    expect(await stored()).toEqual(before)

    const saved = await post({ step: '0', businessType: 'coach', businessSize: '10', businessReferer: 'A friend' })
    expect(saved.location).toBe('/onboarding?step=1')
    expect((await stored()).settings).toMatchObject({ businessType: 'coach', businessSize: '10', businessReferer: 'A friend', onBoardingStep: 1, isNewTenant: true })
  })

  it("step 2 asks for the phone in the spec's words and checks the time zone against the country; nothing is written until it fits", async () => {
    const before = await stored()
    const noPhone = new FormData()
    for (const [name, value] of Object.entries({ step: '1', name: 'Lotus Studio', country: 'IND', timezone: 'Asia/Kolkata', phone: '', website: '' })) noPhone.set(name, value)
    const missing = await post(noPhone)
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ message: ONBOARDING_MESSAGES.missingFields, fieldErrors: { phone: [ONBOARDING_MESSAGES.phoneRequired] }, values: { name: 'Lotus Studio' } })
    const wrongZone = await post({ step: '1', name: 'Lotus Studio', country: 'IND', timezone: 'America/Denver', phone: '98765 43210' })
    expect(wrongZone.body).toMatchObject({ fieldErrors: { timezone: [ONBOARDING_MESSAGES.timeZone] } })
    const shortPhone = await post({ step: '1', name: 'Lotus Studio', country: 'USA', timezone: 'America/Denver', phone: '555' })
    expect(shortPhone.body).toMatchObject({ fieldErrors: { phone: [ONBOARDING_MESSAGES.phoneShape('000-000-0000')] } })
    expect(await stored()).toEqual(before)

    const good = new FormData()
    for (const [name, value] of Object.entries({ step: '1', name: 'Lotus Studio', country: 'IND', timezone: 'Asia/Kolkata', phone: '98765 43210', website: 'lotus.example' })) good.set(name, value)
    expect((await post(good)).location).toBe('/onboarding?step=2')
    const after = await stored()
    expect(after.name).toBe('Lotus Studio')
    expect(after.settings).toMatchObject({ phone: '98765-43210', country: 'India', dialCode: '+91', timezone: 'Asia/Kolkata', website: 'https://lotus.example', onBoardingStep: 2 })
    // Going back shows what was saved.
    const back = (await view('/onboarding?step=1')).body as OnboardingView
    expect(back).toMatchObject({ step: 1, values: { name: 'Lotus Studio', country: 'IND', phone: '98765-43210' } })
  })

  it('the last step sets the chosen products as module flags (Courses always on), ends onboarding and lands on the dashboard', async () => {
    const done = await post({ step: '2', classes: 'on', donations: 'on' })
    expect(done.location).toBe('/dashboard')
    expect((await stored()).settings).toMatchObject({
      isNewTenant: false,
      isShowCourses: true,
      isShowScheduleMenu: true,
      isShowEventsMenu: false,
      isShowAssessment: false,
      isShowDonationMenu: true,
      isShowMerchandiseMenu: false,
    })
    expect((await view()).location).toBe('/dashboard')
    expect((await callRoute(staffLayoutLoader, getRequest(url('/dashboard'), world.cookies.admin), await context())).status).toBe(200)
    // A late post of a step once the tenant is set up changes nothing.
    const before = await stored()
    expect((await post({ step: '0', businessType: 'non-profit', businessSize: '5' })).location).toBe('/dashboard')
    expect(await stored()).toEqual(before)
  })
})

describe(`onboarding's verification panel (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'onboardverify', { isNewTenant: true })
  })
  afterAll(() => platform.close())

  it("resends the verification link to the signed-in user and says 'Sent verification email'", async () => {
    const sent = await callRoute(action, formPostRequest(`http://${world.host}/onboarding`, { intent: 'resend-verification' }, world.cookies.staff), world.context())
    expect(sent.body).toEqual({ kind: 'verification', ok: true, message: 'Sent verification email' })
    const mails = await asSystem(platform.database, 'test: outbox', (trx) => trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', 'staff@onboardverify.test').execute())
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text_body).toContain('/verify-email/')
    // Verified: the panel is gone.
    await asSystem(platform.database, 'test: verified', (trx) => trx.updateTable('contacts').set({ is_email_verified: true }).where('id', '=', world.staff.id).execute())
    const page = await callRoute(loader, getRequest(`http://${world.host}/onboarding`, world.cookies.staff), world.context())
    expect((page.body as OnboardingView).unverified).toBeNull()
  })
})

describe(`an unverified student waiting for their link (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'onboardstudent')
  })
  afterAll(() => platform.close())

  const page = () => callRoute(loader, getRequest(`http://${world.host}/onboarding`, world.cookies.student), world.context())
  const post = (fields: Record<string, string>) => callRoute(action, formPostRequest(`http://${world.host}/onboarding`, fields, world.cookies.student), world.context())
  const mails = () => asSystem(platform.database, 'test: outbox', (trx) => trx.selectFrom('outbound_emails').select(['text_body']).where('to_address', '=', 'student@onboardstudent.test').execute())

  it('waits on the page, checked again every 10 seconds, until the address is verified, then goes to the classes', async () => {
    const waiting = await page()
    expect(waiting.status).toBe(200)
    expect(waiting.headers.get('Cache-Control')).toBe('no-store')
    expect(waiting.body).toEqual({ who: 'student', title: 'Verify your email address', email: 'student@onboardstudent.test', recheckSeconds: 10 })

    const sent = await post({ intent: 'resend-verification' })
    expect(sent.body).toEqual({ kind: 'verification', ok: true, message: 'Sent verification email' })
    expect((await mails())[0]?.text_body).toContain('/verify-email/')
    // A student has no wizard to post: any other post only shows the page again, writing nothing.
    expect((await post({ step: '0', businessType: 'coach', businessSize: '5' })).location).toBe('/onboarding')
    const settings = await asSystem(platform.database, 'test: tenant', (trx) => trx.selectFrom('tenants').select('settings').where('id', '=', world.tenant.id).executeTakeFirstOrThrow())
    expect(settings.settings).not.toMatchObject({ businessType: 'coach' })

    await asSystem(platform.database, 'test: verified', (trx) => trx.updateTable('contacts').set({ is_email_verified: true }).where('id', '=', world.student.id).execute())
    expect((await page()).location).toBe('/classes')
    // Verified already: the post goes on to the classes, and nothing more is sent.
    expect((await post({ intent: 'resend-verification' })).location).toBe('/classes')
    expect(await mails()).toHaveLength(1)
  })

  it('answers in Turkish on a Turkish page', async () => {
    await asSystem(platform.database, 'test: unverified', (trx) => trx.updateTable('contacts').set({ is_email_verified: false }).where('id', '=', world.student.id).execute())
    const sent = await callRoute(action, formPostRequest(`http://${world.host}/onboarding`, { intent: 'resend-verification' }, world.cookies.student), { ...world.context(), language: 'tr' })
    expect(sent.body).toEqual({ kind: 'verification', ok: true, message: 'Doğrulama e-postası gönderildi' })
  })
})
