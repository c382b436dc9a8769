import { action, loader } from '#app/routes/_admin+/settings+/integrations.plivo'
import { action as twilioAction, loader as twilioLoader } from '#app/routes/_admin+/settings+/integrations.twilio'
import { loader as hubLoader } from '#app/routes/_admin+/settings+/integrations._index'
import { withTenant } from '#db/tenant-scope'
import type { HubCard } from '#server/integrations/integration-hub'
import { PLIVO_MESSAGES } from '#server/sms/plivo-form'
import { PLIVO_REFUSALS, type PlivoPage } from '#server/sms/plivo-page'
import type { TwilioPage } from '#server/sms/twilio-page'
import type { PlivoSearch } from '#app/components/sms/plivo-number-search'
import { startFakePlivo, type FakePlivo } from '#tests/fakes/plivo-fake'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { callRoute, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the Plivo page (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let plivo: FakePlivo
  let twilio: FakeTwilio
  /** Every body the routes answered: the auth token must never be in one. */
  const bodies: string[] = []

  beforeAll(async () => {
    plivo = await startFakePlivo()
    twilio = await startFakeTwilio()
    platform = await createTestPlatform({ PLIVO_API_URL: plivo.url, TWILIO_API_URL: twilio.url })
    world = await createUsersWorld(platform, 'plivopage')
  })
  afterAll(async () => {
    await platform?.close()
    await plivo?.close()
    await twilio?.close()
  })

  const PATH = '/settings/integrations/plivo'
  const url = (path: string) => `http://${world.host}${path}`
  const keep = (outcome: RouteOutcome) => {
    bodies.push(typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body ?? null))
    return outcome
  }
  const open = async (query = '', cookie = world.cookies.admin) => {
    const outcome = keep(await callRoute(loader, getRequest(url(`${PATH}${query}`), cookie), world.context()))
    return { status: outcome.status, body: outcome.body as { page: PlivoPage; search: PlivoSearch | null; confirmRelease: boolean } }
  }
  const post = async (fields: Record<string, string>, cookie = world.cookies.admin) => keep(await callRoute(action, formPostRequest(url(PATH), fields, cookie), world.context()))
  const start = (changes: Record<string, string> = {}) => ({ intent: 'start', agree: 'on', authId: plivo.authId, authToken: plivo.authToken, ...changes })
  const row = () => withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('sms_settings').selectAll().executeTakeFirst())
  type AccountRefused = { intent: string; errors: Record<string, string>; formError: string | null; values: Record<string, unknown> }
  type Refused = { intent: string; message: string }

  it('opens at the terms; Get Started without the terms or credentials is refused with the messages, writing nothing', async () => {
    const opened = await open()
    expect(opened.status).toBe(200)
    expect(opened.body.page).toMatchObject({ stage: 'terms', replaces: null, hasToken: false, phoneNumber: null })
    const { agree: _agree, ...unchecked } = start()
    const noTerms = await post(unchecked)
    expect(noTerms.status).toBe(400)
    expect((noTerms.body as AccountRefused).errors).toEqual({ agree: PLIVO_MESSAGES.termsRequired })
    const noId = await post(start({ authId: '', authToken: '' }))
    expect((noId.body as AccountRefused).errors).toEqual({ authId: PLIVO_MESSAGES.authIdRequired, authToken: PLIVO_MESSAGES.tokenRequired })
    // Searching before Get Started finds nothing to search with.
    expect((await open('?areaCode=415')).body.search).toBeNull()
    const early = await post({ intent: 'buy', number: '14155550100' })
    expect((early.body as Refused).message).toBe(PLIVO_REFUSALS.notStarted)
    const junk = keep(await callRoute(action, new Request(url(PATH), { method: 'POST', headers: { cookie: world.cookies.admin, origin: `http://${world.host}`, 'content-type': 'application/json' }, body: '{}' }), world.context()))
    expect(junk.status).toBe(400)
    expect(await row()).toBeUndefined()
    expect(plivo.calls.account).toBe(0)
  })

  it('says so when Plivo refuses the credentials or cannot be reached, and writes nothing', async () => {
    const wrong = await post(start({ authToken: 'not-the-token' }))
    expect(wrong.status).toBe(400)
    expect((wrong.body as AccountRefused).formError).toBe(PLIVO_REFUSALS.refused('Authentication credentials invalid.'))
    expect((wrong.body as AccountRefused).values.authToken).toBe('')
    plivo.failNext(1, 500)
    const down = await post(start())
    expect((down.body as AccountRefused).formError).toContain('Plivo could not be reached, so nothing was saved')
    expect(await row()).toBeUndefined()
  })

  it('is 403 for staff, and another studio sees none of it', async () => {
    expect((await open('', world.cookies.staff)).status).toBe(403)
    expect((await post(start(), world.cookies.staff)).status).toBe(403)
    expect((await post(start(), world.cookies.frontDesk)).status).toBe(403)
    expect(await row()).toBeUndefined()
  })

  it("replaces Twilio on Get Started: 'Sms config updated', the token sealed, the hub's Plivo card checked", async () => {
    // Twilio sends today; both pages say that setting up the other replaces it.
    const twilioSaved = await callRoute(twilioAction, formPostRequest(url('/settings/integrations/twilio'), { intent: 'save', sender: '+15550100200', sid: twilio.accountSid, token: twilio.authToken, adminPhone: '' }, world.cookies.admin), world.context())
    expect(twilioSaved.status).toBe(302)
    expect((await open()).body.page.replaces).toBe('twilio')
    const started = await post(start())
    expect(started.status).toBe(302)
    expect(toastOf(started)?.message).toBe('Sms config updated')
    const stored = await row()
    expect(stored).toMatchObject({ provider: 'plivo', plivo_auth_id: plivo.authId, is_agree_to_terms: true, twilio_sid: null, twilio_token_sealed: null, twilio_phone: null, plivo_phone_number: null })
    expect(stored?.plivo_token_sealed).toBeTruthy()
    expect(stored?.plivo_token_sealed).not.toContain(plivo.authToken)
    expect(stored?.terms_agreed_at).toBeInstanceOf(Date)
    const twilioPage = keep(await callRoute(twilioLoader, getRequest(url('/settings/integrations/twilio'), world.cookies.admin), world.context()))
    expect((twilioPage.body as { page: TwilioPage }).page).toMatchObject({ isConfigured: false, replaces: 'plivo' })
    expect((await open()).body.page).toMatchObject({ stage: 'number', replaces: null, authId: plivo.authId, hasToken: true })
    const hub = keep(await callRoute(hubLoader, getRequest(url('/settings/integrations'), world.cookies.admin), world.context()))
    const cards = (hub.body as { cards: HubCard[] }).cards.filter((card) => card.group === 'SMS Marketing')
    expect(cards.map((card) => [card.name, card.href, card.isIntegrated])).toEqual([
      ['Twilio', '/settings/integrations/twilio', false],
      ['Plivo', PATH, true],
    ])
  })

  it('searches numbers by area code (messages for a bad code, the spec words when none)', async () => {
    const found = await open('?areaCode=415')
    expect(found.body.search).toMatchObject({ areaCode: '415', areaCodeError: null, error: null })
    expect(found.body.search?.numbers.map((n) => n.display)).toEqual(['+14155550100', '+14155550101', '+14155550102'])
    expect(found.body.search?.numbers[0]).toMatchObject({ region: 'California, UNITED STATES', country: 'UNITED STATES', smsEnabled: true, mmsEnabled: true, monthlyRent: '$0.50' })
    expect((await open('?areaCode=12')).body.search).toMatchObject({ areaCodeError: PLIVO_MESSAGES.areaCodeShape, numbers: [] })
    expect((await open('?areaCode=')).body.search).toMatchObject({ areaCodeError: PLIVO_MESSAGES.areaCodeRequired })
    expect((await open('?areaCode=999')).body.search).toMatchObject({ numbers: [], areaCodeError: null, error: null })
    plivo.failNext(1, 500)
    expect((await open('?areaCode=415')).body.search?.error).toBe(PLIVO_REFUSALS.searchFailed('unexpected error'))
  })

  it('refuses a number not offered or shaped wrongly with the reason, and writes nothing', async () => {
    const bad = await post({ intent: 'buy', number: '555', areaCode: '415' })
    expect((bad.body as Refused).message).toBe(PLIVO_MESSAGES.numberShape)
    const gone = await post({ intent: 'buy', number: '14155559999', areaCode: '415' })
    expect(gone.status).toBe(400)
    expect((gone.body as Refused).message).toBe(PLIVO_REFUSALS.buyFailed('This number is not available for purchase.'))
    // A buy of unknown outcome is settled by asking Plivo for the number: not rented, so said and nothing kept.
    plivo.failNext(1, 500)
    const unknown = await post({ intent: 'buy', number: '14155550100', areaCode: '415' })
    expect((unknown.body as Refused).message).toBe(PLIVO_REFUSALS.buyUnknown('unexpected error'))
    expect(await row()).toMatchObject({ plivo_phone_number: null, plivo_buying_at: null })
  })

  it("buys a number: 'Waiting for approval' with the next steps, then 'Approved' once carriers approve it", async () => {
    const bought = await post({ intent: 'buy', number: '14155550101', areaCode: '415' })
    expect(bought.status).toBe(302)
    expect(toastOf(bought)?.message).toBe('Sms config updated')
    expect([...plivo.owned.keys()]).toEqual(['14155550101'])
    expect((await open()).body.page).toMatchObject({ stage: 'owned', phoneNumber: '+14155550101', approved: false })
    // One number per studio: a second Buy is refused without a call.
    const second = await post({ intent: 'buy', number: '14155550102', areaCode: '415' })
    expect((second.body as Refused).message).toBe(PLIVO_REFUSALS.alreadyOwned)
    expect(plivo.owned.size).toBe(1)
    const still = await post({ intent: 'refresh' })
    expect(toastOf(still)?.message).toBe(PLIVO_MESSAGES.stillWaiting)
    plivo.approve('14155550101')
    const approved = await post({ intent: 'refresh' })
    expect(toastOf(approved)?.message).toBe('Sms config updated')
    expect((await open()).body.page).toMatchObject({ stage: 'owned', approved: true })
  })

  it('changes the account later: a blank token keeps the saved one, wrong credentials change nothing', async () => {
    const before = await row()
    const kept = await post({ intent: 'account', authId: plivo.authId, authToken: '' })
    expect(kept.status).toBe(302)
    expect(await row()).toMatchObject({ provider: 'plivo', plivo_phone_number: '+14155550101', is_messaging_approved: true, terms_agreed_at: before?.terms_agreed_at })
    const wrong = await post({ intent: 'account', authId: 'MAOTHER', authToken: 'nope' })
    expect(wrong.status).toBe(400)
    expect(await row()).toMatchObject({ plivo_auth_id: plivo.authId, plivo_phone_number: '+14155550101' })
  })

  it("is the studio's own: its session opens nothing of another studio, which has no SMS settings", async () => {
    const otherContext = contextFor(platform, world.other)
    // The first studio's session is not a session of the other studio.
    const crossed = keep(await callRoute(loader, getRequest(`http://${world.other.orgId}.localhost${PATH}`, world.cookies.admin), otherContext))
    expect(crossed.status).not.toBe(200)
    const otherRow = await withTenant(platform.database, world.other.id, (trx) => trx.selectFrom('sms_settings').selectAll().executeTakeFirst())
    expect(otherRow).toBeUndefined()
  })

  it("releases the number once confirmed: Plivo failing keeps it and says so; released, the page searches again", async () => {
    expect((await open()).body.confirmRelease).toBe(false)
    expect((await open('?confirm=release')).body.confirmRelease).toBe(true)
    plivo.failNext(1, 500)
    const failed = await post({ intent: 'release' })
    expect(failed.status).toBe(400)
    expect(failed.body).toEqual({ intent: 'release', message: PLIVO_REFUSALS.releaseFailed('unexpected error') })
    expect(await row()).toMatchObject({ plivo_phone_number: '+14155550101', is_messaging_approved: true })
    expect(plivo.owned.has('14155550101')).toBe(true)
    expect((await post({ intent: 'release' }, world.cookies.staff)).status).toBe(403)
    expect(plivo.owned.has('14155550101')).toBe(true)

    const released = await post({ intent: 'release' })
    expect(released.status).toBe(302)
    expect(toastOf(released)?.message).toBe('Sms config updated')
    expect(plivo.owned.has('14155550101')).toBe(false)
    expect(await row()).toMatchObject({ provider: 'plivo', plivo_auth_id: plivo.authId, plivo_phone_number: null, is_messaging_approved: false, plivo_waiting_since: null })
    expect((await open('?confirm=release')).body).toMatchObject({ page: { stage: 'number' }, confirmRelease: false })
    expect((await post({ intent: 'release' })).body).toEqual({ intent: 'release', message: PLIVO_REFUSALS.noNumber })
  })

  it('releasing a number Plivo no longer lists clears it here', async () => {
    const bought = await post({ intent: 'buy', number: '14155550102', areaCode: '415' })
    expect(bought.status).toBe(302)
    plivo.owned.delete('14155550102')
    const released = await post({ intent: 'release' })
    expect(released.status).toBe(302)
    expect(await row()).toMatchObject({ plivo_phone_number: null })
  })

  it('saving Twilio replaces Plivo: its settings are removed and the page opens at the terms again', async () => {
    const saved = await callRoute(twilioAction, formPostRequest(url('/settings/integrations/twilio'), { intent: 'save', sender: '+15550100200', sid: twilio.accountSid, token: twilio.authToken, adminPhone: '' }, world.cookies.admin), world.context())
    expect(saved.status).toBe(302)
    expect(await row()).toMatchObject({ provider: 'twilio', plivo_auth_id: null, plivo_token_sealed: null, is_agree_to_terms: false, plivo_phone_number: null, is_messaging_approved: false })
    expect((await open()).body.page).toMatchObject({ stage: 'terms', replaces: 'twilio', hasToken: false })
  })

  it('never sent the auth token in any answer', () => {
    expect(bodies.length).toBeGreaterThan(15)
    for (const body of bodies) expect(body).not.toContain(plivo.authToken)
  })
})
