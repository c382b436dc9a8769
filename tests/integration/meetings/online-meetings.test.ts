import { action as omeetingAction, loader as omeetingLoader } from '#app/routes/_admin+/oauth.omeeting'
import { loader as zoomCallback } from '#app/routes/_admin+/settings+/integrations.zoom'
import { loader as googleCallback } from '#app/routes/_admin+/settings+/integrations.googlemeet'
import { action as regenerateAction, loader as regenerateLoader } from '#app/routes/_admin+/classrule.$guId.regenerateurl'
import { loader as classEditLoader } from '#app/routes/_admin+/schedule+/$classGuid'
import { loader as eventEditLoader } from '#app/routes/_admin+/rules+/$guId'
import { loader as hubLoader } from '#app/routes/_admin+/settings+/integrations._index'
import { loader as classesLoader } from '#app/routes/_student+/classes'
import { loader as calendarLoader } from '#app/routes/_site+/calendar'
import { loader as eventLoader } from '#app/routes/_site+/events_.details.$slug'
import { action as signupAction } from '#app/routes/_site+/signup.$classId.$clsStartTime'
import { seedDatabase } from '#db/seed'
import { demoEvents } from '#db/seed-catalog-data'
import { asSystem } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import type { HubCard } from '#server/integrations/integration-hub'
import { MEETING_MESSAGES } from '#server/meetings/meeting-providers'
import { loadPublicSchedule, type PublicOccurrence } from '#server/catalog/schedule/load-public-schedule'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakeMeetingProvider, type FakeMeetingProvider } from '#tests/fakes/meeting-provider'
import { createContact, createTenant } from '#tests/support/fixtures'
import { callRoute, cookieOf, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const DAY = 86_400_000
const host = 'http://demo.localhost'

describe(`online meetings: connect, refresh, disconnect, regenerate and who sees the link (${engine})`, () => {
  let platform: TestPlatform
  let fake: FakeMeetingProvider
  let demo: Tenant
  let other: Tenant
  let cookies: { admin: string; staff: string; frontDesk: string; otherAdmin: string }
  let classGuid: string
  let classId: string
  let eventGuid: string
  let occurrence: PublicOccurrence
  /** Everything a route answered (bodies, redirects, cookies): no token may ever be in one. */
  const answers: string[] = []

  const system = <T,>(fn: Parameters<typeof asSystem<T>>[2]) => asSystem(platform.database, 'test check', fn)
  const keep = (outcome: RouteOutcome) => {
    answers.push(typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body ?? null), outcome.location ?? '', ...outcome.setCookies)
    return outcome
  }
  const context = (tenant: Tenant = demo) => contextFor(platform, tenant)
  const postOmeeting = async (fields: Record<string, string>, cookie = cookies.admin) => keep(await callRoute(omeetingAction, formPostRequest(`${host}/oauth/omeeting`, fields, cookie), context()))
  const regenerate = async (guid: string, cookie = cookies.admin, fields: Record<string, string> = {}, tenant: Tenant = demo) =>
    keep(await callRoute(regenerateAction, formPostRequest(`${host}/classrule/${guid}/regenerateurl`, fields, cookie), context(tenant), { guId: guid }))
  const connections = () => system((trx) => trx.selectFrom('meeting_connections').selectAll().where('tenant_id', '=', demo.id).execute())
  const links = () => system((trx) => trx.selectFrom('meeting_links').selectAll().where('tenant_id', '=', demo.id).execute())

  /** Connect through the fake: the post, the consent screen, and the callback the provider sends the browser to. */
  async function connect(provider: 'zoom' | 'googlemeet', cookie = cookies.admin) {
    const started = keep(await callRoute(omeetingLoader, getRequest(`${host}/oauth/omeeting?connect=${provider}`, cookie), context()))
    expect(started.status).toBe(302)
    const pending = cookieOf(started, 'omeeting_oauth')
    expect(pending).not.toBeNull()
    expect(started.setCookies.find((line) => line.startsWith('omeeting_oauth='))).toMatch(/HttpOnly; SameSite=Lax/)
    const consent = await fetch(started.location ?? '', { redirect: 'manual' })
    expect(consent.status).toBe(302)
    const back = new URL(consent.headers.get('location') ?? '')
    expect(back.pathname).toBe(provider === 'zoom' ? '/integrations/zoom' : '/integrations/googlemeet')
    // The shell sends /integrations/{provider} on to settings with its query (landing rules).
    const callbackUrl = `${host}/settings${back.pathname}${back.search}`
    const callback = provider === 'zoom' ? zoomCallback : googleCallback
    return keep(await callRoute(callback, getRequest(callbackUrl, `${cookie}; ${pending}`), context()))
  }

  beforeAll(async () => {
    fake = await startFakeMeetingProvider()
    platform = await createTestPlatform(fake.env)
    await seedDatabase(platform.database, { masterOrgId: 'master', includeDemo: true, demoPassword: 'meetings-test-password', hashPassword })
    const found = await platform.tenants.findByOrgId('demo')
    if (!found) throw new Error('no demo tenant')
    demo = found
    other = await createTenant(platform, { orgId: 'meetother' })
    const people = await system((trx) => trx.selectFrom('contacts').select(['id', 'email']).where('tenant_id', '=', demo.id).execute())
    const idOf = (email: string) => ({ id: people.find((person) => person.email === email)?.id ?? '' })
    const otherAdmin = await createContact(platform, other, { role: 'ROLE_ADMIN', email: 'admin@meetother.test' })
    cookies = {
      admin: await createSessionCookie(platform, demo, idOf('admin@demo.test')),
      staff: await createSessionCookie(platform, demo, idOf('staff@demo.test')),
      frontDesk: await createSessionCookie(platform, demo, idOf('frontdesk@demo.test')),
      otherAdmin: await createSessionCookie(platform, other, otherAdmin),
    }
    const now = Date.now()
    const coming = (await loadPublicSchedule(platform.database, demo.id, { from: new Date(now + 3 * DAY), to: new Date(now + 17 * DAY) })).occurrences
    const found2 = coming.find((each) => !each.cancelled && each.bookedCount === 0)
    if (!found2) throw new Error('no open occurrence')
    occurrence = found2
    const item = await system((trx) => trx.selectFrom('catalog_items').select(['id', 'guid']).where('tenant_id', '=', demo.id).where('id', '=', occurrence.classId).executeTakeFirstOrThrow())
    classGuid = item.guid
    classId = item.id
    const event = await system((trx) => trx.selectFrom('catalog_items').select('guid').where('tenant_id', '=', demo.id).where('slug', '=', demoEvents[0]?.slug ?? '').executeTakeFirstOrThrow())
    eventGuid = event.guid
  }, 120_000)
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
  })

  it('lists Zoom and Google Meet unconnected, for admins and staff only; the hub card leads there', async () => {
    const page = keep(await callRoute(omeetingLoader, getRequest(`${host}/oauth/omeeting`, cookies.admin), context()))
    expect(page.status).toBe(200)
    const rows = (page.body as { rows: Array<{ provider: string; name: string; isConfigured: boolean; isConnected: boolean }> }).rows
    expect(rows.map((row) => [row.name, row.isConfigured, row.isConnected])).toEqual([
      ['Zoom', true, false],
      ['Google Meet', true, false],
    ])
    expect((await callRoute(omeetingLoader, getRequest(`${host}/oauth/omeeting`, cookies.staff), context())).status).toBe(200)
    expect((await callRoute(omeetingLoader, getRequest(`${host}/oauth/omeeting`, cookies.frontDesk), context())).status).toBe(403)
    expect((await callRoute(omeetingLoader, getRequest(`${host}/oauth/omeeting?connect=zoom`, cookies.frontDesk), context())).status).toBe(403)
    expect((await postOmeeting({ intent: 'disconnect', provider: 'zoom' }, cookies.frontDesk)).status).toBe(403)
    const anonymous = await callRoute(omeetingLoader, getRequest(`${host}/oauth/omeeting`), context())
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toMatch(/^\/login/)
    const hub = await callRoute(hubLoader, getRequest(`${host}/settings/integrations`, cookies.admin), context())
    expect((hub.body as { cards: HubCard[] }).cards.find((card) => card.key === 'meeting')).toMatchObject({ href: '/oauth/omeeting', isIntegrated: false })
    const unknown = await callRoute(omeetingLoader, getRequest(`${host}/oauth/omeeting?connect=skype`, cookies.admin), context())
    expect(unknown.status).toBe(200)
    expect((unknown.body as { refusal: string }).refusal).toBe('Please choose Connect on Zoom or Google Meet.')
    expect(unknown.setCookies.some((line) => line.startsWith('omeeting_oauth='))).toBe(false)
    expect((await postOmeeting({ intent: 'disconnect', provider: 'skype' })).status).toBe(400)
  })

  it('refuses a callback whose state does not match, or without the cookie, and writes nothing', async () => {
    fake.forgeNextState('forged-state-forged-state-forged')
    const forged = await connect('zoom')
    expect(forged.status).toBe(302)
    expect(forged.location).toBe('/oauth/omeeting')
    expect(toastOf(forged)).toEqual({ type: 'error', message: MEETING_MESSAGES.stateMismatch })
    // The callback clears the pending cookie whatever happened.
    expect(forged.setCookies.some((line) => line.startsWith('omeeting_oauth=;'))).toBe(true)

    const noCookie = keep(await callRoute(zoomCallback, getRequest(`${host}/settings/integrations/zoom?code=abc&state=whatever`, cookies.admin), context()))
    expect(toastOf(noCookie)?.message).toBe(MEETING_MESSAGES.stateMismatch)
    expect(await connections()).toEqual([])
    expect(fake.tokenGrants).toEqual([])
    // Reached without an answer, the callback leads to the page.
    const bare = await callRoute(zoomCallback, getRequest(`${host}/settings/integrations/zoom`, cookies.admin), context())
    expect(bare.location).toBe('/oauth/omeeting')
  })

  it('refuses to make a meeting link while no provider is connected, and writes nothing', async () => {
    const refused = await regenerate(classGuid)
    expect(refused.status).toBe(302)
    expect(refused.location).toBe(`/schedule/${classGuid}`)
    expect(toastOf(refused)).toEqual({ type: 'error', message: MEETING_MESSAGES.notConnected })
    expect(await links()).toEqual([])
    expect(fake.meetings).toEqual([])
    const screen = keep(await callRoute(classEditLoader, getRequest(`${host}/schedule/${classGuid}`, cookies.admin), context(), { classGuid }))
    expect((screen.body as { meeting: { link: unknown; connected: unknown[] } }).meeting).toMatchObject({ link: null, connected: [] })
  })

  it("is 404 for another tenant's class or event, or an id that is no class or event, and writes nothing", async () => {
    expect((await regenerate(classGuid, cookies.otherAdmin, {}, other)).status).toBe(404)
    expect((await regenerate(eventGuid, cookies.otherAdmin, {}, other)).status).toBe(404)
    expect((await regenerate('not-a-guid')).status).toBe(404)
    expect((await regenerate('00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await callRoute(regenerateLoader, getRequest(`${host}/classrule/${classGuid}/regenerateurl`, cookies.otherAdmin), context(other), { guId: classGuid })).status).toBe(404)
    const student = await createContact(platform, demo, { role: 'ROLE_STUDENT' })
    expect((await regenerate(classGuid, await createSessionCookie(platform, demo, student))).status).toBe(403)
    expect(await links()).toEqual([])
  })

  it('connects Zoom by OAuth with PKCE, keeps the tokens sealed, and shows the account', async () => {
    const done = await connect('zoom')
    expect(toastOf(done)).toEqual({ type: 'success', message: 'Zoom connected.' })
    const [row] = await connections()
    expect(row).toMatchObject({ provider: 'zoom', account_email: 'host@meetings.test' })
    for (const token of fake.issuedTokens()) {
      expect(row?.access_token_sealed).not.toContain(token)
      expect(row?.refresh_token_sealed ?? '').not.toContain(token)
    }
    expect(row?.expires_at?.getTime()).toBeGreaterThan(Date.now())
    const page = keep(await callRoute(omeetingLoader, getRequest(`${host}/oauth/omeeting`, cookies.admin), context()))
    expect((page.body as { rows: Array<{ isConnected: boolean; accountEmail: string | null }> }).rows[0]).toMatchObject({ isConnected: true, accountEmail: 'host@meetings.test' })
    const hub = keep(await callRoute(hubLoader, getRequest(`${host}/settings/integrations`, cookies.admin), context()))
    expect((hub.body as { cards: HubCard[] }).cards.find((card) => card.key === 'meeting')?.isIntegrated).toBe(true)
  })

  it('generates, then regenerates, a class meeting link and shows it on the class screen', async () => {
    const made = await regenerate(classGuid, cookies.staff)
    expect(toastOf(made)).toEqual({ type: 'success', message: MEETING_MESSAGES.generated })
    const [first] = await links()
    expect(first).toMatchObject({ item_id: classId, provider: 'zoom', meeting_url: fake.meetings[0]?.url, meeting_id: fake.meetings[0]?.id })
    const again = await regenerate(classGuid)
    expect(toastOf(again)).toEqual({ type: 'success', message: MEETING_MESSAGES.regenerated })
    const all = await links()
    expect(all).toHaveLength(1)
    expect(all[0]?.meeting_url).toBe(fake.meetings[1]?.url)
    expect(all[0]?.meeting_url).not.toBe(first?.meeting_url)
    const screen = keep(await callRoute(classEditLoader, getRequest(`${host}/schedule/${classGuid}`, cookies.admin), context(), { classGuid }))
    expect((screen.body as { meeting: { link: { url: string } | null } }).meeting.link?.url).toBe(fake.meetings[1]?.url)
  })

  it('refreshes an expired access token before making the meeting, and keeps the new tokens sealed', async () => {
    const before = (await connections())[0]
    await system((trx) => trx.updateTable('meeting_connections').set({ expires_at: new Date(Date.now() - 60_000) }).where('tenant_id', '=', demo.id).execute())
    const made = await regenerate(classGuid)
    expect(toastOf(made)?.message).toBe(MEETING_MESSAGES.regenerated)
    expect(fake.tokenGrants.at(-1)).toBe('refresh_token')
    const after = (await connections())[0]
    expect(after?.access_token_sealed).not.toBe(before?.access_token_sealed)
    expect(after?.expires_at?.getTime()).toBeGreaterThan(Date.now())
    // The meeting was made with the refreshed token, the newest one handed out.
    expect(fake.issuedTokens()).toContain(fake.meetings.at(-1)?.accessToken)
    expect(fake.meetings.at(-1)?.accessToken).not.toBe(fake.meetings.at(-2)?.accessToken)
  })

  it('says so, and writes nothing, when the provider refuses to make the meeting', async () => {
    const before = await links()
    fake.refuseMeetings = true
    const refused = await regenerate(classGuid)
    fake.refuseMeetings = false
    expect(toastOf(refused)).toEqual({ type: 'error', message: MEETING_MESSAGES.providerRefused('Zoom') })
    expect(await links()).toEqual(before)
  })

  it('connects Google Meet too and gives the event a Meet link chosen by provider', async () => {
    const done = await connect('googlemeet', cookies.staff)
    expect(toastOf(done)?.message).toBe('Google Meet connected.')
    const made = await regenerate(eventGuid, cookies.admin, { provider: 'googlemeet' })
    expect(made.location).toBe(`/rules/${eventGuid}`)
    expect(toastOf(made)?.message).toBe(MEETING_MESSAGES.generated)
    const screen = keep(await callRoute(eventEditLoader, getRequest(`${host}/rules/${eventGuid}`, cookies.admin), context(), { guId: eventGuid }))
    const meeting = (screen.body as { meeting: { link: { url: string; provider: string }; connected: Array<{ provider: string }> } }).meeting
    expect(meeting.link).toMatchObject({ provider: 'googlemeet', url: fake.meetings.at(-1)?.url })
    expect(meeting.connected.map((each) => each.provider)).toEqual(['zoom', 'googlemeet'])
    expect((await regenerate(eventGuid, cookies.admin, { provider: 'teams' })).location).toBe(`/rules/${eventGuid}`)
  })

  it('shows the class link only to the student booked on it, and the event link only to a registered student; never to others or on public pages', async () => {
    const [classLink] = (await links()).filter((link) => link.item_id === classId)
    const classUrl = classLink?.meeting_url ?? ''
    const eventUrl = fake.meetings.at(-1)?.url ?? ''
    expect(classUrl).toMatch(/^https:/)

    // A student with an unlimited pass books the occurrence.
    const plan = await system((trx) => trx.selectFrom('catalog_items').select('id').where('tenant_id', '=', demo.id).where('kind', '=', 'membership').executeTakeFirstOrThrow())
    const booked = await createContact(platform, demo, { role: 'ROLE_STUDENT' })
    await system((trx) => trx.insertInto('contact_memberships').values({ tenant_id: demo.id, contact_id: booked.id, item_id: plan.id, name: 'Unlimited', membership_type: 'unlimited' }).execute())
    const bookedCookie = await createSessionCookie(platform, demo, booked)
    const path = `/signup/${occurrence.classId}/${occurrence.clsStartTime}?scheduleId=${occurrence.scheduleId}`
    const signed = await callRoute(signupAction, formPostRequest(`${host}${path}`, { intent: 'book' }, bookedCookie), context(), { classId: occurrence.classId, clsStartTime: occurrence.clsStartTime })
    expect(signed.status).toBe(302)
    const bookedPage = await callRoute(classesLoader, getRequest(`${host}/classes?date=${occurrence.local.date}`, bookedCookie), context())
    const upcoming = (bookedPage.body as { page: { upcoming: Array<{ className: string; meetingUrl: string | null }> } }).page.upcoming
    expect(upcoming.find((booking) => booking.meetingUrl === classUrl)?.className).toBe(occurrence.className)

    // Another student, not booked, sees neither link anywhere on their calendar.
    const notBooked = await createContact(platform, demo, { role: 'ROLE_STUDENT' })
    const notBookedCookie = await createSessionCookie(platform, demo, notBooked)
    const otherPage = await callRoute(classesLoader, getRequest(`${host}/classes?date=${occurrence.local.date}`, notBookedCookie), context())
    expect(JSON.stringify(otherPage.body)).not.toContain(classUrl)

    // The public calendar, for visitors and students alike, never carries it.
    for (const cookie of [null, bookedCookie]) {
      const calendar = await callRoute(calendarLoader, getRequest(`${host}/calendar?date=${occurrence.local.date}`, cookie), context())
      expect(JSON.stringify(calendar.body)).not.toContain(classUrl)
    }

    // The event page: the registered demo student sees the link; a visitor and another student do not.
    const slug = demoEvents[0]?.slug ?? ''
    const registered = await system((trx) => trx.selectFrom('contacts').select('id').where('tenant_id', '=', demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow())
    const eventPage = async (cookie: string | null) => JSON.stringify((await callRoute(eventLoader, getRequest(`${host}/events/details/${slug}`, cookie), context(), { slug })).body)
    expect(await eventPage(await createSessionCookie(platform, demo, registered))).toContain(eventUrl)
    expect(await eventPage(null)).not.toContain(eventUrl)
    expect(await eventPage(notBookedCookie)).not.toContain(eventUrl)
    expect(await eventPage(bookedCookie)).not.toContain(eventUrl)
  })

  it('disconnects: the provider revokes the grant and the tokens are deleted', async () => {
    const refreshBefore = fake.issuedTokens().filter((token) => token.startsWith('zoom-rt-')).at(-1)
    const done = await postOmeeting({ intent: 'disconnect', provider: 'zoom' })
    expect(toastOf(done)).toEqual({ type: 'success', message: 'Zoom disconnected.' })
    expect(fake.revoked).toContain(refreshBefore)
    expect((await connections()).map((row) => row.provider)).toEqual(['googlemeet'])
    expect((await postOmeeting({ intent: 'disconnect', provider: 'zoom' })).status).toBe(404)
    await postOmeeting({ intent: 'disconnect', provider: 'googlemeet' })
    expect(await connections()).toEqual([])
    const hub = await callRoute(hubLoader, getRequest(`${host}/settings/integrations`, cookies.admin), context())
    expect((hub.body as { cards: HubCard[] }).cards.find((card) => card.key === 'meeting')?.isIntegrated).toBe(false)
  })

  it('never put a token in any answer', () => {
    const tokens = fake.issuedTokens()
    expect(tokens.length).toBeGreaterThan(4)
    for (const answer of answers) for (const token of tokens) expect(answer).not.toContain(token)
  })
})
