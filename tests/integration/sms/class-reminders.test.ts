import { asSystem } from '#db/tenant-scope'
import { classReminderText, queueClassReminders } from '#server/sms/class-reminders'
import { startFakePlivo, type FakePlivo } from '#tests/fakes/plivo-fake'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import type { Tenant } from '#server/tenancy/tenant'
import { setUpPlivo, setUpTwilio, smsRows } from './sms-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const HOUR = 3_600_000

describe(`class reminder texts (${engine})`, () => {
  let platform: TestPlatform
  let fake: FakeTwilio
  let plivo: FakePlivo
  let tenant: Tenant
  let quiet: Tenant
  const now = new Date()

  beforeAll(async () => {
    fake = await startFakeTwilio()
    plivo = await startFakePlivo()
    platform = await createTestPlatform({ TWILIO_API_URL: fake.url, PLIVO_API_URL: plivo.url, SMS_REMINDER_HOURS: '24' })
    tenant = await createTenant(platform, { orgId: 'smsreminders', settings: { timezone: 'America/New_York' } })
    // A studio without SMS set up: its bookings get no texts.
    quiet = await createTenant(platform, { orgId: 'smsreminders-quiet' })
    await setUpTwilio(platform, tenant, fake, { pageSize: 250, pageWaitMinutes: 3 })
  })
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
    await plivo?.close()
  })

  /** A class with occurrences at the given offsets from now, each booked by the given contacts. */
  async function classWith(studio: Tenant, name: string, occurrences: Array<{ inHours: number; status?: 'scheduled' | 'cancelled'; bookings: Array<{ contactId: string; status?: 'booked' | 'cancelled' }> }>) {
    return asSystem(platform.database, 'test fixture: classes and bookings', async (trx) => {
      const item = await trx
        .insertInto('catalog_items')
        .values({ tenant_id: studio.id, kind: 'class', name, slug: name.toLowerCase().replace(/\s+/g, '-'), payment_type: 'PAID', is_published: true })
        .returning('id')
        .executeTakeFirstOrThrow()
      const schedule = await trx
        .insertInto('class_schedules')
        .values({ tenant_id: studio.id, class_id: item.id, recurrence: 'once', start_date: '2026-12-01', start_time: '09:00', time_zone: 'America/New_York', duration_minutes: 60, capacity: 20 })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const [index, occurrence] of occurrences.entries()) {
        const startsAt = new Date(now.getTime() + occurrence.inHours * HOUR)
        const row = await trx
          .insertInto('class_occurrences')
          .values({
            tenant_id: studio.id,
            schedule_id: schedule.id,
            class_id: item.id,
            occurrence_date: `2026-12-${String(index + 10).padStart(2, '0')}`,
            starts_at: startsAt,
            ends_at: new Date(startsAt.getTime() + HOUR),
            capacity: 20,
            status: occurrence.status ?? 'scheduled',
            cancelled_at: occurrence.status === 'cancelled' ? now : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        for (const booking of occurrence.bookings) {
          await trx
            .insertInto('class_bookings')
            .values({ tenant_id: studio.id, occurrence_id: row.id, contact_id: booking.contactId, credits_used: 0, status: booking.status ?? 'booked', cancelled_at: booking.status === 'cancelled' ? now : null })
            .execute()
        }
      }
    })
  }

  async function person(studio: Tenant, firstName: string, phone: string | null, reminders: boolean) {
    const contact = await createContact(platform, studio, { firstName, lastName: 'Student' })
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('contacts').set({ phone, is_send_sms_reminder: reminders }).where('id', '=', contact.id).execute())
    return contact
  }

  it('texts each booked contact with SMS reminders on, once, for classes starting within the lead time', async () => {
    const ana = await person(tenant, 'Ana', '+1 555 020 0001', true)
    const ben = await person(tenant, 'Ben', '+15550200002', false)
    const cy = await person(tenant, 'Cy', null, true)
    const dee = await person(tenant, 'Dee', '+15550200004', true)
    await classWith(tenant, 'Morning Flow', [
      { inHours: 3, bookings: [{ contactId: ana.id }, { contactId: ben.id }, { contactId: cy.id }, { contactId: dee.id, status: 'cancelled' }] },
      // Too far ahead, already started, and cancelled: none is reminded.
      { inHours: 30, bookings: [{ contactId: ana.id }] },
      { inHours: -1, bookings: [{ contactId: ana.id }] },
      { inHours: 5, status: 'cancelled', bookings: [{ contactId: dee.id }] },
    ])
    const outsider = await person(quiet, 'Otto', '+15550200009', true)
    await classWith(quiet, 'Quiet Class', [{ inHours: 2, bookings: [{ contactId: outsider.id }] }])

    expect(await queueClassReminders(platform, now)).toBe(1)
    // The next sweep finds the same booking and queues nothing more.
    expect(await queueClassReminders(platform, new Date(now.getTime() + 15 * 60_000))).toBe(0)
    await platform.jobs.drain()
    expect(fake.messages).toHaveLength(1)
    expect(fake.messages[0]?.to).toBe('+15550200001')
    expect(fake.messages[0]?.body).toMatch(/^Reminder: Morning Flow starts .+\. See you there! - /)
    const rows = await smsRows(platform, tenant)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'reminder', contact_id: ana.id, status: 'sent' })
    expect(await smsRows(platform, quiet)).toEqual([])
  })

  it('starts the send job again for a studio whose messages have waited too long', async () => {
    fake.reset()
    await asSystem(platform.database, 'test fixture: a message left waiting', (trx) =>
      trx
        .insertInto('sms_messages')
        .values({ tenant_id: tenant.id, to_number: '+15550200077', body: 'Left behind', kind: 'message', batch_id: '00000000-0000-4000-8000-000000000077', created_at: new Date(now.getTime() - 2 * HOUR) })
        .execute(),
    )
    await queueClassReminders(platform, new Date(now.getTime() + 30 * 60_000))
    await platform.jobs.drain()
    expect(fake.messages.map((m) => m.body)).toEqual(['Left behind'])
  })

  it('texts reminders through Plivo from an approved number, and none while the number waits for approval', async () => {
    const approved = await createTenant(platform, { orgId: 'smsreminders-plivo' })
    const waiting = await createTenant(platform, { orgId: 'smsreminders-plivo-waiting' })
    await setUpPlivo(platform, approved, plivo, { pageSize: 250, pageWaitMinutes: 3, number: '+14155550160' })
    await setUpPlivo(platform, waiting, plivo, { pageSize: 250, pageWaitMinutes: 3, number: '+14155550161', approved: false })
    const eve = await person(approved, 'Eve', '+15550200011', true)
    const fay = await person(waiting, 'Fay', '+15550200012', true)
    await classWith(approved, 'Evening Flow', [{ inHours: 4, bookings: [{ contactId: eve.id }] }])
    await classWith(waiting, 'Waiting Flow', [{ inHours: 4, bookings: [{ contactId: fay.id }] }])
    expect(await queueClassReminders(platform, now)).toBe(1)
    await platform.jobs.drain()
    expect(plivo.messages.map((m) => [m.src, m.dst])).toEqual([['14155550160', '15550200011']])
    expect(plivo.messages[0]?.text).toMatch(/^Reminder: Evening Flow starts /)
    expect(await smsRows(platform, waiting)).toEqual([])
  })

  it("words the reminder in the studio's zone", () => {
    const text = classReminderText({ className: 'Yin', startsAt: new Date('2026-12-10T23:30:00Z'), studioName: 'Lotus', timezone: 'America/New_York', dateFormat: 'MM/dd/YYYY' })
    expect(text).toContain('12/10/2026')
    expect(text).toContain('Lotus')
  })
})
