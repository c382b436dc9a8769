import { action, loader } from '#app/routes/_admin+/settings+/integrations.twilio'
import { loader as hubLoader } from '#app/routes/_admin+/settings+/integrations._index'
import { withTenant } from '#db/tenant-scope'
import type { HubCard } from '#server/integrations/integration-hub'
import { TWILIO_REFUSALS } from '#server/sms/save-twilio-settings'
import type { TwilioPage } from '#server/sms/twilio-page'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { callRoute, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the Twilio page (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let fake: FakeTwilio
  /** Every body the routes answered: the auth token must never be in one. */
  const bodies: string[] = []

  beforeAll(async () => {
    fake = await startFakeTwilio()
    platform = await createTestPlatform({ TWILIO_API_URL: fake.url })
    world = await createUsersWorld(platform, 'twiliopage')
  })
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
  })

  const PATH = '/settings/integrations/twilio'
  const url = (path: string) => `http://${world.host}${path}`
  const keep = (outcome: RouteOutcome) => {
    bodies.push(typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body ?? null))
    return outcome
  }
  const page = async (query = '', cookie = world.cookies.admin) => {
    const outcome = keep(await callRoute(loader, getRequest(url(`${PATH}${query}`), cookie), world.context()))
    return { status: outcome.status, body: outcome.body as { page: TwilioPage; advanced: boolean } }
  }
  const post = async (fields: Record<string, string>, cookie = world.cookies.admin) => keep(await callRoute(action, formPostRequest(url(PATH), fields, cookie), world.context()))
  const form = (changes: Record<string, string> = {}) => ({ intent: 'save', sender: '+1 555 010 0200', sid: fake.accountSid, token: fake.authToken, adminPhone: '', ...changes })
  const row = () => withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('sms_settings').selectAll().executeTakeFirst())
  type Refused = { errors: Record<string, string>; formError: string | null; values: Record<string, string>; advanced: boolean }

  it('opens empty with the spec defaults, and each missing field gets its message while nothing is written', async () => {
    const opened = await page()
    expect(opened.status).toBe(200)
    expect(opened.body.page).toMatchObject({ isConfigured: false, hasToken: false, values: { sender: '', sid: '', pageSize: '250', pageWaitMinutes: '3' } })
    expect(opened.body.advanced).toBe(false)
    expect((await page('?advanced=1')).body.advanced).toBe(true)
    const cases: Array<[string, string]> = [
      ['sender', 'Phone or Messaging Service ID is required'],
      ['sid', 'Account SID is required'],
      ['token', 'Auth Token is required'],
    ]
    for (const [field, message] of cases) {
      const refused = await post(form({ [field]: '' }))
      expect(refused.status).toBe(400)
      expect((refused.body as Refused).errors).toEqual({ [field]: message })
    }
    const badAdvanced = await post(form({ pageSize: '0', pageWaitMinutes: 'soon' }))
    expect(badAdvanced.status).toBe(400)
    expect((badAdvanced.body as Refused).errors).toEqual({ pageSize: 'Page Size is a whole number from 1 to 10000', pageWaitMinutes: 'Page Timer is a whole number of minutes from 0 to 1440' })
    expect((badAdvanced.body as Refused).advanced).toBe(true)
    const badAdmin = await post(form({ adminPhone: 'call me' }))
    expect((badAdmin.body as Refused).errors).toEqual({ adminPhone: 'Admin Phone is a phone number: digits, with a leading + if you like' })
    // A body that is no form at all is a refusal too, never a 500.
    const junk = keep(await callRoute(action, new Request(url(PATH), { method: 'POST', headers: { cookie: world.cookies.admin, origin: `http://${world.host}`, 'content-type': 'application/json' }, body: '{}' }), world.context()))
    expect(junk.status).toBeLessThan(500)
    expect(await row()).toBeUndefined()
    expect(fake.calls.account).toBe(0)
  })

  it('says so when Twilio refuses the credentials or the account cannot send, and writes nothing', async () => {
    const wrong = await post(form({ token: 'not-the-token' }))
    expect(wrong.status).toBe(400)
    expect((wrong.body as Refused).formError).toBe(TWILIO_REFUSALS.refused('Authenticate'))
    expect((wrong.body as Refused).values.token).toBe('')
    fake.setAccountStatus('suspended')
    const suspended = await post(form())
    expect((suspended.body as Refused).formError).toBe(TWILIO_REFUSALS.suspended('suspended'))
    fake.setAccountStatus('active')
    fake.failNext(1, 503)
    const down = await post(form())
    expect((down.body as Refused).formError).toContain('Twilio could not be reached, so nothing was saved')
    expect(await row()).toBeUndefined()
  })

  it('is 403 for staff and front desk, and writes nothing', async () => {
    expect((await page('', world.cookies.staff)).status).toBe(403)
    expect((await post(form(), world.cookies.staff)).status).toBe(403)
    expect((await post(form(), world.cookies.frontDesk)).status).toBe(403)
    expect(await row()).toBeUndefined()
  })

  it("saves a numeric sender as the phone with the token sealed and the spec's defaults, says 'Twilio updated successfully' and checks the hub's card", async () => {
    const saved = await post(form({ adminPhone: '+1 (555) 010-0300' }))
    expect(saved.status).toBe(302)
    expect(toastOf(saved)?.message).toBe('Twilio updated successfully')
    const stored = await row()
    expect(stored).toMatchObject({ provider: 'twilio', twilio_sid: fake.accountSid, twilio_phone: '+15550100200', twilio_messaging_id: null, admin_phone: '+15550100300', page_size: 250, page_wait_minutes: 3 })
    expect(stored?.twilio_token_sealed).toBeTruthy()
    expect(stored?.twilio_token_sealed).not.toContain(fake.authToken)
    const opened = await page()
    expect(opened.body.page).toMatchObject({ isConfigured: true, hasToken: true, values: { sender: '+15550100200', sid: fake.accountSid, token: '' } })
    const hub = keep(await callRoute(hubLoader, getRequest(url('/settings/integrations'), world.cookies.admin), world.context()))
    const cards = (hub.body as { cards: HubCard[] }).cards
    expect(cards.find((card) => card.key === 'twilio')).toMatchObject({ href: PATH, isIntegrated: true })
  })

  it('takes a non-numeric sender as the messaging service id and clears the phone; a blank token keeps the saved one; the advanced view sets the pace', async () => {
    const before = (await row())?.twilio_token_sealed
    const saved = await post(form({ sender: 'MG0123456789abcdef0123456789abcdef', token: '', pageSize: '100', pageWaitMinutes: '5' }))
    expect(saved.status).toBe(302)
    expect(await row()).toMatchObject({ twilio_phone: null, twilio_messaging_id: 'MG0123456789abcdef0123456789abcdef', page_size: 100, page_wait_minutes: 5 })
    // Sealed afresh, but the same token: the next save without one still passes Twilio's check.
    expect((await row())?.twilio_token_sealed).toBeTruthy()
    expect(before).toBeTruthy()
    const again = await post(form({ sender: '+15550100999', token: '' }))
    expect(again.status).toBe(302)
    // Without the advanced fields the saved pace stays.
    expect(await row()).toMatchObject({ twilio_phone: '+15550100999', twilio_messaging_id: null, page_size: 100, page_wait_minutes: 5 })
  })

  it('never sent the auth token in any answer', () => {
    expect(bodies.length).toBeGreaterThan(10)
    for (const body of bodies) expect(body).not.toContain(fake.authToken)
  })
})
