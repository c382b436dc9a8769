import { action as classesAction, loader as classesLoader } from '#app/routes/_student+/classes'
import { loader as feedLoader } from '#app/routes/_site+/classes.feed.$file'
import { action as signupAction, loader as signupLoader } from '#app/routes/_site+/signup.$classId.$clsStartTime'
import { loader as storeLoader } from '#app/routes/_site+/store'
import { seedDatabase } from '#db/seed'
import { asSystem } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import { landingAfterLogin } from '#server/auth/landing-after-login'
import { BOOKING_MESSAGES } from '#server/catalog/bookings/booking-rules'
import { loadPublicSchedule, type PublicOccurrence } from '#server/catalog/schedule/load-public-schedule'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const DAY = 86_400_000

describe(`class sign-up, cancel, /store and the personal feed (${engine})`, () => {
  let platform: TestPlatform
  let demo: Tenant
  let studentId: string
  let studentCookie: string
  let adminCookie: string
  let coming: PublicOccurrence[]
  let past: PublicOccurrence[]

  const host = 'http://demo.localhost'
  const paramsOf = (occurrence: PublicOccurrence) => ({ classId: occurrence.classId, clsStartTime: occurrence.clsStartTime })
  const pathOf = (occurrence: PublicOccurrence) => `/signup/${occurrence.classId}/${occurrence.clsStartTime}?scheduleId=${occurrence.scheduleId}`
  const context = (tenant: Tenant = demo) => contextFor(platform, tenant)
  const openSignup = (occurrence: PublicOccurrence, cookie: string | null, tenant: Tenant = demo) =>
    callRoute(signupLoader, getRequest(`${host}${pathOf(occurrence)}`, cookie), context(tenant), paramsOf(occurrence))
  const book = (occurrence: PublicOccurrence, cookie: string | null, tenant: Tenant = demo) =>
    callRoute(signupAction, formPostRequest(`${host}${pathOf(occurrence)}`, { intent: 'book' }, cookie), context(tenant), paramsOf(occurrence))
  const untouched = (name: string, skip = 0) => {
    const found = coming.filter((occurrence) => occurrence.className === name && occurrence.bookedCount === 0 && !occurrence.cancelled)[skip]
    if (!found) throw new Error(`no untouched ${name} in the coming fortnight`)
    return found
  }
  const system = <T,>(fn: Parameters<typeof asSystem<T>>[2]) => asSystem(platform.database, 'test check', fn)
  const cardOf = (contactId: string) =>
    system((trx) => trx.selectFrom('contact_memberships').select(['credits_left']).where('contact_id', '=', contactId).where('membership_type', '=', 'card').executeTakeFirstOrThrow())
  const bookingsOf = (contactId: string, occurrence: PublicOccurrence) =>
    system((trx) =>
      trx
        .selectFrom('class_bookings')
        .innerJoin('class_occurrences', 'class_occurrences.id', 'class_bookings.occurrence_id')
        .select(['class_bookings.id', 'class_bookings.status', 'class_bookings.credits_used', 'class_bookings.membership_id'])
        .where('class_bookings.contact_id', '=', contactId)
        .where('class_occurrences.schedule_id', '=', occurrence.scheduleId)
        .where('class_occurrences.starts_at', '=', occurrence.start)
        .execute(),
    )
  async function newStudent(membership?: 'unlimited' | 'card-empty') {
    const contact = await createContact(platform, demo, { role: 'ROLE_STUDENT' })
    if (membership) {
      await system(async (trx) => {
        const plan = await trx.selectFrom('catalog_items').select('id').where('tenant_id', '=', demo.id).where('kind', '=', 'membership').executeTakeFirstOrThrow()
        await trx
          .insertInto('contact_memberships')
          .values({
            tenant_id: demo.id,
            contact_id: contact.id,
            item_id: plan.id,
            name: membership === 'unlimited' ? 'Unlimited' : 'Empty card',
            membership_type: membership === 'unlimited' ? 'unlimited' : 'card',
            credits_total: membership === 'unlimited' ? null : 5,
            credits_left: membership === 'unlimited' ? null : 0,
          })
          .execute()
      })
    }
    return { id: contact.id, cookie: await createSessionCookie(platform, demo, contact) }
  }

  beforeAll(async () => {
    platform = await createTestPlatform()
    await seedDatabase(platform.database, { masterOrgId: 'master', includeDemo: true, demoPassword: 'booking-test-password', hashPassword })
    const found = await platform.tenants.findByOrgId('demo')
    if (!found) throw new Error('no demo tenant')
    demo = found
    const people = await system((trx) => trx.selectFrom('contacts').select(['id', 'email']).where('tenant_id', '=', demo.id).execute())
    const idOf = (email: string) => people.find((person) => person.email === email)?.id ?? ''
    studentId = idOf('student@demo.test')
    studentCookie = await createSessionCookie(platform, demo, { id: studentId })
    adminCookie = await createSessionCookie(platform, demo, { id: idOf('admin@demo.test') })
    const now = Date.now()
    coming = (await loadPublicSchedule(platform.database, demo.id, { from: new Date(now + 3 * DAY), to: new Date(now + 17 * DAY) })).occurrences
    past = (await loadPublicSchedule(platform.database, demo.id, { from: new Date(now - 6 * DAY), to: new Date(now - DAY) })).occurrences
  }, 120_000)
  afterAll(async () => {
    await platform?.close()
  })

  it('asks a visitor to sign in or register and brings them back to the sign-up after signing in', async () => {
    const occurrence = untouched('Morning Vinyasa')
    const page = await openSignup(occurrence, null)
    expect(page.status).toBe(200)
    const body = page.body as { kind: string; summary: { signupPath: string; className: string } }
    expect(body.kind).toBe('visitor')
    expect(body.summary.className).toBe('Morning Vinyasa')
    expect(body.summary.signupPath).toBe(pathOf(occurrence))
    // The pending event parameters ride along as the sign-in's redirectTo, and the landing rules keep them.
    expect(await landingAfterLogin(platform, demo, 'ROLE_STUDENT', body.summary.signupPath)).toBe(pathOf(occurrence))
    // Posting without a session books nothing.
    const posted = await book(occurrence, null)
    expect(posted.status).toBe(302)
    expect(await bookingsOf(studentId, occurrence)).toHaveLength(0)
  })

  it('books a student with a class card at once and spends one credit', async () => {
    const occurrence = untouched('Morning Vinyasa')
    const before = await cardOf(studentId)
    const offer = await openSignup(occurrence, studentCookie)
    expect((offer.body as { student: { offer: { kind: string; membershipName: string } } }).student.offer).toMatchObject({ kind: 'membership', membershipName: '10-Class Card' })
    const booked = await book(occurrence, studentCookie)
    expect(booked.status).toBe(302)
    expect(booked.location).toMatch(/^\/classes\?date=\d{4}-\d{2}-\d{2}$/)
    expect(toastOf(booked)).toEqual({ type: 'success', message: 'Morning Vinyasa booked successfully' })
    expect((await cardOf(studentId)).credits_left).toBe((before.credits_left ?? 0) - 1)
    expect(await bookingsOf(studentId, occurrence)).toMatchObject([{ status: 'booked', credits_used: 1 }])
    // A second try is refused in words and spends nothing.
    const again = await book(occurrence, studentCookie)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ error: BOOKING_MESSAGES.alreadyBooked })
    expect((await cardOf(studentId)).credits_left).toBe((before.credits_left ?? 0) - 1)
    const reopened = await openSignup(occurrence, studentCookie)
    expect((reopened.body as { student: { offer: { kind: string } } }).student.offer.kind).toBe('booked')
  })

  it('books an unlimited member without credits and a free class without any membership', async () => {
    const member = await newStudent('unlimited')
    const paid = untouched('Evening Hatha')
    expect((await book(paid, member.cookie)).status).toBe(302)
    expect(await bookingsOf(member.id, paid)).toMatchObject([{ status: 'booked', credits_used: 0 }])

    const nobody = await newStudent()
    const free = untouched('Community Lunchtime Flow')
    const offer = await openSignup(free, nobody.cookie)
    expect((offer.body as { student: { offer: { kind: string } } }).student.offer.kind).toBe('free')
    expect((await book(free, nobody.cookie)).status).toBe(302)
    expect(await bookingsOf(nobody.id, free)).toMatchObject([{ status: 'booked', credits_used: 0, membership_id: null }])
  })

  it('tells a student without a pass (or with an empty card) how to book a paid class, and books nothing', async () => {
    const empty = await newStudent('card-empty')
    const occurrence = untouched('Evening Hatha', 1)
    const offer = await openSignup(occurrence, empty.cookie)
    // The studio takes no cards: the page says to contact the studio instead of offering checkout.
    expect((offer.body as { student: { offer: { kind: string } } }).student.offer.kind).toBe('contact-studio')
    const refused = await book(occurrence, empty.cookie)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ error: BOOKING_MESSAGES.noMembership })
    expect(await bookingsOf(empty.id, occurrence)).toHaveLength(0)
  })

  it('gives the last spot to exactly one of two students booking at once', async () => {
    const occurrence = untouched('Community Lunchtime Flow', 1)
    const first = await newStudent()
    const second = await newStudent()
    const early = await newStudent()
    expect((await book(occurrence, early.cookie)).status).toBe(302)
    // One place left: the studio lowered this occurrence to two.
    await system((trx) =>
      trx.updateTable('class_occurrences').set({ capacity: 2, is_capacity_overridden: true }).where('schedule_id', '=', occurrence.scheduleId).where('starts_at', '=', occurrence.start).execute(),
    )
    const outcomes = await Promise.all([book(occurrence, first.cookie), book(occurrence, second.cookie)])
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, 409])
    expect(outcomes.find((outcome) => outcome.status === 409)?.body).toEqual({ error: BOOKING_MESSAGES.full })
    const count = await system((trx) =>
      trx.selectFrom('class_occurrences').select('booked_count').where('schedule_id', '=', occurrence.scheduleId).where('starts_at', '=', occurrence.start).executeTakeFirstOrThrow(),
    )
    expect(count.booked_count).toBe(2)
    const late = await newStudent()
    const offer = await openSignup(occurrence, late.cookie)
    expect((offer.body as { student: { offer: { kind: string } } }).student.offer.kind).toBe('full')
  })

  it('refuses a past occurrence, and answers 404 for another tenant, an unknown start and a switched-off schedule', async () => {
    const gone = past.find((occurrence) => occurrence.className === 'Morning Vinyasa' && !occurrence.cancelled)
    if (!gone) throw new Error('no past class')
    const offer = await openSignup(gone, studentCookie)
    expect((offer.body as { student: { offer: { kind: string } } }).student.offer.kind).toBe('past')
    const refused = await book(gone, studentCookie)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ error: BOOKING_MESSAGES.past })

    const occurrence = untouched('Morning Vinyasa', 1)
    const other = await createTenant(platform)
    expect((await openSignup(occurrence, null, other)).status).toBe(404)
    expect((await book(occurrence, null, other)).status).toBe(404)
    const wrongTime = { ...occurrence, clsStartTime: occurrence.clsStartTime.replace(/T\d{4}/, 'T0312') }
    expect((await openSignup(wrongTime, studentCookie)).status).toBe(404)
    expect((await callRoute(signupLoader, getRequest(`${host}/signup/x/y`), context(), { classId: 'x', clsStartTime: 'y' })).status).toBe(404)
    const scheduleOff = { ...demo, settings: { ...demo.settings, isShowScheduleMenu: false } }
    expect((await openSignup(occurrence, studentCookie, scheduleOff)).status).toBe(404)
    expect((await book(occurrence, studentCookie, scheduleOff)).status).toBe(404)
    expect(await bookingsOf(studentId, occurrence)).toHaveLength(0)
  })

  it('shows the week with the bookings on /classes and cancels one, giving the credit back before the cut-off', async () => {
    const occurrence = untouched('Weekend Slow Flow')
    expect((await book(occurrence, studentCookie)).status).toBe(302)
    const creditsAfterBooking = (await cardOf(studentId)).credits_left ?? 0
    const [booking] = await bookingsOf(studentId, occurrence)
    if (!booking) throw new Error('not booked')
    const week = occurrence.start.toISOString().slice(0, 10)
    const page = await callRoute(classesLoader, getRequest(`${host}/classes?date=${week}&cancel=${booking.id}`, studentCookie), context())
    expect(page.status).toBe(200)
    const body = page.body as { cancelling: { bookingId: string; returnsCredit: boolean } | null; page: { calendar: { weeks: Array<Array<{ entries: Array<{ id: string; action: { kind: string } }> }>> } } }
    expect(body.cancelling).toMatchObject({ bookingId: booking.id, returnsCredit: true })
    const entry = body.page.calendar.weeks.flat().flatMap((day) => day.entries).find((found) => found.id === occurrence.id)
    expect(entry?.action.kind).toBe('booked')

    // Another student cannot cancel it.
    const stranger = await newStudent()
    const refused = await callRoute(classesAction, formPostRequest(`${host}/classes`, { intent: 'cancel', bookingId: booking.id }, stranger.cookie), context())
    expect(toastOf(refused)).toEqual({ type: 'error', message: BOOKING_MESSAGES.notFound })
    const bad = await callRoute(classesAction, formPostRequest(`${host}/classes`, { intent: 'nonsense' }, studentCookie), context())
    expect(bad.status).toBe(400)

    const cancelled = await callRoute(classesAction, formPostRequest(`${host}/classes?date=${week}`, { intent: 'cancel', bookingId: booking.id }, studentCookie), context())
    expect(cancelled.location).toBe(`/classes?date=${week}`)
    expect(toastOf(cancelled)).toEqual({ type: 'success', message: 'Booking cancelled. The credit is back on your class card.' })
    expect(await bookingsOf(studentId, occurrence)).toMatchObject([{ status: 'cancelled' }])
    expect((await cardOf(studentId)).credits_left).toBe(creditsAfterBooking + 1)
    // Cancelled bookings do not stop booking again.
    expect((await book(occurrence, studentCookie)).status).toBe(302)
  })

  it('shows a student My Store and staff the Store with stock and taken counts; 404 with the store off or for visitors', async () => {
    const mine = await callRoute(storeLoader, getRequest(`${host}/store`, studentCookie), context())
    expect(mine.status).toBe(200)
    const myStore = (mine.body as { kind: string; myStore: { memberships: Array<{ name: string; creditsText: string; validityText: string }>; purchases: unknown[] } })
    expect(myStore.kind).toBe('student')
    expect(myStore.myStore.memberships[0]).toMatchObject({ name: '10-Class Card' })
    expect(myStore.myStore.memberships[0]?.creditsText).toMatch(/^\d+ of 10 credits left$/)
    expect(myStore.myStore.memberships[0]?.validityText).toMatch(/^Expires /)
    expect(myStore.myStore.purchases.length).toBeGreaterThanOrEqual(3)

    const staff = await callRoute(storeLoader, getRequest(`${host}/store`, adminCookie), context())
    expect(staff.status).toBe(200)
    const items = (staff.body as { kind: string; store: { items: Array<{ name: string; kindText: string; stockText: string | null; taken: number | null; priceText: string }> } }).store.items
    const plan = items.find((item) => item.kindText === 'Membership')
    const held = await system((trx) => trx.selectFrom('contact_memberships').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', demo.id).executeTakeFirstOrThrow())
    expect(plan?.taken).toBe(Number(held.count))
    expect(items.find((item) => item.name === 'Morning Vinyasa')?.taken).toBeGreaterThanOrEqual(5)
    // Nothing of the demo's merchandise has been sold yet (sales are counted from invoices).
    expect(items.some((item) => item.kindText === 'Merchandise' && item.stockText !== null && item.taken === 0)).toBe(true)

    const storeOff = { ...demo, settings: { ...demo.settings, isShowStoreMenu: false } }
    expect((await callRoute(storeLoader, getRequest(`${host}/store`, studentCookie), context(storeOff))).status).toBe(404)
    expect((await callRoute(storeLoader, getRequest(`${host}/store`, adminCookie), context(storeOff))).status).toBe(404)
    const visitor = await callRoute(storeLoader, getRequest(`${host}/store`), context())
    expect(visitor.location).toBe('/404')
  })

  it('serves the personal .ics feed by its token until the student stops it', async () => {
    const made = await callRoute(classesAction, formPostRequest(`${host}/classes`, { intent: 'feed-create' }, studentCookie), context())
    const feedUrl = (made.body as { feedUrl: string }).feedUrl
    expect(feedUrl).toMatch(/^http:\/\/demo\.localhost\/classes\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
    const file = feedUrl.split('/').pop() ?? ''
    const feed = await callRoute(feedLoader, getRequest(feedUrl), context(), { file })
    expect(feed.status).toBe(200)
    expect(feed.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
    expect(feed.body).toContain('BEGIN:VCALENDAR')
    expect(feed.body).toContain('SUMMARY:Morning Vinyasa')
    // Another tenant's host does not know the token.
    expect((await callRoute(feedLoader, getRequest(feedUrl), context(await createTenant(platform)), { file })).status).toBe(404)
    const stopped = await callRoute(classesAction, formPostRequest(`${host}/classes`, { intent: 'feed-revoke' }, studentCookie), context())
    expect(toastOf(stopped)?.message).toBe('Your calendar link has been stopped.')
    expect((await callRoute(feedLoader, getRequest(feedUrl), context(), { file })).status).toBe(404)
    expect((await callRoute(feedLoader, getRequest(`${host}/classes/feed/nope.ics`), context(), { file: 'nope.ics' })).status).toBe(404)
  })
})
