import { seedDatabase } from '#db/seed'
import { DEMO_TIME_ZONE } from '#db/seed-catalog-data'
import { asSystem, withTenant } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import { loadDashboardCatalog } from '#server/dashboard/load-dashboard-catalog'
import { formatPattern } from '#server/dates/date-pattern'
import { zonedTimeToInstant } from '#server/dates/local-time'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the dashboard's classes and events (${engine})`, () => {
  let test: TestDatabase
  let demoId: string
  // A Wednesday in the demo's zone: Morning Vinyasa (07:00) and Evening Hatha (18:30) run.
  const wednesdayNoon = zonedTimeToInstant('2027-03-10', '12:00', DEMO_TIME_ZONE) ?? new Date(Number.NaN)
  const tenant = () => ({ id: demoId, settings: { timezone: DEMO_TIME_ZONE } })

  beforeAll(async () => {
    test = await createTestDatabase()
    await seedDatabase(test.handle, { masterOrgId: 'master', includeDemo: true, demoPassword: 'demo-password-1', hashPassword, now: new Date('2027-03-01T12:00:00Z') })
    demoId = (await asSystem(test.handle, 'test: find the demo', (trx) => trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow())).id
  })
  afterAll(() => test?.drop())

  it("lists the day's classes in the studio's zone, earliest first, with bookings against capacity", async () => {
    const { todaysClasses } = await loadDashboardCatalog(test.handle, tenant(), { classes: true, events: false }, wednesdayNoon)
    expect(todaysClasses?.map((occurrence) => occurrence.className)).toEqual(['Morning Vinyasa', 'Evening Hatha'])
    expect(todaysClasses?.map((occurrence) => formatPattern(new Date(occurrence.start), DEMO_TIME_ZONE, 'HH:mm'))).toEqual(['07:00', '18:30'])
    expect(todaysClasses?.[0]).toMatchObject({ teacherName: 'Sam Staff', roomName: 'Main Studio', capacity: 20, cancelled: false })
  })

  it('lists events that have not ended, drafts marked, and nothing for a module that is off', async () => {
    const { todaysClasses, upcomingEvents } = await loadDashboardCatalog(test.handle, tenant(), { classes: false, events: true }, new Date('2027-03-01T12:00:00Z'))
    expect(todaysClasses).toBeNull()
    expect(upcomingEvents?.length).toBeGreaterThan(0)
    const starts = upcomingEvents?.map((event) => event.startsAt) ?? []
    expect(starts).toEqual([...starts].sort())
    const draft = await withTenant(test.handle, demoId, (trx) =>
      trx.updateTable('catalog_items').set({ is_published: false }).where('kind', '=', 'event').where('name', '=', upcomingEvents?.[0]?.name ?? '').returning('guid').executeTakeFirstOrThrow(),
    )
    const again = await loadDashboardCatalog(test.handle, tenant(), { classes: false, events: true }, new Date('2027-03-01T12:00:00Z'))
    expect(again.upcomingEvents?.find((event) => event.guid === draft.guid)?.isPublished).toBe(false)
    const none = await loadDashboardCatalog(test.handle, tenant(), { classes: false, events: false }, wednesdayNoon)
    expect(none).toEqual({ todaysClasses: null, upcomingEvents: null })
  })
})
