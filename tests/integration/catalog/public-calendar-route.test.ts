import { addDays } from '#server/catalog/calendar-date'
import { dateInputValue } from '#server/dates/local-time'
import { asSystem } from '#db/tenant-scope'
import { DEMO_TIME_ZONE } from '#db/seed-catalog-data'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { createContact } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`/calendar and /calendar.ics on the demo site (${engine})`, () => {
  let app: DemoHttpApp
  const today = dateInputValue(new Date(), DEMO_TIME_ZONE)
  const aMonthOn = addDays(today, 35) ?? today
  const get = (path: string) => request(app.port, path, { host: app.host })
  const occurrencesIn = (html: string) => html.match(/data-occurrence="/g)?.length ?? 0

  async function changeSettings(changes: Record<string, unknown>) {
    await asSystem(app.platform.database, 'test: demo settings', async (trx) => {
      const row = await trx.selectFrom('tenants').select('settings').where('id', '=', app.demo.id).executeTakeFirstOrThrow()
      const settings = { ...(row.settings as Record<string, unknown>), ...changes }
      await trx.updateTable('tenants').set({ settings: JSON.stringify(settings), updated_at: new Date() }).where('id', '=', app.demo.id).execute()
    })
    app.platform.caches.changed(app.demo.id, ['tenant'])
  }

  beforeAll(async () => {
    app = await startDemoHttpApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows a visitor a week of classes with teacher, room, spots left and the register button, kept only briefly', async () => {
    const page = await get(`/calendar?view=week&date=${aMonthOn}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('data-calendar-view="week"')
    expect(occurrencesIn(page.body)).toBe(11)
    for (const text of ['Morning Vinyasa', 'Sam Staff', 'Yuki Tanaka', 'Main Studio', 'Garden Room', '20 spots left', '07:00 AM - 08:00 AM']) expect(page.body).toContain(text)
    expect(page.body).toMatch(/href="\/signup\/[0-9a-f-]{36}\/\d{8}T070000\?scheduleId=[0-9a-f-]{36}"/)
    expect(page.body).toContain('>Register</a>')
    expect(page.header('cache-control')).toMatch(/^public, max-age=0, s-maxage=[1-5]$/)
  })

  it('opens on the month by default (Calendar Website view: Monthly View) and on the week when the tenant prefers it', async () => {
    const month = await get('/calendar')
    expect(month.status).toBe(200)
    expect(month.body).toContain('data-calendar-view="month"')
    await changeSettings({ isShowCalenderView: false })
    const week = await get('/calendar?fresh=1')
    expect(week.body).toContain('data-calendar-view="week"')
    await changeSettings({ isShowCalenderView: true })
  })

  it('filters by teacher and by class with a plain GET, and links to the next week keeping the filter', async () => {
    const all = await get(`/calendar?view=week&date=${aMonthOn}`)
    const yuki = /<option value="([0-9a-f-]{36})">Yuki Tanaka<\/option>/.exec(all.body)?.[1]
    expect(yuki).toBeDefined()
    const filtered = await get(`/calendar?view=week&date=${aMonthOn}&teacher=${yuki}`)
    expect(occurrencesIn(filtered.body)).toBe(5)
    expect(filtered.body).not.toContain('>Sam Staff</p>')
    const next = `/calendar?view=week&amp;date=${addDays(aMonthOn, 7)}&amp;teacher=${yuki}`
    expect(filtered.body).toContain(`href="${next}"`)
    const hatha = /<option value="([0-9a-f-]{36})">Evening Hatha<\/option>/.exec(all.body)?.[1]
    const byClass = await get(`/calendar?view=week&date=${aMonthOn}&class=${hatha}`)
    expect(occurrencesIn(byClass.body)).toBe(2)
  })

  it('greys past classes without a register button', async () => {
    const past = await get(`/calendar?view=week&date=${addDays(today, -14)}`)
    expect(past.status).toBe(200)
    expect(occurrencesIn(past.body)).toBe(11)
    expect(past.body.match(/data-past="true"/g)?.length).toBe(11)
    expect(past.body).not.toContain('href="/signup/')
  })

  it('marks the cancelled occurrence', async () => {
    // The demo cancels a Power Yoga a week or two on.
    const weeks = await Promise.all([7, 14].map((days) => get(`/calendar?view=week&date=${addDays(today, days)}`)))
    expect(weeks.some((week) => week.body.includes('data-cancelled="true"') && week.body.includes('Cancelled'))).toBe(true)
  })

  it('answers whatever a visitor types in the query without failing', async () => {
    for (const search of ['view=year&date=tomorrow', 'date=2026-02-30', `teacher=${'x'.repeat(500)}`, 'class=%00%27', 'view[]=week']) {
      expect((await get(`/calendar?${search}`)).status).toBe(200)
    }
  })

  it('sends a signed-in admin to the dashboard, as the landing rules say', async () => {
    const answer = await request(app.port, '/calendar', { host: app.host, headers: { cookie: app.adminCookie } })
    expect(answer.status).toBe(302)
    expect(answer.header('location')).toBe('/dashboard')
  })

  it('puts Calendar in the public menu', async () => {
    const home = await get('/home')
    expect(home.body).toMatch(/href="\/calendar"[^>]*>Calendar</)
  })

  it('exports the next 90 days as iCalendar', async () => {
    const ics = await get('/calendar.ics')
    expect(ics.status).toBe(200)
    expect(ics.header('content-type')).toBe('text/calendar; charset=utf-8')
    const lines = ics.body.split('\r\n')
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    const events = ics.body.match(/BEGIN:VEVENT/g)?.length ?? 0
    // About 11 a week for 13 weeks.
    expect(events).toBeGreaterThan(130)
    expect(ics.body).toMatch(/\r\nUID:[0-9a-f-]{36}\/\d{8}T\d{6}@demo\r\n/)
    expect(ics.body).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\nDTEND:\d{8}T\d{6}Z\r\nSUMMARY:Morning Vinyasa\r\nLOCATION:Main Studio\r\n/)
    expect(ics.body).toContain('STATUS:CANCELLED')
  })

  it('hides room names when the tenant does not show them', async () => {
    await changeSettings({ isShowRoomName: false })
    const page = await get(`/calendar?view=week&date=${aMonthOn}&rooms=off`)
    expect(page.body).toContain('Morning Vinyasa')
    expect(page.body).not.toContain('Main Studio')
    expect((await get('/calendar.ics')).body).not.toContain('LOCATION:')
    await changeSettings({ isShowRoomName: true })
  })

  it('answers 404 and leaves Calendar out of the menu while the tenant hides the schedule', async () => {
    await changeSettings({ isShowSchedule: false })
    try {
      const page = await get('/calendar?off=1')
      expect(page.status).toBe(404)
      expect(page.body).toContain('404 Page Not Found')
      expect((await get('/calendar.ics')).status).toBe(404)
      expect((await get('/home?off=1')).body).not.toContain('href="/calendar"')
    } finally {
      await changeSettings({ isShowSchedule: true })
    }
  })

  it('answers 404 to visitors, sends staff to the dashboard, and leaves Calendar out of the menu, while the Classes module is off', async () => {
    await changeSettings({ isShowScheduleMenu: false })
    try {
      expect((await get('/calendar?classes-off=1')).status).toBe(404)
      expect((await get('/calendar.ics')).status).toBe(404)
      expect((await get('/home?classes-off=1')).body).not.toContain('href="/calendar"')
      const staff = await createContact(app.platform, app.demo, { role: 'ROLE_STAFF' })
      const staffCookie = await createSessionCookie(app.platform, app.demo, staff)
      const staffAnswer = await request(app.port, '/calendar?classes-off=staff', { host: app.host, headers: { cookie: staffCookie } })
      // Staff land on their dashboard instead (the landing rules: the calendar is the Classes module's screen).
      expect([staffAnswer.status, staffAnswer.header('location')]).toEqual([302, '/dashboard'])
    } finally {
      await changeSettings({ isShowScheduleMenu: true })
    }
  })

  it('leaves Courses out of the menu while the tenant hides courses, as /courses answers 404', async () => {
    expect((await get('/home?courses-on=1')).body).toContain('href="/courses"')
    await changeSettings({ isShowCourses: false })
    try {
      expect((await get('/courses?courses-off=1')).status).toBe(404)
      expect((await get('/home?courses-off=1')).body).not.toContain('href="/courses"')
    } finally {
      await changeSettings({ isShowCourses: true })
    }
  })
})
