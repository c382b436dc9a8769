import { loader as catchAllLoader } from '#app/routes/_site+/$'
import { loader as publicPageLoader } from '#app/routes/_site+/$page'
import { loader as calendarLoader } from '#app/routes/_site+/calendar'
import { loader as dashboardLoader } from '#app/routes/_admin+/dashboard'
import { loader as staffLayoutLoader } from '#app/routes/_admin+/_layout'
import { loader as indexLoader } from '#app/routes/_auth+/_index'
import { loader as studentClassesLoader } from '#app/routes/_student+/classes'
import { loader as studentCoursesLoader } from '#app/routes/_student+/mycourses'
import { loader as studentLayoutLoader } from '#app/routes/_student+/_layout'
import { withTenant } from '#db/tenant-scope'
import { parseSessionState } from '#server/auth/session-state'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import type { Tenant } from '#server/tenancy/tenant'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, getRequest, redirectOrStatus } from '#tests/support/route-call'
import { sessionWithState, tenantWithPeople, updateSettings, type Cookies } from './shell-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const HOST = 'guarded.localhost'

describe(`staff and student route guards and the route tables (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let cookies: Cookies
  let contacts: Record<keyof Cookies, { id: string }>
  let staleCookie: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    ;({ tenant, cookies, contacts } = await tenantWithPeople(platform, { orgId: 'guarded' }))
    staleCookie = await createSessionCookie(platform, tenant, contacts.ROLE_ADMIN, { expiresAt: new Date(Date.now() - 60_000) })
  })
  afterAll(() => platform.close())

  const context = () => contextFor(platform, tenant)
  const at = async (loader: Parameters<typeof callRoute>[0], path: string, cookie: string | null) =>
    redirectOrStatus(await callRoute(loader, getRequest(`http://${HOST}${path}`, cookie), context()))

  describe('staff screens (layout and screen loaders alike)', () => {
    it.each([
      ['a visitor (no session cookie) gets the page-not-found page', null, 'redirect /404'],
      ['a browser whose session ended signs in again and comes back', 'stale', 'redirect /login?redirectTo=%2Fdashboard'],
      ['a student goes to the student portal', 'ROLE_STUDENT', 'redirect /classes'],
      ['an admin is let in', 'ROLE_ADMIN', 'status 200'],
      ['staff are let in', 'ROLE_STAFF', 'status 200'],
      ['front desk is let in', 'ROLE_FRONTDESK', 'status 200'],
    ] as const)('/dashboard: %s', async (_label, who, expected) => {
      const cookie = who === null ? null : who === 'stale' ? staleCookie : cookies[who]
      expect(await at(staffLayoutLoader, '/dashboard', cookie)).toBe(expected)
      expect(await at(dashboardLoader, '/dashboard', cookie)).toBe(expected)
    })

    it('keeps the page and its query in the sign-in return address', async () => {
      expect(await at(staffLayoutLoader, '/settings/roles?tab=2', staleCookie)).toBe('redirect /login?redirectTo=%2Fsettings%2Froles%3Ftab%3D2')
    })

    it('clears the cookie of an ended session on the way to sign in', async () => {
      const outcome = await callRoute(staffLayoutLoader, getRequest(`http://${HOST}/dashboard`, staleCookie), context())
      expect(outcome.setCookies.join('\n')).toContain(`${SESSION_COOKIE}=;`)
    })

    it('sends a visitor on a set-up link to sign in first', async () => {
      expect(await at(staffLayoutLoader, '/integrations/zoom?code=abc', null)).toBe(
        'redirect /login?redirectTo=%2Fintegrations%2Fzoom%3Fcode%3Dabc',
      )
    })

    it('lands staff and front desk on the calendar, and an admin on the dashboard', async () => {
      expect(await at(calendarLoader, '/calendar', cookies.ROLE_STAFF)).toBe('status 200')
      expect(await at(calendarLoader, '/calendar', cookies.ROLE_FRONTDESK)).toBe('status 200')
      expect(await at(calendarLoader, '/calendar', cookies.ROLE_ADMIN)).toBe('redirect /dashboard')
    })
  })

  describe('student screens', () => {
    it.each([
      ['a visitor gets the page-not-found page', null, 'redirect /404'],
      ['a browser whose session ended signs in again', 'stale', 'redirect /login?redirectTo=%2Fclasses'],
      ['an admin goes to the dashboard', 'ROLE_ADMIN', 'redirect /dashboard'],
      ['staff go to the dashboard', 'ROLE_STAFF', 'redirect /dashboard'],
      ['front desk goes to the dashboard', 'ROLE_FRONTDESK', 'redirect /dashboard'],
      ['a student is let in', 'ROLE_STUDENT', 'status 200'],
    ] as const)('/classes: %s', async (_label, who, expected) => {
      const cookie = who === null ? null : who === 'stale' ? staleCookie : cookies[who]
      expect(await at(studentLayoutLoader, '/classes', cookie)).toBe(expected)
      expect(await at(studentClassesLoader, '/classes', cookie)).toBe(expected)
    })

    it('shows staff the student portal during Student Preview', async () => {
      const preview = await sessionWithState(platform, tenant, contacts.ROLE_ADMIN, {
        preview: { kind: 'student', staffContactId: contacts.ROLE_ADMIN.id },
      })
      expect(await at(studentLayoutLoader, '/mycourses', preview)).toBe('status 200')
      expect(await at(studentCoursesLoader, '/mycourses', preview)).toBe('status 200')
      // ...and keeps them out of the back office until Admin View.
      expect(await at(staffLayoutLoader, '/dashboard', preview)).toBe('redirect /classes')
    })
  })

  describe('unknown addresses (the catch-all)', () => {
    it.each([
      ['an unknown admin path sends staff to the dashboard', '/settings/no-such-screen', 'ROLE_STAFF', 'redirect /dashboard'],
      ['an unknown path sends an admin to the dashboard', '/no/such/page', 'ROLE_ADMIN', 'redirect /dashboard'],
      ['an unknown student path sends a student to classes', '/classes/2020/01', 'ROLE_STUDENT', 'redirect /classes'],
      ['an unknown path sends a student to classes', '/no/such/page', 'ROLE_STUDENT', 'redirect /classes'],
      ['a visitor sees the 404 website preview', '/no/such/page', null, 'status 404'],
      ['a visitor on a staff sub-path sees the 404 website preview', '/settings/no-such-screen', null, 'status 404'],
    ] as const)('%s', async (_label, path, who, expected) => {
      expect(await at(catchAllLoader, path, who ? cookies[who] : null)).toBe(expected)
    })

    it('draws the website around the 404 for visitors', async () => {
      const outcome = await callRoute(catchAllLoader, getRequest(`http://${HOST}/no/such/page`), context())
      const body = outcome.body as { shell: { site: { name: string }; menus: { menu: Array<{ title: string }> } } }
      expect(body.shell.site.name).toBe(tenant.name)
      expect(body.shell.menus.menu.map((item) => item.title)).toEqual(['Home', 'Calendar', 'Courses', 'Events', 'Donations', 'Merchandise', 'Media Gallery', 'About Us', 'Contact Us'])
    })
  })

  describe('the public website and the empty path', () => {
    it('shows visitors the page-not-found page that staff addresses lead to', async () => {
      const outcome = await callRoute(publicPageLoader, getRequest(`http://${HOST}/404`), context(), { page: '404' })
      expect(outcome.status).toBe(404)
      expect((outcome.body as { page: unknown }).page).toBeNull()
    })

    it.each([
      ['a visitor goes to the home page', null, 'redirect /home'],
      ['an admin goes to the dashboard', 'ROLE_ADMIN', 'redirect /dashboard'],
      ['staff go to the calendar', 'ROLE_STAFF', 'redirect /calendar'],
      ['front desk goes to the calendar', 'ROLE_FRONTDESK', 'redirect /calendar'],
      ['a student goes to classes', 'ROLE_STUDENT', 'redirect /classes'],
    ] as const)('/: %s', async (_label, who, expected) => {
      expect(await at(indexLoader, '/', who ? cookies[who] : null)).toBe(expected)
    })

    it('serves website pages to visitors and keeps signed-in people in their own areas', async () => {
      expect(redirectOrStatus(await callRoute(publicPageLoader, getRequest(`http://${HOST}/about`), context(), { page: 'about' }))).toBe('status 200')
      expect(redirectOrStatus(await callRoute(publicPageLoader, getRequest(`http://${HOST}/about`, cookies.ROLE_ADMIN), context(), { page: 'about' }))).toBe(
        'redirect /dashboard',
      )
      expect(redirectOrStatus(await callRoute(publicPageLoader, getRequest(`http://${HOST}/about`, cookies.ROLE_STUDENT), context(), { page: 'about' }))).toBe(
        'redirect /classes',
      )
    })

    it('shows a visitor the 404 page for an unknown page, not the home page', async () => {
      expect(redirectOrStatus(await callRoute(publicPageLoader, getRequest(`http://${HOST}/no-such-page`), context(), { page: 'no-such-page' }))).toBe('status 404')
    })

    it('hides listing pages whose screens do not exist yet', async () => {
      expect(redirectOrStatus(await callRoute(publicPageLoader, getRequest(`http://${HOST}/mediagallery`), context(), { page: 'mediagallery' }))).toBe('status 404')
    })
  })

  describe('web preview', () => {
    it('shows staff the website while previewing, with the preview marked', async () => {
      const preview = await sessionWithState(platform, tenant, contacts.ROLE_STAFF, {
        preview: { kind: 'web', staffContactId: contacts.ROLE_STAFF.id },
      })
      const outcome = await callRoute(publicPageLoader, getRequest(`http://${HOST}/home`, preview), context(), { page: 'home' })
      expect(outcome.status).toBe(200)
      expect((outcome.body as { shell: { viewer: unknown } }).shell.viewer).toEqual({ isPreviewing: true, isSignedIn: true, pageScriptHeld: false })
    })

    it('ends the preview when the browser goes back into the back office', async () => {
      const preview = await sessionWithState(platform, tenant, contacts.ROLE_ADMIN, {
        preview: { kind: 'web', staffContactId: contacts.ROLE_ADMIN.id },
      })
      const outcome = await callRoute(staffLayoutLoader, getRequest(`http://${HOST}/settings/account`, preview), context())
      expect(redirectOrStatus(outcome)).toBe('redirect /dashboard')
      const token = /__session=([^;]+)/.exec(outcome.setCookies.join('\n'))?.[1]
      expect(token).toBeTruthy()
      const states = await withTenant(platform.database, tenant.id, (trx) =>
        trx.selectFrom('sessions').select('state').where('contact_id', '=', contacts.ROLE_ADMIN.id).execute(),
      )
      expect(states.some((row) => parseSessionState(row.state)?.preview?.kind === 'web')).toBe(false)
      expect(await at(dashboardLoader, '/dashboard', `${SESSION_COOKIE}=${token}`)).toBe('status 200')
    })
  })

  describe('tenant settings that move people', () => {
    it('sends staff of a new tenant to onboarding', async () => {
      const fresh = await updateSettings(platform, tenant, { isNewTenant: true })
      try {
        const outcome = await callRoute(staffLayoutLoader, getRequest(`http://${HOST}/dashboard`, cookies.ROLE_ADMIN), contextFor(platform, fresh))
        expect(redirectOrStatus(outcome)).toBe('redirect /onboarding')
      } finally {
        tenant = await updateSettings(platform, fresh, { isNewTenant: false })
      }
    })

    it('sends students to their courses when the tenant hides the schedule menu', async () => {
      const hidden = await updateSettings(platform, tenant, { isShowScheduleMenu: false })
      try {
        const outcome = await callRoute(studentLayoutLoader, getRequest(`http://${HOST}/classes`, cookies.ROLE_STUDENT), contextFor(platform, hidden))
        expect(redirectOrStatus(outcome)).toBe('redirect /mycourses')
        const unknown = await callRoute(catchAllLoader, getRequest(`http://${HOST}/nowhere/else`, cookies.ROLE_STUDENT), contextFor(platform, hidden))
        expect(redirectOrStatus(unknown)).toBe('redirect /mycourses')
      } finally {
        tenant = await updateSettings(platform, hidden, { isShowScheduleMenu: true })
      }
    })
  })
})
