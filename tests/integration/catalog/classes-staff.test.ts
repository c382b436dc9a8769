import { loader as listLoader } from '#app/routes/_admin+/schedule+/_index'
import { action as newAction, loader as newLoader } from '#app/routes/_admin+/schedule+/new'
import { action as editAction, loader as editLoader } from '#app/routes/_admin+/schedule+/$classGuid'
import { action as occurrenceAction, loader as occurrenceLoader } from '#app/routes/_admin+/schedule+/$classGuid_.$clsStartTime'
import { asSystem } from '#db/tenant-scope'
import { CLASS_FORM_MESSAGES } from '#server/catalog/classes/class-form-schema'
import { CLASS_RULE_MESSAGES } from '#server/catalog/classes/class-rule-schema'
import type { ClassEditor, OccurrenceScreen, ClassListRow } from '#server/catalog/classes/class-views'
import { OCCURRENCE_MESSAGES } from '#server/catalog/classes/occurrence-form-schema'
import { loadPublicSchedule } from '#server/catalog/schedule/load-public-schedule'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact } from '#tests/support/fixtures'
import { callRoute, conformErrorsOf, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** Sunday 1 March 2026, noon in New York: a week before the clocks go forward. */
let now = new Date('2026-03-01T17:00:00Z')

function snapshot(platform: TestPlatform): Promise<string> {
  return asSystem(platform.database, 'test snapshot', async (trx) => {
    const tables = await Promise.all([
      trx.selectFrom('catalog_items').selectAll().orderBy('id').execute(),
      trx.selectFrom('item_price_options').selectAll().orderBy('id').execute(),
      trx.selectFrom('class_schedules').selectAll().orderBy('id').execute(),
      trx.selectFrom('class_occurrences').selectAll().orderBy('id').execute(),
      trx.selectFrom('class_bookings').selectAll().orderBy('id').execute(),
      trx.selectFrom('rooms').selectAll().orderBy('id').execute(),
      trx.selectFrom('outbound_emails').select('id').orderBy('id').execute(),
    ])
    return JSON.stringify(tables)
  })
}

const weeklyClass = (extra: Record<string, string> = {}) => {
  const body = new URLSearchParams({
    intent: 'create',
    name: 'Sunrise Flow',
    slug: '',
    summary: 'An early class',
    description: '<p>Breathe <script>alert(1)</script><strong>deeply</strong></p>',
    teacherId: '',
    roomId: '',
    capacity: '12',
    durationMinutes: '60',
    colour: '#2A9D8F',
    paymentType: 'PAID',
    dropInPrice: '18.50',
    isPublished: 'on',
    recurrence: 'weekly',
    startDate: '2026-03-02',
    startTime: '07:00',
    ends: 'weeks',
    weeks: '4',
    untilDate: '',
    ...extra,
  })
  body.append('weekdays', '1')
  body.append('weekdays', '3')
  return body
}

describe(`the staff class screens (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let guid = ''

  beforeAll(async () => {
    platform = await createTestPlatform({}, { clock: { now: () => now } })
    world = await createUsersWorld(platform, 'classes', { timezone: 'America/New_York', defaultCurrency: 'USD' })
  })
  afterAll(() => platform.close())

  const url = (path: string) => `http://${world.host}${path}`
  const withSettings = (changes: Record<string, unknown>): Tenant => ({ ...world.tenant, settings: { ...world.tenant.settings, ...changes } as Tenant['settings'] })
  const post = (fn: Parameters<typeof callRoute>[0], path: string, fields: Record<string, string> | URLSearchParams, params: Record<string, string> = {}, options: { cookie?: string; tenant?: Tenant } = {}): Promise<RouteOutcome> =>
    callRoute(fn, formPostRequest(url(path), fields, options.cookie ?? world.cookies.staff), contextFor(platform, options.tenant ?? world.tenant), params)
  const get = (fn: Parameters<typeof callRoute>[0], path: string, params: Record<string, string> = {}, options: { cookie?: string; tenant?: Tenant } = {}): Promise<RouteOutcome> =>
    callRoute(fn, getRequest(url(path), options.cookie ?? world.cookies.staff), contextFor(platform, options.tenant ?? world.tenant), params)
  const editor = async (): Promise<ClassEditor> => ((await get(editLoader, `/schedule/${guid}`, { classGuid: guid })).body as { editor: ClassEditor }).editor
  const occurrencePath = (cls: string) => `/schedule/${guid}/${cls}`

  it('adds a weekly class with a drop-in price, a sanitised description and a slug from its name', async () => {
    const created = await post(newAction, '/schedule/new', weeklyClass())
    expect(created.status).toBe(302)
    guid = created.location?.split('/').pop() ?? ''
    expect(created.location).toBe(`/schedule/${guid}`)
    expect(toastOf(created)?.message).toBe('Class Sunrise Flow added.')
    const rows = await asSystem(platform.database, 'test check', async (trx) => ({
      item: await trx.selectFrom('catalog_items').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow(),
      prices: await trx.selectFrom('item_price_options').innerJoin('catalog_items', 'catalog_items.id', 'item_price_options.item_id').select(['item_price_options.name', 'price_minor', 'currency']).where('catalog_items.guid', '=', guid).execute(),
      schedules: await trx.selectFrom('class_schedules').innerJoin('catalog_items', 'catalog_items.id', 'class_schedules.class_id').select(['weekdays', 'start_time', 'weeks', 'colour', 'time_zone']).where('catalog_items.guid', '=', guid).execute(),
    }))
    expect(rows.item.slug).toBe('sunrise-flow')
    expect(rows.item.kind).toBe('class')
    expect(rows.item.description_html).not.toContain('script')
    expect(rows.item.description_html).toContain('<strong>deeply</strong>')
    expect(rows.prices).toEqual([{ name: 'Drop-in', price_minor: 1850, currency: 'USD' }])
    expect(rows.schedules).toEqual([{ weekdays: [1, 3], start_time: '07:00', weeks: 4, colour: '2a9d8f', time_zone: 'America/New_York' }])
  })

  it('lists the class with its rule in words and its next session', async () => {
    const list = await get(listLoader, '/schedule')
    expect(list.status).toBe(200)
    const row = (list.body as { classes: ClassListRow[] }).classes.find((item) => item.guid === guid)
    expect(row?.rules).toEqual(['Mon, Wed at 7:00 AM'])
    expect(row?.nextSession?.path).toBe(`/schedule/${guid}/20260302T070000`)
    expect(row?.colour).toBe('2a9d8f')
  })

  it("gives a rule's first and last dates as the spec writes them in English and as Turkish writes a date in Turkish", async () => {
    const [rule] = (await editor()).rules
    expect(rule).toMatchObject({ recurrence: 'weekly', fromText: '2026-03-02', toText: '2026-03-29', isCurrent: true })
    const turkish = await callRoute(editLoader, getRequest(url(`/schedule/${guid}`), world.cookies.staff), { ...contextFor(platform, world.tenant), language: 'tr' }, { classGuid: guid })
    const [turkishRule] = (turkish.body as { editor: ClassEditor }).editor.rules
    expect(turkishRule).toMatchObject({ words: 'Pzt, Çar 07:00', fromText: '02 Mar 2026', toText: '29 Mar 2026' })
  })

  it('keeps a 07:00 New York class at 07:00 local across the March change (EST, then EDT)', async () => {
    const upcoming = (await editor()).upcoming.map((session) => session.dateTime)
    expect(upcoming.slice(0, 4)).toEqual(['2026-03-02T12:00:00.000Z', '2026-03-04T12:00:00.000Z', '2026-03-09T11:00:00.000Z', '2026-03-11T11:00:00.000Z'])
    const after = (await get(occurrenceLoader, occurrencePath('20260309T070000'), { classGuid: guid, clsStartTime: '20260309T070000' })).body as { screen: OccurrenceScreen }
    expect(after.screen.values.time).toBe('07:00')
    expect(after.screen.startDateTime).toBe('2026-03-09T11:00:00.000Z')
    // The public calendar reads the same rule the same way.
    const calendar = await loadPublicSchedule(platform.database, world.tenant.id, { from: new Date('2026-03-08T00:00:00Z'), to: new Date('2026-03-10T00:00:00Z') })
    expect(calendar.occurrences.filter((o) => o.className === 'Sunrise Flow').map((o) => [o.local.time, o.start.toISOString()])).toEqual([['07:00', '2026-03-09T11:00:00.000Z']])
  })

  it('refuses a bad rule with a message beside each field and writes nothing', async () => {
    const before = await snapshot(platform)
    const body = weeklyClass({ name: '', startTime: '7am', ends: 'until', untilDate: '2026-02-01', capacity: '0', dropInPrice: '' })
    body.delete('weekdays')
    const refused = await post(newAction, '/schedule/new', body)
    expect(refused.status).toBe(400)
    const errors = conformErrorsOf({ ...refused, body: (refused.body as { result: unknown }).result })
    expect(Object.keys(errors).sort()).toEqual(['capacity', 'dropInPrice', 'name', 'startTime', 'untilDate', 'weekdays'])
    expect(errors.name).toEqual([CLASS_FORM_MESSAGES.name])
    expect(errors.startTime).toEqual([CLASS_RULE_MESSAGES.startTime])
    expect(errors.weekdays).toEqual([CLASS_RULE_MESSAGES.weekdays])
    expect(errors.untilDate).toEqual([CLASS_RULE_MESSAGES.untilBeforeStart])
    expect(errors.capacity).toEqual([CLASS_FORM_MESSAGES.capacity])
    expect(errors.dropInPrice).toEqual([CLASS_FORM_MESSAGES.price])
    expect(await snapshot(platform)).toBe(before)
  })

  it('adds a room, refuses a second with the same name', async () => {
    const added = await post(editAction, `/schedule/${guid}`, { intent: 'add-room', roomName: 'Studio A' }, { classGuid: guid })
    expect(added.status).toBe(302)
    const before = await snapshot(platform)
    const again = await post(editAction, `/schedule/${guid}`, { intent: 'add-room', roomName: 'studio a' }, { classGuid: guid })
    expect(again.status).toBe(400)
    expect(await snapshot(platform)).toBe(before)
  })

  it('saves the details: the price and teacher change, a taken slug is refused', async () => {
    const details = { intent: 'details', name: 'Sunrise Flow', slug: 'sunrise', summary: 'Early', description: '', teacherId: world.staff.id, roomId: '', capacity: '10', durationMinutes: '45', colour: '#e76f51', paymentType: 'FREE', dropInPrice: '', isPublished: 'on' }
    const saved = await post(editAction, `/schedule/${guid}`, details, { classGuid: guid })
    expect(saved.status).toBe(302)
    const view = await editor()
    expect(view.values).toMatchObject({ slug: 'sunrise', teacherId: world.staff.id, capacity: '10', durationMinutes: '45', colour: '#e76f51', paymentType: 'FREE', dropInPrice: '' })
    const other = await post(newAction, '/schedule/new', weeklyClass({ name: 'Other', slug: 'other-class' }))
    expect(other.status).toBe(302)
    const before = await snapshot(platform)
    const taken = await post(editAction, `/schedule/${guid}`, { ...details, slug: 'other-class' }, { classGuid: guid })
    expect(taken.status).toBe(400)
    expect((taken.body as { result: { error: Record<string, string[]> } }).result.error.slug).toEqual([CLASS_FORM_MESSAGES.slugTaken])
    expect(await snapshot(platform)).toBe(before)
  })

  it('moves one session and changes its capacity, never below its bookings', async () => {
    const cls = '20260304T070000'
    const moved = await post(occurrenceAction, occurrencePath(cls), { intent: 'change', date: '2026-03-05', time: '18:00', teacherId: '', roomId: '', capacity: '8' }, { classGuid: guid, clsStartTime: cls })
    expect(moved.status).toBe(302)
    expect(toastOf(moved)?.message).toBe(OCCURRENCE_MESSAGES.changed)
    const screen = ((await get(occurrenceLoader, occurrencePath(cls), { classGuid: guid, clsStartTime: cls })).body as { screen: OccurrenceScreen }).screen
    expect(screen.isMoved).toBe(true)
    expect(screen.startDateTime).toBe('2026-03-05T23:00:00.000Z')
    expect(screen.capacity).toBe(8)
    // Three students book it.
    await book(cls, 3)
    const before = await snapshot(platform)
    const tooSmall = await post(occurrenceAction, occurrencePath(cls), { intent: 'change', date: '2026-03-05', time: '18:00', teacherId: '', roomId: '', capacity: '2' }, { classGuid: guid, clsStartTime: cls })
    expect(tooSmall.status).toBe(400)
    expect((tooSmall.body as { result: { error: Record<string, string[]> } }).result.error.capacity).toEqual([OCCURRENCE_MESSAGES.belowBooked(3)])
    const badTime = await post(occurrenceAction, occurrencePath(cls), { intent: 'change', date: '2026-02-30', time: '25:00', teacherId: '', roomId: '', capacity: '8' }, { classGuid: guid, clsStartTime: cls })
    expect(badTime.status).toBe(400)
    expect(await snapshot(platform)).toBe(before)
  })

  it('checks a student in and undoes it', async () => {
    const cls = '20260304T070000'
    const screen = ((await get(occurrenceLoader, occurrencePath(cls), { classGuid: guid, clsStartTime: cls })).body as { screen: OccurrenceScreen }).screen
    const booking = screen.roster[0]?.bookingGuid ?? ''
    const checked = await post(occurrenceAction, occurrencePath(cls), { intent: 'check-in', bookingGuid: booking }, { classGuid: guid, clsStartTime: cls })
    expect(checked.status).toBe(302)
    expect(await bookingStatus(booking)).toBe('checked_in')
    const undone = await post(occurrenceAction, occurrencePath(cls), { intent: 'undo-check-in', bookingGuid: booking }, { classGuid: guid, clsStartTime: cls })
    expect(undone.status).toBe(302)
    expect(await bookingStatus(booking)).toBe('booked')
    const wrong = await post(occurrenceAction, occurrencePath(cls), { intent: 'undo-check-in', bookingGuid: booking }, { classGuid: guid, clsStartTime: cls })
    expect(wrong.status).toBe(404)
  })

  it('refuses a series edit that would drop a booked session, and keeps bookings of sessions it still gives', async () => {
    const rule = (await editor()).rules[0]
    const before = await snapshot(platform)
    // Mondays only: the booked Wednesday 4 March would be dropped.
    const drop = await post(editAction, `/schedule/${guid}`, { intent: 'edit-rule', scheduleGuid: rule?.guid ?? '', recurrence: 'weekly', startDate: '2026-03-02', startTime: '07:00', weekdays: '1', ends: 'weeks', weeks: '4' }, { classGuid: guid })
    expect(drop.status).toBe(400)
    expect((drop.body as { result: { error: Record<string, string[]> } }).result.error['']?.[0]).toContain('2026-03-04')
    expect(await snapshot(platform)).toBe(before)
    // Later the same days: the booked session keeps its bookings (and its move).
    const body = new URLSearchParams({ intent: 'edit-rule', scheduleGuid: rule?.guid ?? '', recurrence: 'weekly', startDate: '2026-03-02', startTime: '07:30', ends: 'until', untilDate: '2026-03-25' })
    body.append('weekdays', '1')
    body.append('weekdays', '3')
    const later = await post(editAction, `/schedule/${guid}`, body, { classGuid: guid })
    expect(later.status).toBe(302)
    const booked = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('class_occurrences').select(['booked_count', 'moved_to_time']).where('occurrence_date', '=', '2026-03-04').where('booked_count', '>', 0).execute(),
    )
    expect(booked).toEqual([{ booked_count: 3, moved_to_time: '18:00' }])
  })

  it('changes a series that has started from today on only: past sessions keep their time', async () => {
    now = new Date('2026-03-10T17:00:00Z')
    const rule = (await editor()).rules.find((candidate) => candidate.isCurrent)
    const body = new URLSearchParams({ intent: 'edit-rule', scheduleGuid: rule?.guid ?? '', recurrence: 'weekly', startDate: '2026-03-02', startTime: '08:00', ends: 'until', untilDate: '2026-03-25' })
    body.append('weekdays', '1')
    body.append('weekdays', '3')
    expect((await post(editAction, `/schedule/${guid}`, body, { classGuid: guid })).status).toBe(302)
    const view = await editor()
    expect(view.rules.filter((candidate) => candidate.isCurrent).map((candidate) => [candidate.words, candidate.values.startDate])).toEqual([['Mon, Wed at 8:00 AM', '2026-03-10']])
    expect(view.rules.filter((candidate) => !candidate.isCurrent).map((candidate) => [candidate.words, candidate.lastDate])).toEqual([['Mon, Wed at 7:30 AM', '2026-03-09']])
    // 9 March stays at 07:30 EDT; 11 March is at 08:00 EDT.
    const past = await get(occurrenceLoader, occurrencePath('20260309T073000'), { classGuid: guid, clsStartTime: '20260309T073000' })
    expect((past.body as { screen: OccurrenceScreen }).screen.startDateTime).toBe('2026-03-09T11:30:00.000Z')
    expect((await editor()).upcoming[0]?.dateTime).toBe('2026-03-11T12:00:00.000Z')
    now = new Date('2026-03-01T17:00:00Z')
  })

  it('cancels a session: bookings are cancelled and each booked student is emailed through the outbox', async () => {
    // The rule now starts at 07:30, so the session of 4 March is named by that start (decision 103).
    const cls = '20260304T073000'
    const page = await get(occurrenceLoader, `${occurrencePath(cls)}?confirm=cancel`, { classGuid: guid, clsStartTime: cls })
    expect(page.status).toBe(200)
    const cancelled = await post(occurrenceAction, occurrencePath(cls), { intent: 'cancel', note: 'The teacher is unwell.' }, { classGuid: guid, clsStartTime: cls })
    expect(cancelled.status).toBe(302)
    expect(toastOf(cancelled)?.message).toBe(OCCURRENCE_MESSAGES.cancelled(3))
    const state = await asSystem(platform.database, 'test check', async (trx) => ({
      bookings: await trx.selectFrom('class_bookings').select('status').execute(),
      mails: await trx.selectFrom('outbound_emails').select(['to_address', 'subject', 'text_body']).where('tenant_id', '=', world.tenant.id).orderBy('to_address').execute(),
    }))
    expect(state.bookings.every((booking) => booking.status === 'cancelled')).toBe(true)
    expect(state.mails.map((mail) => mail.to_address)).toEqual(['booker1@classes.test', 'booker2@classes.test', 'booker3@classes.test'])
    expect(state.mails[0]?.subject).toMatch(/^Cancelled: Sunrise Flow on /)
    expect(state.mails[0]?.text_body).toContain('The teacher is unwell.')
    await platform.jobs.drain()
    const screen = ((await get(occurrenceLoader, occurrencePath(cls), { classGuid: guid, clsStartTime: cls })).body as { screen: OccurrenceScreen }).screen
    expect(screen.isCancelled).toBe(true)
    const before = await snapshot(platform)
    const again = await post(occurrenceAction, occurrencePath(cls), { intent: 'cancel', note: '' }, { classGuid: guid, clsStartTime: cls })
    expect(again.status).toBe(400)
    expect(await snapshot(platform)).toBe(before)
  })

  it('restores a session cancelled by mistake: open to bookings again, its cancelled bookings stay cancelled', async () => {
    const cls = '20260304T073000'
    expect(((await get(occurrenceLoader, occurrencePath(cls), { classGuid: guid, clsStartTime: cls })).body as { screen: OccurrenceScreen }).screen.hasStarted).toBe(false)
    const restored = await post(occurrenceAction, occurrencePath(cls), { intent: 'restore' }, { classGuid: guid, clsStartTime: cls })
    expect(restored.status).toBe(302)
    expect(toastOf(restored)?.message).toBe(OCCURRENCE_MESSAGES.restored)
    const screen = ((await get(occurrenceLoader, occurrencePath(cls), { classGuid: guid, clsStartTime: cls })).body as { screen: OccurrenceScreen }).screen
    expect(screen).toMatchObject({ isCancelled: false, note: null })
    expect(screen.roster.every((entry) => entry.status === 'cancelled')).toBe(true)
    // Restoring what is not cancelled says so and writes nothing.
    const before = await snapshot(platform)
    const again = await post(occurrenceAction, occurrencePath(cls), { intent: 'restore' }, { classGuid: guid, clsStartTime: cls })
    expect(again.status).toBe(400)
    expect((again.body as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([OCCURRENCE_MESSAGES.notCancelled])
    expect(await snapshot(platform)).toBe(before)
    // Cancelled again; once it has started it stays cancelled.
    expect((await post(occurrenceAction, occurrencePath(cls), { intent: 'cancel', note: '' }, { classGuid: guid, clsStartTime: cls })).status).toBe(302)
    // It was moved to the evening of 5 March.
    now = new Date('2026-03-06T17:00:00Z')
    try {
      const late = await post(occurrenceAction, occurrencePath(cls), { intent: 'restore' }, { classGuid: guid, clsStartTime: cls })
      expect(late.status).toBe(400)
      expect((late.body as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([OCCURRENCE_MESSAGES.restorePast])
    } finally {
      now = new Date('2026-03-01T17:00:00Z')
    }
  })

  it('archives a class: it leaves the list and the calendar unless archived are shown', async () => {
    expect((await post(editAction, `/schedule/${guid}`, { intent: 'archive' }, { classGuid: guid })).status).toBe(302)
    const list = (await get(listLoader, '/schedule')).body as { classes: ClassListRow[] }
    expect(list.classes.some((item) => item.guid === guid)).toBe(false)
    const all = (await get(listLoader, '/schedule?archived=1')).body as { classes: ClassListRow[] }
    expect(all.classes.find((item) => item.guid === guid)?.isArchived).toBe(true)
    const calendar = await loadPublicSchedule(platform.database, world.tenant.id, { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') })
    expect(calendar.occurrences.some((o) => o.className === 'Sunrise Flow')).toBe(false)
    expect((await post(editAction, `/schedule/${guid}`, { intent: 'restore' }, { classGuid: guid })).status).toBe(302)
  })

  it("answers another tenant's class, a bad start, the module off and the permission off", async () => {
    const foreign = await createContact(platform, world.other, { role: 'ROLE_ADMIN', email: 'x@classes-other.test' })
    void foreign
    const otherItem = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('catalog_items').values({ tenant_id: world.other.id, kind: 'class', name: 'Theirs', slug: 'theirs' }).returning('guid').executeTakeFirstOrThrow(),
    )
    const theirs = otherItem.guid
    const before = await snapshot(platform)
    const cases: Array<[string, Promise<RouteOutcome>, number]> = [
      ['foreign edit page', get(editLoader, `/schedule/${theirs}`, { classGuid: theirs }), 404],
      ['foreign details', post(editAction, `/schedule/${theirs}`, { intent: 'details', name: 'x' }, { classGuid: theirs }), 404],
      ['foreign archive', post(editAction, `/schedule/${theirs}`, { intent: 'archive' }, { classGuid: theirs }), 404],
      ['foreign rule', post(editAction, `/schedule/${theirs}`, { intent: 'add-rule', recurrence: 'once', startDate: '2026-03-20', startTime: '10:00' }, { classGuid: theirs }), 404],
      ['foreign session', get(occurrenceLoader, `/schedule/${theirs}/20260302T070000`, { classGuid: theirs, clsStartTime: '20260302T070000' }), 404],
      ['foreign cancel', post(occurrenceAction, `/schedule/${theirs}/20260302T070000`, { intent: 'cancel' }, { classGuid: theirs, clsStartTime: '20260302T070000' }), 404],
      ['foreign restore', post(occurrenceAction, `/schedule/${theirs}/20260302T070000`, { intent: 'restore' }, { classGuid: theirs, clsStartTime: '20260302T070000' }), 404],
      ['no such start', get(occurrenceLoader, occurrencePath('20260303T070000'), { classGuid: guid, clsStartTime: '20260303T070000' }), 404],
      ['malformed start', get(occurrenceLoader, occurrencePath('tomorrow'), { classGuid: guid, clsStartTime: 'tomorrow' }), 404],
      ['module off list', get(listLoader, '/schedule', {}, { tenant: withSettings({ isShowScheduleMenu: false }) }), 404],
      ['module off create', post(newAction, '/schedule/new', weeklyClass(), {}, { tenant: withSettings({ isShowScheduleMenu: false }) }), 404],
      ['module off cancel', post(occurrenceAction, occurrencePath('20260302T070000'), { intent: 'cancel' }, { classGuid: guid, clsStartTime: '20260302T070000' }, { tenant: withSettings({ isShowScheduleMenu: false }) }), 404],
      ['permission off list', get(listLoader, '/schedule', {}, { tenant: withSettings({ roles: { ...world.tenant.settings.roles, classes: { staff: false, frontDesk: true } } }) }), 403],
      ['permission off create', post(newAction, '/schedule/new', weeklyClass(), {}, { tenant: withSettings({ roles: { ...world.tenant.settings.roles, classes: { staff: false, frontDesk: true } } }) }), 403],
      ['permission off edit', post(editAction, `/schedule/${guid}`, { intent: 'archive' }, { classGuid: guid }, { tenant: withSettings({ roles: { ...world.tenant.settings.roles, classes: { staff: false, frontDesk: true } } }) }), 403],
      ['permission off session', post(occurrenceAction, occurrencePath('20260302T070000'), { intent: 'cancel' }, { classGuid: guid, clsStartTime: '20260302T070000' }, { tenant: withSettings({ roles: { ...world.tenant.settings.roles, classes: { staff: false, frontDesk: true } } }) }), 403],
      ['student', get(listLoader, '/schedule', {}, { cookie: world.cookies.student }), 403],
    ]
    for (const [name, outcome, status] of cases) expect([name, (await outcome).status]).toEqual([name, status])
    expect(await snapshot(platform)).toBe(before)
    // The same staff with the permission on still gets the new-class page.
    expect((await get(newLoader, '/schedule/new')).status).toBe(200)
  })

  async function book(cls: string, count: number) {
    const screen = ((await get(occurrenceLoader, occurrencePath(cls), { classGuid: guid, clsStartTime: cls })).body as { screen: OccurrenceScreen }).screen
    expect(screen.clsStartTime).toBe(cls)
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const occurrence = await trx
        .selectFrom('class_occurrences')
        .innerJoin('catalog_items', 'catalog_items.id', 'class_occurrences.class_id')
        .select(['class_occurrences.id'])
        .where('catalog_items.guid', '=', guid)
        .where('occurrence_date', '=', `${cls.slice(0, 4)}-${cls.slice(4, 6)}-${cls.slice(6, 8)}`)
        .executeTakeFirstOrThrow()
      for (let n = 1; n <= count; n++) {
        const contact = await trx
          .insertInto('contacts')
          .values({ tenant_id: world.tenant.id, email: `booker${n}@classes.test`, first_name: 'Booker', last_name: String(n), role: 'ROLE_STUDENT' })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx.insertInto('class_bookings').values({ tenant_id: world.tenant.id, occurrence_id: occurrence.id, contact_id: contact.id }).execute()
      }
    })
  }

  function bookingStatus(bookingGuid: string) {
    return asSystem(platform.database, 'test check', async (trx) => (await trx.selectFrom('class_bookings').select('status').where('guid', '=', bookingGuid).executeTakeFirstOrThrow()).status)
  }
})
