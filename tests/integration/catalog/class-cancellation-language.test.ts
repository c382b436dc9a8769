import { action as newAction } from '#app/routes/_admin+/schedule+/new'
import { action as occurrenceAction } from '#app/routes/_admin+/schedule+/$classGuid_.$clsStartTime'
import { asSystem, withTenant } from '#db/tenant-scope'
import { findClassOccurrence } from '#server/catalog/classes/class-occurrence'
import { ensureOccurrenceRow } from '#server/catalog/classes/class-rows'
import { OCCURRENCE_MESSAGES } from '#server/catalog/classes/occurrence-form-schema'
import { createContact } from '#tests/support/fixtures'
import { callRoute, formPostRequest, toastOf } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
/** Sunday 1 March 2026: the class's first session is the next morning. */
const now = new Date('2026-03-01T09:00:00Z')
const SESSION = '20260302T190000'

describe(`the class cancellation email in each student's language (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  const post = (fn: Parameters<typeof callRoute>[0], path: string, fields: Record<string, string> | URLSearchParams, params: Record<string, string> = {}) =>
    callRoute(fn, formPostRequest(`http://${world.host}${path}`, fields, world.cookies.staff), contextFor(platform, world.tenant), params)
  const emailTo = (address: string) =>
    asSystem(platform.database, 'test: the email', (trx) => trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', address).executeTakeFirstOrThrow())

  beforeAll(async () => {
    platform = await createTestPlatform({}, { clock: { now: () => now } })
    world = await createUsersWorld(platform, 'cancel-language', { timezone: 'Europe/Istanbul', defaultCurrency: 'TRY' })
  })
  afterAll(() => platform?.close())

  it('writes a Turkish student the cancellation in Turkish and keeps the English words for an English one', async () => {
    const fields = new URLSearchParams({
      intent: 'create',
      name: 'Çömlek',
      slug: '',
      summary: '',
      description: '',
      teacherId: '',
      roomId: '',
      capacity: '12',
      durationMinutes: '60',
      colour: '#2A9D8F',
      paymentType: 'FREE',
      dropInPrice: '',
      isPublished: 'on',
      recurrence: 'weekly',
      startDate: '2026-03-02',
      startTime: '19:00',
      ends: 'weeks',
      weeks: '2',
      untilDate: '',
      weekdays: '1',
    })
    const created = await post(newAction, '/schedule/new', fields)
    expect(created.status).toBe(302)
    const guid = created.location?.split('/').pop() ?? ''
    // The session's row, as a booking finds it.
    const occurrenceId = await withTenant(platform.database, world.tenant.id, async (trx) => {
      const found = await findClassOccurrence(trx, guid, SESSION)
      if (!found) throw new Error('no such session')
      return (await ensureOccurrenceRow(trx, world.tenant.id, found.located.schedule, found.scheduled.date)).id
    })
    const ayse = await createContact(platform, world.tenant, { email: 'ayse@cancel-language.test', firstName: 'Ayşe' })
    const ada = await createContact(platform, world.tenant, { email: 'ada@cancel-language.test', firstName: 'Ada' })
    await asSystem(platform.database, 'test: two bookings', async (trx) => {
      await trx.updateTable('contacts').set({ language: 'tr' }).where('id', '=', ayse.id).execute()
      await trx.updateTable('contacts').set({ language: 'en' }).where('id', '=', ada.id).execute()
      for (const contact of [ayse, ada]) await trx.insertInto('class_bookings').values({ tenant_id: world.tenant.id, occurrence_id: occurrenceId, contact_id: contact.id }).execute()
    })

    const cancelled = await post(occurrenceAction, `/schedule/${guid}/${SESSION}`, { intent: 'cancel', note: 'Fırın bakımda.' }, { classGuid: guid, clsStartTime: SESSION })
    expect(cancelled.status).toBe(302)
    // Staff read the answer in their own language: English.
    expect(toastOf(cancelled)?.message).toBe(OCCURRENCE_MESSAGES.cancelled(2))

    const turkish = await emailTo('ayse@cancel-language.test')
    expect(turkish.subject).toBe('İptal edildi: 02 Mar 2026 19:00 tarihindeki Çömlek')
    expect(turkish.text_body).toBe(
      [
        'Merhaba Ayşe,',
        '',
        `${world.tenant.name}, 02 Mar 2026 19:00 tarihindeki Çömlek dersini iptal etti. Rezervasyonunuz iptal edildi; bu ders için kullandığınız ders kredisi varsa iade edildi.`,
        '',
        'Fırın bakımda.',
        '',
        world.tenant.name,
      ].join('\n'),
    )
    const english = await emailTo('ada@cancel-language.test')
    expect(english.subject).toBe('Cancelled: Çömlek on 03/02/2026 07:00 PM')
    expect(english.text_body).toContain(`${world.tenant.name} has cancelled Çömlek on 03/02/2026 07:00 PM. Your booking is cancelled, and any class credit you used has been returned.`)
  })
})
