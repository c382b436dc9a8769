import { seedDatabase } from '#db/seed'
import { DEMO_TIME_ZONE } from '#db/seed-catalog-data'
import { asSystem, withTenant } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import { addDays } from '#server/catalog/calendar-date'
import { calendarGrid, gridWindow } from '#server/catalog/schedule/calendar-grid'
import { loadPublicSchedule } from '#server/catalog/schedule/load-public-schedule'
import { formatPattern } from '#server/dates/date-pattern'
import { dateInputValue, zonedTimeToInstant } from '#server/dates/local-time'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const DAY_MS = 86_400_000

/** The window of the seven local days from `date`, in the demo's zone. */
function daysFrom(date: string, days = 7) {
  const from = zonedTimeToInstant(date, '00:00', DEMO_TIME_ZONE)
  const to = zonedTimeToInstant(addDays(date, days) ?? date, '00:00', DEMO_TIME_ZONE)
  if (!from || !to) throw new Error('bad date')
  return { from, to }
}

describe(`the public class schedule read (${engine})`, () => {
  let test: TestDatabase
  let demoId: string
  const now = new Date()
  const today = dateInputValue(now, DEMO_TIME_ZONE)

  beforeAll(async () => {
    test = await createTestDatabase()
    await seedDatabase(test.handle, { masterOrgId: 'master', includeDemo: true, demoPassword: 'demo-password-1', hashPassword, now })
    demoId = (await asSystem(test.handle, 'test: find the demo', (trx) => trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow())).id
  })
  afterAll(() => test?.drop())

  it('expands the six weekly classes of a week in the studio’s zone, with teacher, room and spots', async () => {
    // A week a month on holds neither the seed's one-off session nor its changed occurrences.
    const window = gridWindow(calendarGrid('week', addDays(today, 35) ?? today, today), DEMO_TIME_ZONE)
    const { occurrences, classes, teachers } = await loadPublicSchedule(test.handle, demoId, window)
    // Mon/Wed/Fri + Tue/Thu + Mon/Wed + Tue/Thu + Sat + Sun
    expect(occurrences).toHaveLength(11)
    expect(classes.map((choice) => choice.name)).toEqual(['Community Lunchtime Flow', 'Evening Hatha', 'Morning Vinyasa', 'Pilates Mat', 'Power Yoga', 'Weekend Slow Flow'])
    expect(teachers.map((choice) => choice.name)).toEqual(['Sam Staff', 'Yuki Tanaka'])
    const vinyasa = occurrences.filter((occurrence) => occurrence.className === 'Morning Vinyasa')
    expect(vinyasa).toHaveLength(3)
    for (const occurrence of vinyasa) {
      expect(formatPattern(occurrence.start, DEMO_TIME_ZONE, 'HH:mm')).toBe('07:00')
      expect(occurrence.end.getTime() - occurrence.start.getTime()).toBe(60 * 60_000)
      expect(occurrence).toMatchObject({ teacherName: 'Sam Staff', roomName: 'Main Studio', capacity: 20, spotsLeft: 20, cancelled: false, colour: '4d8dfc' })
      expect(occurrence.id).toBe(`${occurrence.classId}/${occurrence.clsStartTime}`)
      expect(occurrence.clsStartTime).toMatch(/^\d{8}T070000$/)
    }
    expect(occurrences.map((occurrence) => occurrence.start.getTime())).toEqual([...occurrences.map((occurrence) => occurrence.start.getTime())].sort((a, b) => a - b))
    expect(occurrences.every((occurrence) => occurrence.start >= window.from && occurrence.start < window.to)).toBe(true)
  })

  it('marks the cancelled occurrence and shows the moved one at its new time under its old name', async () => {
    const rows = await withTenant(test.handle, demoId, (trx) =>
      trx.selectFrom('class_occurrences').innerJoin('catalog_items', 'catalog_items.id', 'class_occurrences.class_id')
        .select(['catalog_items.name', 'class_occurrences.occurrence_date', 'class_occurrences.status', 'class_occurrences.moved_to_time', 'class_occurrences.starts_at'])
        .where((eb) => eb.or([eb('class_occurrences.status', '=', 'cancelled'), eb('class_occurrences.moved_to_time', 'is not', null)]))
        .execute(),
    )
    const cancelled = rows.find((row) => row.status === 'cancelled')
    const moved = rows.find((row) => row.moved_to_time !== null)
    if (!cancelled || !moved) throw new Error('the demo seed has a cancelled and a moved occurrence')

    const aroundCancelled = await loadPublicSchedule(test.handle, demoId, daysFrom(String(cancelled.occurrence_date), 1))
    const power = aroundCancelled.occurrences.filter((occurrence) => occurrence.className === cancelled.name)
    expect(power).toHaveLength(1)
    expect(power[0]?.cancelled).toBe(true)

    const aroundMoved = await loadPublicSchedule(test.handle, demoId, daysFrom(String(moved.occurrence_date), 1))
    const slow = aroundMoved.occurrences.find((occurrence) => occurrence.className === moved.name)
    expect(slow).toBeDefined()
    expect(slow?.local).toEqual({ date: String(moved.occurrence_date), time: '10:00' })
    expect(slow?.clsStartTime).toBe(`${String(moved.occurrence_date).replace(/-/g, '')}T090000`)
    expect(slow?.start.toISOString()).toBe(new Date(moved.starts_at).toISOString())
    expect(slow?.cancelled).toBe(false)
  })

  it('counts spots left from the occurrence rows’ bookings', async () => {
    const booked = await withTenant(test.handle, demoId, (trx) =>
      trx.selectFrom('class_occurrences').select(['starts_at', 'capacity', 'booked_count']).where('booked_count', '>', 0).where('status', '=', 'scheduled').where('moved_to_time', 'is', null).executeTakeFirstOrThrow(),
    )
    const start = new Date(booked.starts_at)
    const { occurrences } = await loadPublicSchedule(test.handle, demoId, { from: start, to: new Date(start.getTime() + 60_000) })
    expect(occurrences).toHaveLength(1)
    expect(occurrences[0]).toMatchObject({ capacity: booked.capacity, bookedCount: booked.booked_count, spotsLeft: booked.capacity - booked.booked_count })
  })

  it('filters by class and by teacher, and an unknown id only filters everything out', async () => {
    const window = daysFrom(addDays(today, 35) ?? today)
    const all = await loadPublicSchedule(test.handle, demoId, window)
    const yuki = all.teachers.find((teacher) => teacher.name === 'Yuki Tanaka')
    const hatha = all.classes.find((choice) => choice.name === 'Evening Hatha')
    const byTeacher = await loadPublicSchedule(test.handle, demoId, window, { teacherId: yuki?.id })
    expect(byTeacher.occurrences.length).toBeGreaterThan(0)
    expect(byTeacher.occurrences.every((occurrence) => occurrence.teacherName === 'Yuki Tanaka')).toBe(true)
    expect(byTeacher.classes).toEqual(all.classes)
    const byClass = await loadPublicSchedule(test.handle, demoId, window, { classId: hatha?.id })
    expect(byClass.occurrences.map((occurrence) => occurrence.className)).toEqual(['Evening Hatha', 'Evening Hatha'])
    expect((await loadPublicSchedule(test.handle, demoId, window, { classId: 'not-a-uuid' })).occurrences).toEqual([])
  })

  it('leaves out unpublished and archived classes', async () => {
    const window = daysFrom(addDays(today, 35) ?? today)
    await withTenant(test.handle, demoId, (trx) => trx.updateTable('catalog_items').set({ is_published: false }).where('slug', '=', 'pilates-mat').execute())
    await withTenant(test.handle, demoId, (trx) => trx.updateTable('catalog_items').set({ is_archived: true }).where('slug', '=', 'power-yoga').execute())
    try {
      const { occurrences, classes } = await loadPublicSchedule(test.handle, demoId, window)
      expect(occurrences).toHaveLength(11 - 1 - 2)
      expect(classes.map((choice) => choice.name)).not.toContain('Pilates Mat')
      expect(classes.map((choice) => choice.name)).not.toContain('Power Yoga')
    } finally {
      await withTenant(test.handle, demoId, (trx) => trx.updateTable('catalog_items').set({ is_published: true, is_archived: false }).where('slug', 'in', ['pilates-mat', 'power-yoga']).execute())
    }
  })

  it('shows another tenant nothing of the demo’s schedule', async () => {
    const other = await asSystem(test.handle, 'test: another tenant', (trx) =>
      trx.insertInto('tenants').values({ org_id: 'elsewhere', name: 'Elsewhere', settings: '{}' }).returning('id').executeTakeFirstOrThrow(),
    )
    const window = { from: now, to: new Date(now.getTime() + 90 * DAY_MS) }
    expect(await loadPublicSchedule(test.handle, other.id, window)).toEqual({ occurrences: [], classes: [], teachers: [] })
    expect((await loadPublicSchedule(test.handle, demoId, window)).occurrences.length).toBeGreaterThan(100)
  })
})
