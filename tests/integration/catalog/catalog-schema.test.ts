import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { seedDatabase } from '#db/seed'
import { DEMO_COURSE_NAME, DEMO_TIME_ZONE } from '#db/seed-catalog-data'
import { localDateIn } from '#db/seed-catalog'
import { asSystem, withTenant } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

const CATALOG_TABLES = [
  'item_suppliers', 'rooms', 'catalog_items', 'item_price_options', 'item_images', 'bundle_items', 'course_sections',
  'course_chapters', 'event_details', 'donation_details', 'class_schedules', 'class_occurrences', 'contact_memberships',
  'class_bookings', 'event_registrations', 'course_enrolments', 'chapter_progress',
] as const

interface Studio {
  tenantId: string
  contacts: string[]
  classId: string
  scheduleId: string
  productId: string
}

/** A tenant with five contacts, a class with a weekly schedule, and a product with three in stock. */
async function createStudio(handle: DatabaseHandle, orgId: string): Promise<Studio> {
  return asSystem(handle, 'test fixture', async (trx) => {
    const tenant = await trx.insertInto('tenants').values({ org_id: orgId, name: orgId, settings: '{}' }).returning('id').executeTakeFirstOrThrow()
    const contacts = await trx
      .insertInto('contacts')
      .values([1, 2, 3, 4, 5].map((n) => ({ tenant_id: tenant.id, email: `person${n}@${orgId}.test`, first_name: `Person${n}` })))
      .returning('id')
      .execute()
    const cls = await trx
      .insertInto('catalog_items')
      .values({ tenant_id: tenant.id, kind: 'class', name: 'Morning Flow', slug: 'morning-flow' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const schedule = await trx
      .insertInto('class_schedules')
      .values({
        tenant_id: tenant.id, class_id: cls.id, recurrence: 'weekly', start_date: '2030-03-04', start_time: '07:00',
        time_zone: 'America/New_York', weekdays: [1, 3], weeks: 10, duration_minutes: 60, capacity: 20,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const product = await trx
      .insertInto('catalog_items')
      .values({ tenant_id: tenant.id, kind: 'product', name: 'Cork Block', slug: 'cork-block', stock_quantity: 3 })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { tenantId: tenant.id, contacts: contacts.map((row) => row.id), classId: cls.id, scheduleId: schedule.id, productId: product.id }
  })
}

let occurrenceCounter = 0
/** Writes an occurrence of the studio's schedule with the given capacity (one date per call). */
async function addOccurrence(handle: DatabaseHandle, studio: Studio, capacity: number): Promise<string> {
  occurrenceCounter += 1
  const day = String(occurrenceCounter).padStart(2, '0')
  return withTenant(handle, studio.tenantId, async (trx) => {
    const row = await trx
      .insertInto('class_occurrences')
      .values({
        tenant_id: studio.tenantId, schedule_id: studio.scheduleId, class_id: studio.classId, occurrence_date: `2030-05-${day}`,
        starts_at: `2030-05-${day}T11:00:00Z`, ends_at: `2030-05-${day}T12:00:00Z`, capacity,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  })
}

function book(handle: DatabaseHandle, studio: Studio, occurrenceId: string, contactId: string) {
  return withTenant(handle, studio.tenantId, (trx) =>
    trx.insertInto('class_bookings').values({ tenant_id: studio.tenantId, occurrence_id: occurrenceId, contact_id: contactId }).returning('id').executeTakeFirstOrThrow(),
  )
}

function bookedCount(handle: DatabaseHandle, studio: Studio, occurrenceId: string) {
  return withTenant(handle, studio.tenantId, async (trx) => {
    const row = await trx.selectFrom('class_occurrences').select('booked_count').where('id', '=', occurrenceId).executeTakeFirstOrThrow()
    return row.booked_count
  })
}

describe(`catalog tables (${engine})`, () => {
  let test: TestDatabase
  let a: Studio
  let b: Studio
  beforeAll(async () => {
    test = await createTestDatabase()
    a = await createStudio(test.handle, 'alpha')
    b = await createStudio(test.handle, 'beta')
  })
  afterAll(() => test?.drop())

  it('are all tenant-owned with row-level security enabled and forced', async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select relname, relrowsecurity, relforcerowsecurity from pg_class
      where relnamespace = 'public'::regnamespace and relname in (${sql.join([...CATALOG_TABLES])})`.execute(test.handle.db)
    expect(rows.map((row) => row.relname).sort()).toEqual([...CATALOG_TABLES].sort())
    expect(rows.filter((row) => !row.relrowsecurity || !row.relforcerowsecurity)).toEqual([])
  })

  describe('tenant isolation', () => {
    it('hides the other tenant’s items, schedules and occurrences from reads', async () => {
      const occurrenceOfB = await addOccurrence(test.handle, b, 5)
      const seen = await withTenant(test.handle, a.tenantId, async (trx) => ({
        items: await trx.selectFrom('catalog_items').select('id').where('tenant_id', '=', b.tenantId).execute(),
        schedules: await trx.selectFrom('class_schedules').select('id').where('id', '=', b.scheduleId).execute(),
        occurrences: await trx.selectFrom('class_occurrences').select('id').where('id', '=', occurrenceOfB).execute(),
        own: await trx.selectFrom('catalog_items').select('slug').orderBy('slug').execute(),
      }))
      expect(seen).toEqual({ items: [], schedules: [], occurrences: [], own: [{ slug: 'cork-block' }, { slug: 'morning-flow' }] })
    })

    it('updates and deletes nothing of the other tenant', async () => {
      const outcome = await withTenant(test.handle, a.tenantId, async (trx) => ({
        updated: (await trx.updateTable('catalog_items').set({ stock_quantity: 99 }).where('id', '=', b.productId).executeTakeFirst()).numUpdatedRows,
        deleted: (await trx.deleteFrom('class_schedules').where('id', '=', b.scheduleId).executeTakeFirst()).numDeletedRows,
      }))
      expect(outcome).toEqual({ updated: 0n, deleted: 0n })
      const product = await withTenant(test.handle, b.tenantId, (trx) =>
        trx.selectFrom('catalog_items').select('stock_quantity').where('id', '=', b.productId).executeTakeFirstOrThrow(),
      )
      expect(product.stock_quantity).toBe(3)
    })

    it('refuses rows written under the other tenant’s id', async () => {
      await expect(
        withTenant(test.handle, a.tenantId, (trx) =>
          trx.insertInto('catalog_items').values({ tenant_id: b.tenantId, kind: 'product', name: 'Intruder', slug: 'intruder' }).execute(),
        ),
      ).rejects.toThrow(/row-level security/)
    })

    it('refuses a row of one tenant that points at a row of the other', async () => {
      await expect(
        withTenant(test.handle, a.tenantId, (trx) =>
          trx.insertInto('item_price_options').values({ tenant_id: a.tenantId, item_id: b.productId, name: 'Stolen', price_minor: 100, currency: 'USD' }).execute(),
        ),
      ).rejects.toThrow(/item_price_options_item/)
      const occurrenceOfB = await addOccurrence(test.handle, b, 5)
      await expect(
        withTenant(test.handle, a.tenantId, (trx) =>
          trx.insertInto('class_bookings').values({ tenant_id: a.tenantId, occurrence_id: occurrenceOfB, contact_id: a.contacts[0] ?? '' }).execute(),
        ),
      ).rejects.toThrow(/class_bookings_occurrence/)
      expect(await bookedCount(test.handle, b, occurrenceOfB)).toBe(0)
    })
  })

  describe('class capacity', () => {
    it('counts live bookings and refuses the one past capacity', async () => {
      const occurrence = await addOccurrence(test.handle, a, 2)
      const [first, second, third] = a.contacts
      await book(test.handle, a, occurrence, first ?? '')
      await book(test.handle, a, occurrence, second ?? '')
      expect(await bookedCount(test.handle, a, occurrence)).toBe(2)
      await expect(book(test.handle, a, occurrence, third ?? '')).rejects.toThrow(/class_occurrences_within_capacity/)
      // The refused booking wrote nothing.
      const bookings = await withTenant(test.handle, a.tenantId, (trx) => trx.selectFrom('class_bookings').select('contact_id').where('occurrence_id', '=', occurrence).execute())
      expect(bookings.map((row) => row.contact_id).sort()).toEqual([first, second].sort())

      // A cancellation frees the spot; checking in keeps it taken.
      await withTenant(test.handle, a.tenantId, (trx) =>
        trx.updateTable('class_bookings').set({ status: 'cancelled', cancelled_at: new Date() }).where('occurrence_id', '=', occurrence).where('contact_id', '=', first ?? '').execute(),
      )
      expect(await bookedCount(test.handle, a, occurrence)).toBe(1)
      await withTenant(test.handle, a.tenantId, (trx) =>
        trx.updateTable('class_bookings').set({ status: 'checked_in', checked_in_at: new Date() }).where('occurrence_id', '=', occurrence).where('contact_id', '=', second ?? '').execute(),
      )
      expect(await bookedCount(test.handle, a, occurrence)).toBe(1)
      await book(test.handle, a, occurrence, third ?? '')
      expect(await bookedCount(test.handle, a, occurrence)).toBe(2)
    })

    it('gives the last spots to exactly as many people as there are spots when they book at once', async () => {
      const occurrence = await addOccurrence(test.handle, a, 2)
      const results = await Promise.allSettled(a.contacts.map((contact) => book(test.handle, a, occurrence, contact)))
      const refused = results.filter((result) => result.status === 'rejected')
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2)
      expect(refused).toHaveLength(a.contacts.length - 2)
      for (const result of refused) expect(String((result as PromiseRejectedResult).reason)).toMatch(/class_occurrences_within_capacity/)
      expect(await bookedCount(test.handle, a, occurrence)).toBe(2)
    })

    it('refuses lowering an occurrence’s capacity below the people booked', async () => {
      const occurrence = await addOccurrence(test.handle, a, 3)
      await book(test.handle, a, occurrence, a.contacts[0] ?? '')
      await book(test.handle, a, occurrence, a.contacts[1] ?? '')
      await expect(
        withTenant(test.handle, a.tenantId, (trx) => trx.updateTable('class_occurrences').set({ capacity: 1, is_capacity_overridden: true }).where('id', '=', occurrence).execute()),
      ).rejects.toThrow(/class_occurrences_within_capacity/)
    })
  })

  describe('one booking per person and occurrence', () => {
    it('refuses a second live booking, and allows booking again after a cancellation', async () => {
      const occurrence = await addOccurrence(test.handle, a, 10)
      const contact = a.contacts[4] ?? ''
      await book(test.handle, a, occurrence, contact)
      await expect(book(test.handle, a, occurrence, contact)).rejects.toThrow(/class_bookings_once_per_contact/)
      expect(await bookedCount(test.handle, a, occurrence)).toBe(1)
      await withTenant(test.handle, a.tenantId, (trx) =>
        trx.updateTable('class_bookings').set({ status: 'cancelled', cancelled_at: new Date() }).where('occurrence_id', '=', occurrence).execute(),
      )
      await book(test.handle, a, occurrence, contact)
      expect(await bookedCount(test.handle, a, occurrence)).toBe(1)
    })
  })

  describe('stock', () => {
    it('never goes below zero: a sale of more than is left is refused and changes nothing', async () => {
      const sell = (quantity: number) =>
        withTenant(test.handle, a.tenantId, (trx) =>
          trx.updateTable('catalog_items').set((eb) => ({ stock_quantity: eb('stock_quantity', '-', quantity) })).where('id', '=', a.productId).execute(),
        )
      await expect(sell(4)).rejects.toThrow(/stock_quantity/)
      await sell(3)
      await expect(sell(1)).rejects.toThrow(/stock_quantity/)
      const row = await withTenant(test.handle, a.tenantId, (trx) => trx.selectFrom('catalog_items').select('stock_quantity').where('id', '=', a.productId).executeTakeFirstOrThrow())
      expect(row.stock_quantity).toBe(0)
    })

    it('is kept only for merchandise', async () => {
      await expect(
        withTenant(test.handle, a.tenantId, (trx) => trx.updateTable('catalog_items').set({ stock_quantity: 5 }).where('id', '=', a.classId).execute()),
      ).rejects.toThrow(/catalog_items_stock_is_merchandise/)
    })
  })

  describe('event seats and card credits', () => {
    it('refuses registrations past an event’s capacity, counting the seats each takes', async () => {
      const eventId = await withTenant(test.handle, a.tenantId, async (trx) => {
        const item = await trx.insertInto('catalog_items').values({ tenant_id: a.tenantId, kind: 'event', name: 'Workshop', slug: 'workshop' }).returning('id').executeTakeFirstOrThrow()
        await trx
          .insertInto('event_details')
          .values({ tenant_id: a.tenantId, item_id: item.id, starts_at: '2030-06-01T18:00:00Z', ends_at: '2030-06-01T20:00:00Z', time_zone: 'America/New_York', capacity: 3 })
          .execute()
        return item.id
      })
      const register = (contactId: string, quantity: number) =>
        withTenant(test.handle, a.tenantId, (trx) => trx.insertInto('event_registrations').values({ tenant_id: a.tenantId, event_id: eventId, contact_id: contactId, quantity }).execute())
      await register(a.contacts[0] ?? '', 2)
      await expect(register(a.contacts[1] ?? '', 2)).rejects.toThrow(/event_details_within_capacity/)
      await register(a.contacts[1] ?? '', 1)
      const event = await withTenant(test.handle, a.tenantId, (trx) => trx.selectFrom('event_details').select('registered_count').where('item_id', '=', eventId).executeTakeFirstOrThrow())
      expect(event.registered_count).toBe(3)
    })

    it('never lets a card’s credits go below zero', async () => {
      const membershipId = await withTenant(test.handle, a.tenantId, async (trx) => {
        const plan = await trx.insertInto('catalog_items').values({ tenant_id: a.tenantId, kind: 'membership', name: 'Passes', slug: 'passes' }).returning('id').executeTakeFirstOrThrow()
        const held = await trx
          .insertInto('contact_memberships')
          .values({ tenant_id: a.tenantId, contact_id: a.contacts[0] ?? '', item_id: plan.id, name: '2-Class Card', membership_type: 'card', credits_total: 2, credits_left: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
        return held.id
      })
      const useCredit = () =>
        withTenant(test.handle, a.tenantId, (trx) =>
          trx.updateTable('contact_memberships').set((eb) => ({ credits_left: eb('credits_left', '-', 1) })).where('id', '=', membershipId).execute(),
        )
      await useCredit()
      await expect(useCredit()).rejects.toThrow(/contact_memberships_credits/)
    })
  })

  describe('price options', () => {
    const option = (values: Record<string, unknown>) =>
      withTenant(test.handle, a.tenantId, (trx) =>
        trx
          .insertInto('item_price_options')
          .values({ tenant_id: a.tenantId, item_id: a.classId, name: 'Option', price_minor: 1000, currency: 'USD', ...values })
          .execute(),
      )

    it('keeps each membership type’s own fields', async () => {
      await option({ membership_type: 'card', credits: 10 })
      await option({ membership_type: 'recurring', frequency: 'monthly', is_trial_period: true, trial_duration: 7, trial_duration_unit: 'days' })
      await expect(option({ membership_type: 'card' })).rejects.toThrow(/item_price_options_card_has_credits/)
      await expect(option({ membership_type: 'recurring' })).rejects.toThrow(/item_price_options_recurring_has_frequency/)
      await expect(option({ membership_type: 'unlimited', billing_day_of_month: 5 })).rejects.toThrow(/item_price_options_billing_is_recurring/)
      await expect(option({ membership_type: 'recurring', frequency: 'monthly', is_trial_period: true })).rejects.toThrow(/item_price_options_trial_complete/)
      await expect(option({ currency: 'usd' })).rejects.toThrow(/currency/)
      await expect(option({ max_quantity: 10 })).rejects.toThrow(/max_quantity/)
    })
  })

  it('refuses deleting an item that is in a bundle or held as a membership, yet a deleted tenant takes its whole catalog', async () => {
    const gamma = await createStudio(test.handle, 'gamma')
    const ids = await withTenant(test.handle, gamma.tenantId, async (trx) => {
      const bundle = await trx.insertInto('catalog_items').values({ tenant_id: gamma.tenantId, kind: 'bundle', name: 'Kit', slug: 'kit' }).returning('id').executeTakeFirstOrThrow()
      await trx.insertInto('bundle_items').values({ tenant_id: gamma.tenantId, bundle_id: bundle.id, item_id: gamma.productId, quantity: 2 }).execute()
      const plan = await trx.insertInto('catalog_items').values({ tenant_id: gamma.tenantId, kind: 'membership', name: 'Passes', slug: 'passes' }).returning('id').executeTakeFirstOrThrow()
      await trx
        .insertInto('contact_memberships')
        .values({ tenant_id: gamma.tenantId, contact_id: gamma.contacts[0] ?? '', item_id: plan.id, name: 'Unlimited', membership_type: 'unlimited' })
        .execute()
      return { planId: plan.id }
    })
    const occurrence = await addOccurrence(test.handle, gamma, 5)
    await book(test.handle, gamma, occurrence, gamma.contacts[0] ?? '')
    for (const itemId of [gamma.productId, ids.planId]) {
      await expect(withTenant(test.handle, gamma.tenantId, (trx) => trx.deleteFrom('catalog_items').where('id', '=', itemId).execute())).rejects.toThrow(/foreign key/)
    }
    await asSystem(test.handle, 'test: delete a tenant', (trx) => trx.deleteFrom('tenants').where('id', '=', gamma.tenantId).execute())
    const left = await asSystem(test.handle, 'test: what is left', async (trx) => {
      let total = 0
      for (const table of CATALOG_TABLES) {
        const row = await trx.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', gamma.tenantId).executeTakeFirstOrThrow()
        total += Number(row.count)
      }
      return total
    })
    expect(left).toBe(0)
  })

  it('keeps slugs unique per tenant and kind, in the spec’s form', async () => {
    const add = (tenant: Studio, kind: 'course' | 'event', slug: string) =>
      withTenant(test.handle, tenant.tenantId, (trx) => trx.insertInto('catalog_items').values({ tenant_id: tenant.tenantId, kind, name: 'Yoga Basics', slug }).execute())
    await add(a, 'course', 'yoga-basics')
    await add(a, 'event', 'yoga-basics')
    await add(b, 'course', 'yoga-basics')
    await expect(add(a, 'course', 'yoga-basics')).rejects.toThrow(/catalog_items_tenant_kind_slug/)
    await expect(add(a, 'course', 'Yoga Basics')).rejects.toThrow(/slug/)
    await expect(add(a, 'course', 'yoga--basics')).rejects.toThrow(/slug/)
  })
})

describe(`the demo catalog (${engine})`, () => {
  let test: TestDatabase
  const now = new Date()
  beforeAll(async () => {
    test = await createTestDatabase()
  })
  afterAll(() => test?.drop())

  async function counts() {
    return asSystem(test.handle, 'test: count the catalog', async (trx) => {
      const result: Record<string, number> = {}
      for (const table of CATALOG_TABLES) {
        const row = await trx.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
        result[table] = Number(row.count)
      }
      return result
    })
  }

  it('gives the demo studio courses, classes, events, merchandise, a bundle, a donation campaign, passes and the student’s bookings', async () => {
    expect(await seedDatabase(test.handle, { masterOrgId: 'master', includeDemo: true, demoPassword: 'demo-password-1', hashPassword, now })).toEqual({ seeded: true })
    const tenant = await asSystem(test.handle, 'test: find the demo', (trx) => trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow())
    const demo = await withTenant(test.handle, tenant.id, async (trx) => ({
      items: await trx.selectFrom('catalog_items').select(['id', 'kind', 'name', 'payment_type', 'stock_quantity', 'is_published']).execute(),
      schedules: await trx.selectFrom('class_schedules').selectAll().execute(),
      teachers: await trx.selectFrom('contacts').select('email').where('is_teacher', '=', true).orderBy('email').execute(),
      rooms: await trx.selectFrom('rooms').select('name').orderBy('name').execute(),
      events: await trx.selectFrom('event_details').select(['starts_at', 'registered_count']).execute(),
      bundle: await trx.selectFrom('bundle_items').select(['item_id', 'quantity']).execute(),
      donation: await trx.selectFrom('donation_details').selectAll().executeTakeFirstOrThrow(),
      options: await trx.selectFrom('item_price_options').selectAll().where('membership_type', 'is not', null).execute(),
      sections: await trx.selectFrom('course_sections').select(['course_id', 'sequence']).execute(),
      chapters: await trx.selectFrom('course_chapters').select(['content_type', 'video_embed_url']).execute(),
      bookings: await trx
        .selectFrom('class_bookings')
        .innerJoin('contacts', 'contacts.id', 'class_bookings.contact_id')
        .innerJoin('class_occurrences', 'class_occurrences.id', 'class_bookings.occurrence_id')
        .select(['contacts.email', 'class_bookings.status', 'class_bookings.membership_id', 'class_occurrences.starts_at'])
        .execute(),
      occurrences: await trx.selectFrom('class_occurrences').select(['id', 'status', 'booked_count', 'moved_to_time']).execute(),
      held: await trx
        .selectFrom('contact_memberships')
        .innerJoin('contacts', 'contacts.id', 'contact_memberships.contact_id')
        .select(['contacts.email', 'contact_memberships.name', 'contact_memberships.status', 'contact_memberships.credits_left'])
        .orderBy('contacts.email')
        .execute(),
      enrolments: await trx.selectFrom('course_enrolments').select('course_id').execute(),
    }))
    const ofKind = (kind: string) => demo.items.filter((item) => item.kind === kind)

    expect(ofKind('course')).toHaveLength(3)
    expect(ofKind('course').find((course) => course.name === DEMO_COURSE_NAME)?.payment_type).toBe('FREE')
    expect(demo.sections.length).toBeGreaterThanOrEqual(6)
    expect(demo.chapters.filter((chapter) => chapter.content_type === 'video').every((chapter) => chapter.video_embed_url?.startsWith('https://'))).toBe(true)

    expect(ofKind('class')).toHaveLength(6)
    const weekly = demo.schedules.filter((schedule) => schedule.recurrence === 'weekly')
    expect(weekly).toHaveLength(6)
    expect(demo.schedules.filter((schedule) => schedule.recurrence === 'once')).toHaveLength(1)
    expect(new Set(demo.schedules.map((schedule) => schedule.time_zone))).toEqual(new Set([DEMO_TIME_ZONE]))
    expect(new Set(weekly.map((schedule) => schedule.teacher_id)).size).toBe(2)
    expect(demo.teachers.map((teacher) => teacher.email)).toEqual(['staff@demo.test', 'yuki.tanaka@example.test'])
    expect(demo.rooms.map((room) => room.name)).toEqual(['Garden Room', 'Main Studio'])
    // The weekly rules reach well past today, so the calendar has classes to show.
    const today = localDateIn(DEMO_TIME_ZONE, now)
    for (const schedule of weekly) expect(schedule.start_date <= today).toBe(true)
    expect(demo.occurrences.filter((occurrence) => occurrence.status === 'cancelled')).toHaveLength(1)
    expect(demo.occurrences.filter((occurrence) => occurrence.moved_to_time !== null)).toHaveLength(1)

    expect(ofKind('event')).toHaveLength(3)
    expect(demo.events.every((event) => new Date(event.starts_at) > now)).toBe(true)
    expect(demo.events.map((event) => event.registered_count).sort()).toEqual([0, 0, 1])

    expect(ofKind('product')).toHaveLength(5)
    expect(ofKind('product').every((product) => product.stock_quantity !== null && product.stock_quantity >= 0)).toBe(true)
    expect(ofKind('bundle')).toHaveLength(1)
    expect(demo.bundle).toHaveLength(3)
    expect(ofKind('donation')).toHaveLength(1)
    expect(demo.donation).toMatchObject({ suggested_amounts_minor: [1000, 2500, 5000, 10000], is_recurring_allowed: true, is_other_amount_allowed: true })
    expect(demo.items.every((item) => item.is_published)).toBe(true)

    const card = demo.options.find((option) => option.membership_type === 'card')
    expect(card).toMatchObject({ name: '10-Class Card', credits: 10 })
    const unlimited = demo.options.find((option) => option.name === 'Monthly Unlimited')
    expect(unlimited).toMatchObject({ membership_type: 'recurring', frequency: 'monthly', is_trial_period: true, trial_duration: 7, trial_duration_unit: 'days' })

    const studentBookings = demo.bookings.filter((booking) => booking.email === 'student@demo.test')
    expect(studentBookings.filter((booking) => new Date(booking.starts_at) > now && booking.status === 'booked')).toHaveLength(3)
    expect(studentBookings.filter((booking) => booking.status === 'checked_in')).toHaveLength(1)
    // Three of the student's classes were paid with the card, which has seven credits left.
    expect(studentBookings.filter((booking) => booking.membership_id !== null)).toHaveLength(3)
    expect(demo.held.map((held) => [held.email, held.name, held.status, held.credits_left])).toEqual([
      ['ada.okafor@example.test', 'Monthly Unlimited', 'trial', null],
      ['student@demo.test', '10-Class Card', 'active', 7],
    ])
    expect(demo.enrolments).toHaveLength(2)
    // Each occurrence's count is the number of its live bookings.
    expect(demo.occurrences.reduce((sum, occurrence) => sum + occurrence.booked_count, 0)).toBe(demo.bookings.length)
  })

  it('adds nothing on a second run', async () => {
    const before = await counts()
    expect(before.catalog_items).toBe(3 + 6 + 3 + 5 + 1 + 1 + 1)
    expect(await seedDatabase(test.handle, { masterOrgId: 'master', includeDemo: true, demoPassword: 'demo-password-1', hashPassword })).toEqual({ seeded: false })
    expect(await counts()).toEqual(before)
  })

  it('gives the other tenants no catalog', async () => {
    const others = await asSystem(test.handle, 'test: other tenants', (trx) =>
      trx.selectFrom('catalog_items').innerJoin('tenants', 'tenants.id', 'catalog_items.tenant_id').select('tenants.org_id').where('tenants.org_id', '<>', 'demo').execute(),
    )
    expect(others).toEqual([])
  })
})
