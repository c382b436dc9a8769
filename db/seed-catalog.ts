import { sql, type Transaction } from 'kysely'
import {
  DEMO_BUNDLE,
  DEMO_CURRENCY,
  DEMO_DONATION,
  DEMO_MEMBERSHIP_PLAN,
  DEMO_SCHEDULE_WEEKS,
  DEMO_SCHEDULE_WEEKS_BACK,
  DEMO_STUDENT_EMAIL,
  DEMO_SUPPLIER,
  DEMO_TIME_ZONE,
  DEMO_TRIAL_MEMBER_EMAIL,
  demoClasses,
  demoCourses,
  demoEvents,
  demoProducts,
  demoRooms,
  demoTeacherEmails,
  type SeedPriceOption,
} from './seed-catalog-data'
import type { CatalogItemKind, ItemPaymentType } from './tables/catalog'
import type { Database } from './types'

type Trx = Transaction<Database>

/**
 * The demo studio's catalog and schedule (seed only, inside its system transaction, after the
 * demo people and contacts): courses with content, weekly classes with teachers and rooms, a
 * one-off session, a cancelled and a moved occurrence, events, merchandise, a bundle, a
 * donation campaign and class passes; and the demo student's card, bookings, event seat and
 * courses. Every date is counted from `now` in the studio's zone, so the data stays upcoming.
 */
export async function addDemoCatalog(trx: Trx, tenantId: string, now: Date = new Date()): Promise<void> {
  const today = localDateIn(DEMO_TIME_ZONE, now)
  const people = await trx.selectFrom('contacts').select(['id', 'email']).where('tenant_id', '=', tenantId).execute()
  const idOf = (email: string) => {
    const found = people.find((person) => person.email === email)
    if (!found) throw new Error(`seed: no demo contact ${email}`)
    return found.id
  }
  await trx.updateTable('contacts').set({ is_teacher: true }).where('tenant_id', '=', tenantId).where('email', 'in', [...demoTeacherEmails]).execute()

  const rooms = await trx
    .insertInto('rooms')
    .values(demoRooms.map((room) => ({ tenant_id: tenantId, name: room.name, capacity: room.capacity })))
    .returning(['id', 'name'])
    .execute()
  const roomId = (name: string) => rooms.find((room) => room.name === name)?.id ?? null
  const supplier = await trx
    .insertInto('item_suppliers')
    .values({ tenant_id: tenantId, ...DEMO_SUPPLIER })
    .returning('id')
    .executeTakeFirstOrThrow()

  const addItem = async (kind: CatalogItemKind, values: { name: string; slug: string; summary: string; descriptionHtml?: string; paymentType?: ItemPaymentType; isFeatured?: boolean; isAllowDemoChapters?: boolean; stock?: number; supplierId?: string | null }) => {
    const row = await trx
      .insertInto('catalog_items')
      .values({
        tenant_id: tenantId,
        kind,
        name: values.name,
        slug: values.slug,
        summary: values.summary,
        description_html: values.descriptionHtml ?? `<p>${values.summary}</p>`,
        payment_type: values.paymentType ?? 'PAID',
        is_featured: values.isFeatured ?? false,
        is_allow_demo_chapters: values.isAllowDemoChapters ?? false,
        stock_quantity: values.stock ?? null,
        supplier_id: values.supplierId ?? null,
        is_published: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  const addPrices = async (itemId: string, prices: SeedPriceOption[]) => {
    if (prices.length === 0) return []
    return trx
      .insertInto('item_price_options')
      .values(
        prices.map((price, index) => ({
          tenant_id: tenantId,
          item_id: itemId,
          name: price.name,
          sequence: index + 1,
          price_minor: price.priceMinor,
          currency: DEMO_CURRENCY,
          is_taxable: price.isTaxable ?? false,
          max_quantity: price.maxQuantity ?? 1,
          membership_type: price.membershipType ?? null,
          credits: price.credits ?? null,
          frequency: price.frequency ?? null,
          number_of_billing_cycles: price.numberOfBillingCycles ?? null,
          registration_fee_minor: price.registrationFeeMinor ?? 0,
          is_trial_period: price.trial !== undefined,
          trial_duration: price.trial?.duration ?? null,
          trial_duration_unit: price.trial?.unit ?? null,
        })),
      )
      .returning(['id', 'name'])
      .execute()
  }

  const courseIds = new Map<string, string>()
  const chapterIds = new Map<string, string>()
  for (const course of demoCourses) {
    const courseId = await addItem('course', { ...course })
    courseIds.set(course.slug, courseId)
    await addPrices(courseId, course.prices)
    for (const [sectionIndex, section] of course.sections.entries()) {
      const { id: sectionId } = await trx
        .insertInto('course_sections')
        .values({ tenant_id: tenantId, course_id: courseId, title: section.title, sequence: sectionIndex + 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      const chapters = await trx
        .insertInto('course_chapters')
        .values(
          section.chapters.map((chapter, chapterIndex) => ({
            tenant_id: tenantId,
            section_id: sectionId,
            title: chapter.title,
            sequence: chapterIndex + 1,
            content_type: chapter.content.type,
            body_html: chapter.content.type === 'text' ? chapter.content.html : '',
            video_url: chapter.content.type === 'video' ? chapter.content.url : null,
            video_embed_url: chapter.content.type === 'video' ? chapter.content.embedUrl : null,
            is_demo: chapter.isDemo ?? false,
          })),
        )
        .returning(['id', 'title'])
        .execute()
      for (const chapter of chapters) chapterIds.set(`${course.slug}/${chapter.title}`, chapter.id)
    }
  }

  // Weekly classes from the Monday a few weeks back, for a year.
  const scheduleStart = addDays(today, -7 * DEMO_SCHEDULE_WEEKS_BACK - (isoWeekday(today) - 1))
  const schedules = new Map<string, { scheduleId: string; classId: string; startTime: string; duration: number; capacity: number; weekdays: number[] }>()
  for (const cls of demoClasses) {
    const classId = await addItem('class', { name: cls.name, slug: cls.slug, summary: cls.summary, paymentType: cls.paymentType })
    if (cls.dropInMinor !== null) await addPrices(classId, [{ name: 'Drop-in', priceMinor: cls.dropInMinor }])
    const { id: scheduleId } = await trx
      .insertInto('class_schedules')
      .values({
        tenant_id: tenantId,
        class_id: classId,
        recurrence: 'weekly',
        start_date: scheduleStart,
        start_time: cls.startTime,
        time_zone: DEMO_TIME_ZONE,
        weekdays: cls.weekdays,
        weeks: DEMO_SCHEDULE_WEEKS,
        duration_minutes: cls.durationMinutes,
        capacity: cls.capacity,
        colour: cls.colour,
        teacher_id: idOf(cls.teacherEmail),
        room_id: roomId(cls.room),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    schedules.set(cls.slug, { scheduleId, classId, startTime: cls.startTime, duration: cls.durationMinutes, capacity: cls.capacity, weekdays: cls.weekdays })
  }
  const hatha = schedules.get('evening-hatha')
  if (hatha) {
    // A one-off candlelight session of Evening Hatha on a Friday two weeks on.
    await trx
      .insertInto('class_schedules')
      .values({
        tenant_id: tenantId,
        class_id: hatha.classId,
        recurrence: 'once',
        start_date: nextOnOrAfter(addDays(today, 14), [5]),
        start_time: '19:30',
        time_zone: DEMO_TIME_ZONE,
        duration_minutes: 90,
        capacity: 16,
        colour: 'e07a2e',
        teacher_id: idOf(demoTeacherEmails[1]),
        room_id: roomId('Garden Room'),
      })
      .execute()
  }

  /** Writes the occurrence of a weekly schedule on `date` (as the rule gives it, or moved). */
  const occurrence = async (slug: string, date: string, change: { cancelledNote?: string; movedTo?: string } = {}) => {
    const schedule = schedules.get(slug)
    if (!schedule) throw new Error(`seed: no demo class ${slug}`)
    const time = change.movedTo ?? schedule.startTime
    const startsAt = localInstant(date, time)
    const row = await trx
      .insertInto('class_occurrences')
      .values({
        tenant_id: tenantId,
        schedule_id: schedule.scheduleId,
        class_id: schedule.classId,
        occurrence_date: date,
        starts_at: startsAt,
        ends_at: sql<Date>`${startsAt} + make_interval(mins => ${schedule.duration})`,
        capacity: schedule.capacity,
        status: change.cancelledNote ? 'cancelled' : 'scheduled',
        cancelled_at: change.cancelledNote ? now : null,
        note: change.cancelledNote ?? null,
        moved_to_date: change.movedTo ? date : null,
        moved_to_time: change.movedTo ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: row.id, date, weekdays: schedule.weekdays }
  }
  await occurrence('power-yoga', nextOnOrAfter(addDays(today, 7), [4]), { cancelledNote: 'Cancelled: the teacher is away at a training.' })
  await occurrence('weekend-slow-flow', nextOnOrAfter(addDays(today, 14), [6]), { movedTo: '10:00' })

  for (const event of demoEvents) {
    const eventId = await addItem('event', { ...event, isFeatured: event.isFeatured })
    if (event.priceMinor !== null) await addPrices(eventId, [{ name: 'Ticket', priceMinor: event.priceMinor, maxQuantity: 4 }])
    const date = addDays(today, event.inDays)
    await trx
      .insertInto('event_details')
      .values({
        tenant_id: tenantId,
        item_id: eventId,
        starts_at: localInstant(date, event.startTime),
        ends_at: localInstant(date, event.endTime),
        time_zone: DEMO_TIME_ZONE,
        capacity: event.capacity,
        registration_closes_at: localInstant(addDays(date, -1), '23:59'),
        venue_name: event.venue.name,
        address_line1: event.venue.line1,
        city: event.venue.city,
        state: event.venue.state,
        zip: event.venue.zip,
        country: 'United States',
      })
      .execute()
  }

  const productIds = new Map<string, string>()
  for (const product of demoProducts) {
    const productId = await addItem('product', { ...product, stock: product.stock, supplierId: product.supplied ? supplier.id : null })
    await addPrices(productId, [{ name: product.name, priceMinor: product.priceMinor, isTaxable: true, maxQuantity: 9 }])
    productIds.set(product.slug, productId)
  }
  const bundleId = await addItem('bundle', DEMO_BUNDLE)
  await addPrices(bundleId, [{ name: DEMO_BUNDLE.name, priceMinor: DEMO_BUNDLE.priceMinor, isTaxable: true, maxQuantity: 9 }])
  await trx
    .insertInto('bundle_items')
    .values(DEMO_BUNDLE.items.map((item, index) => ({ tenant_id: tenantId, bundle_id: bundleId, item_id: productIds.get(item.slug) ?? '', quantity: item.quantity, sequence: index + 1 })))
    .execute()

  const donationId = await addItem('donation', { ...DEMO_DONATION, paymentType: 'DONATION', isFeatured: true })
  await trx
    .insertInto('donation_details')
    .values({
      tenant_id: tenantId,
      item_id: donationId,
      currency: DEMO_CURRENCY,
      suggested_amounts_minor: DEMO_DONATION.suggestedAmountsMinor,
      is_other_amount_allowed: true,
      is_one_time_allowed: true,
      is_recurring_allowed: true,
      goal_minor: DEMO_DONATION.goalMinor,
    })
    .execute()

  const planId = await addItem('membership', DEMO_MEMBERSHIP_PLAN)
  const passes = await addPrices(planId, DEMO_MEMBERSHIP_PLAN.prices)
  const passId = (name: string) => passes.find((pass) => pass.name === name)?.id ?? null

  // The demo student's card paid for three classes: one last week (checked in) and two to come.
  const student = idOf(DEMO_STUDENT_EMAIL)
  const card = await trx
    .insertInto('contact_memberships')
    .values({
      tenant_id: tenantId,
      contact_id: student,
      item_id: planId,
      price_option_id: passId('10-Class Card'),
      name: '10-Class Card',
      membership_type: 'card',
      status: 'active',
      credits_total: 10,
      credits_left: 7,
      starts_at: sql<Date>`${now}::timestamptz - interval '20 days'`,
      expires_at: sql<Date>`${now}::timestamptz - interval '20 days' + interval '12 months'`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('contact_memberships')
    .values({
      tenant_id: tenantId,
      contact_id: idOf(DEMO_TRIAL_MEMBER_EMAIL),
      item_id: planId,
      price_option_id: passId('Monthly Unlimited'),
      name: 'Monthly Unlimited',
      membership_type: 'recurring',
      status: 'trial',
      starts_at: sql<Date>`${now}::timestamptz - interval '2 days'`,
      trial_ends_at: sql<Date>`${now}::timestamptz + interval '5 days'`,
      next_billing_at: sql<Date>`${now}::timestamptz + interval '5 days'`,
    })
    .execute()

  const tomorrow = addDays(today, 1)
  const pastHatha = await occurrence('evening-hatha', nextOnOrAfter(addDays(today, -7), [1, 3]))
  const nextVinyasa = await occurrence('morning-vinyasa', nextOnOrAfter(tomorrow, [1, 3, 5]))
  const nextSlowFlow = await occurrence('weekend-slow-flow', nextOnOrAfter(tomorrow, [6]))
  const nextLunchtime = await occurrence('community-lunchtime-flow', nextOnOrAfter(tomorrow, [2, 4]))
  const withCard = { membership_id: card.id, credits_used: 1 }
  await trx
    .insertInto('class_bookings')
    .values([
      { tenant_id: tenantId, occurrence_id: pastHatha.id, contact_id: student, ...withCard, status: 'checked_in', checked_in_at: localInstant(pastHatha.date, '18:25') },
      { tenant_id: tenantId, occurrence_id: nextVinyasa.id, contact_id: student, ...withCard },
      { tenant_id: tenantId, occurrence_id: nextSlowFlow.id, contact_id: student, ...withCard },
      // A free class needs no membership.
      { tenant_id: tenantId, occurrence_id: nextLunchtime.id, contact_id: student },
      // Others on the roster of the student's next class.
      ...['maria.garcia@example.test', 'kenji.watanabe@example.test', 'amara.nwosu@example.test', DEMO_TRIAL_MEMBER_EMAIL].map((email) => ({
        tenant_id: tenantId,
        occurrence_id: nextVinyasa.id,
        contact_id: idOf(email),
      })),
    ])
    .execute()

  const firstEvent = demoEvents[0]
  if (firstEvent) {
    const event = await trx.selectFrom('catalog_items').select('id').where('tenant_id', '=', tenantId).where('kind', '=', 'event').where('slug', '=', firstEvent.slug).executeTakeFirstOrThrow()
    await trx.insertInto('event_registrations').values({ tenant_id: tenantId, event_id: event.id, contact_id: student, quantity: 1 }).execute()
  }

  const intro = courseIds.get('introductory-session')
  const foundations = courseIds.get('yoga-foundations')
  if (intro && foundations) {
    const enrolments = await trx
      .insertInto('course_enrolments')
      .values([
        { tenant_id: tenantId, course_id: intro, contact_id: student, enrolled_at: sql<Date>`${now}::timestamptz - interval '21 days'` },
        { tenant_id: tenantId, course_id: foundations, contact_id: student, enrolled_at: sql<Date>`${now}::timestamptz - interval '14 days'` },
      ])
      .returning(['id', 'course_id'])
      .execute()
    const introEnrolment = enrolments.find((row) => row.course_id === intro)
    const done = ['introductory-session/Welcome to the studio', 'introductory-session/A five-minute breathing practice'].map((key) => chapterIds.get(key))
    if (introEnrolment) {
      await trx
        .insertInto('chapter_progress')
        .values(done.filter((id): id is string => id !== undefined).map((chapterId) => ({ tenant_id: tenantId, enrolment_id: introEnrolment.id, chapter_id: chapterId, completed_at: now })))
        .execute()
    }
  }
}

/** A local date and wall-clock time in the demo zone, as the instant it names (Postgres applies the zone's DST rules). */
function localInstant(date: string, time: string) {
  return sql<Date>`((${date}::date + ${time}::time) at time zone ${DEMO_TIME_ZONE})`
}

/** The calendar date in `zone` at `instant`, 'YYYY-MM-DD'. */
export function localDateIn(zone: string, instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)
}

/** Calendar arithmetic on 'YYYY-MM-DD' (no zone involved: a date is not an instant). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1
}

/** The first date on or after `date` that falls on one of `weekdays`. */
export function nextOnOrAfter(date: string, weekdays: readonly number[]): string {
  for (let offset = 0; offset < 7; offset += 1) {
    const candidate = addDays(date, offset)
    if (weekdays.includes(isoWeekday(candidate))) return candidate
  }
  throw new Error('nextOnOrAfter needs at least one weekday')
}
