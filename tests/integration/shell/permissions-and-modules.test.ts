import { randomUUID } from 'node:crypto'
import { loader as dashboardLoader } from '#app/routes/_admin+/dashboard'
import { action as editFormAction, loader as editFormLoader } from '#app/routes/_admin+/customforms+/$guId'
import { loader as submissionsLoader } from '#app/routes/_admin+/customforms+/$guId_.submissions'
import { loader as csvLoader } from '#app/routes/_admin+/customforms+/$guId_.submissions[.csv]'
import { loader as detailLoader } from '#app/routes/_admin+/customforms+/$guId_.submissions_.$id'
import { loader as pdfLoader } from '#app/routes/_admin+/customforms+/$guId_.submissions_.$id_.pdf'
import { action as listAction, loader as listLoader } from '#app/routes/_admin+/customforms+/_index'
import { action as newFormAction, loader as newFormLoader } from '#app/routes/_admin+/customforms+/new'
import { requirePermission } from '#app/utils/auth.server'
import { PERMISSIONS, type Permission } from '#server/auth/permissions'
import { adminMenuFor } from '#server/navigation/admin-menu'
import type { NavigationItem } from '#server/shell/navigation-item'
import type { Tenant } from '#server/tenancy/tenant'
import { createTrialForm } from '#tests/integration/forms/form-fixtures'
import { callRoute, formPostRequest, getRequest, type RouteFunction } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { tenantWithPeople, updateSettings, type Cookies } from './shell-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const HOST = 'guards.localhost'

type Who = keyof Cookies

/** The Roles-screen card of each permission (settings spec 6). */
const CARD: Record<Permission, 'classes' | 'courses' | 'contacts' | 'offers'> = {
  manageClasses: 'classes',
  showCourses: 'courses',
  showContacts: 'contacts',
  showOffers: 'offers',
}

const allGranted = { staff: true, frontDesk: true }

describe(`Roles-screen permissions and module flags on staff routes (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let cookies: Cookies
  let formGuId: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    ;({ tenant, cookies } = await tenantWithPeople(platform, { orgId: 'guards' }))
    formGuId = (await createTrialForm(platform, tenant)).guId
  })
  afterAll(() => platform.close())

  /** Staff may use the card, FrontDesk may not, every other card granted to both. */
  async function grantStaffOnly(permission: Permission): Promise<void> {
    const roles = { classes: allGranted, courses: allGranted, contacts: allGranted, offers: allGranted, [CARD[permission]]: { staff: true, frontDesk: false } }
    tenant = await updateSettings(platform, tenant, { roles })
  }

  async function status(fn: RouteFunction, path: string, who: Who | null, params: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET'): Promise<number> {
    const url = `http://${HOST}${path}`
    const cookie = who === null ? null : cookies[who]
    const request = method === 'GET' ? getRequest(url, cookie) : formPostRequest(url, { intent: 'publish', guId: formGuId }, cookie)
    const outcome = await callRoute(fn, request, contextFor(platform, tenant), params)
    return outcome.status
  }

  describe.each(PERMISSIONS)('%s', (permission) => {
    it('lets the admin and a granted role through and answers 403 to a role without it', async () => {
      await grantStaffOnly(permission)
      const guard = async (who: Who) => {
        try {
          await requirePermission(getRequest(`http://${HOST}/dashboard`, cookies[who]), contextFor(platform, tenant), permission)
          return 'pass'
        } catch (thrown) {
          if (!(thrown instanceof Response)) throw thrown
          return `status ${thrown.status}`
        }
      }
      expect(await guard('ROLE_ADMIN')).toBe('pass')
      expect(await guard('ROLE_STAFF')).toBe('pass')
      expect(await guard('ROLE_FRONTDESK')).toBe('status 403')
      expect(await guard('ROLE_STUDENT')).toBe('status 403')
    })
  })

  describe('showContacts guards form submissions (names, emails, health notes)', () => {
    const missing = randomUUID()
    const screens = (): Array<[string, RouteFunction, string, Record<string, string>, number]> => [
      ['the submissions list', submissionsLoader, `/customforms/${formGuId}/submissions`, { guId: formGuId }, 200],
      ['the CSV export', csvLoader, `/customforms/${formGuId}/submissions.csv`, { guId: formGuId }, 200],
      // An unknown submission is 404 once the guard has let the user through.
      ['one submission', detailLoader, `/customforms/${formGuId}/submissions/${missing}`, { guId: formGuId, id: missing }, 404],
      ['its PDF', pdfLoader, `/customforms/${formGuId}/submissions/${missing}/pdf`, { guId: formGuId, id: missing }, 404],
    ]

    it('admin always, staff when granted, front desk 403 when not', async () => {
      await grantStaffOnly('showContacts')
      for (const [label, fn, path, params, allowed] of screens()) {
        expect(`${label}: ${await status(fn, path, 'ROLE_ADMIN', params)}`).toBe(`${label}: ${allowed}`)
        expect(`${label}: ${await status(fn, path, 'ROLE_STAFF', params)}`).toBe(`${label}: ${allowed}`)
        expect(`${label}: ${await status(fn, path, 'ROLE_FRONTDESK', params)}`).toBe(`${label}: 403`)
      }
    })

    it('follows the Roles screen when the grant moves from staff to front desk', async () => {
      tenant = await updateSettings(platform, tenant, { roles: { classes: allGranted, courses: allGranted, offers: allGranted, contacts: { staff: false, frontDesk: true } } })
      for (const [label, fn, path, params, allowed] of screens()) {
        expect(`${label}: ${await status(fn, path, 'ROLE_STAFF', params)}`).toBe(`${label}: 403`)
        expect(`${label}: ${await status(fn, path, 'ROLE_FRONTDESK', params)}`).toBe(`${label}: ${allowed}`)
      }
    })

    it('keeps contact names off the dashboard of a role without it; the admin still sees them', async () => {
      await grantStaffOnly('showContacts')
      type DashboardData = { showsContacts: boolean; dashboard: { recentContacts: unknown[]; recentSubmissions: unknown[] } }
      const as = async (who: Who) => (await callRoute(dashboardLoader, getRequest(`http://${HOST}/dashboard`, cookies[who]), contextFor(platform, tenant))).body as DashboardData
      const frontDesk = await as('ROLE_FRONTDESK')
      expect(frontDesk.showsContacts).toBe(false)
      expect(frontDesk.dashboard.recentContacts).toEqual([])
      expect(frontDesk.dashboard.recentSubmissions).toEqual([])
      const admin = await as('ROLE_ADMIN')
      expect(admin.showsContacts).toBe(true)
      expect(admin.dashboard.recentContacts.length).toBeGreaterThan(0)
    })
  })

  describe('the Forms module', () => {
    const staffRoutes = (): Array<[string, RouteFunction, string, Record<string, string>, 'GET' | 'POST']> => [
      ['forms list', listLoader, '/customforms', {}, 'GET'],
      ['publish toggle', listAction, '/customforms', {}, 'POST'],
      ['new form', newFormLoader, '/customforms/new', {}, 'GET'],
      ['new form save', newFormAction, '/customforms/new', {}, 'POST'],
      ['form editor', editFormLoader, `/customforms/${formGuId}`, { guId: formGuId }, 'GET'],
      ['form editor save', editFormAction, `/customforms/${formGuId}`, { guId: formGuId }, 'POST'],
      ['submissions', submissionsLoader, `/customforms/${formGuId}/submissions`, { guId: formGuId }, 'GET'],
      ['CSV export', csvLoader, `/customforms/${formGuId}/submissions.csv`, { guId: formGuId }, 'GET'],
      ['submission', detailLoader, `/customforms/${formGuId}/submissions/x`, { guId: formGuId, id: 'x' }, 'GET'],
      ['PDF', pdfLoader, `/customforms/${formGuId}/submissions/x/pdf`, { guId: formGuId, id: 'x' }, 'GET'],
    ]
    const urlsOf = (items: NavigationItem[]): string[] => items.flatMap((item) => [...(item.url ? [item.url] : []), ...urlsOf(item.children ?? [])])

    it('switched off: every staff screen and action of forms answers 404, and the menu drops it', async () => {
      tenant = await updateSettings(platform, tenant, { isShowFormsMenu: false, roles: { classes: allGranted, courses: allGranted, contacts: allGranted, offers: allGranted } })
      for (const [label, fn, path, params, method] of staffRoutes()) {
        expect(`${label}: ${await status(fn, path, 'ROLE_ADMIN', params, method)}`).toBe(`${label}: 404`)
        expect(`${label}: ${await status(fn, path, 'ROLE_STAFF', params, method)}`).toBe(`${label}: 404`)
      }
      expect(urlsOf(adminMenuFor({ tenant, role: 'ROLE_ADMIN' }))).not.toContain('/customforms')
    })

    it('switched off: a visitor is still sent to sign in, learning nothing about the module', async () => {
      expect(await status(listLoader, '/customforms', null)).toBe(302)
    })

    it('switched on: the same screens open again', async () => {
      tenant = await updateSettings(platform, tenant, { isShowFormsMenu: true })
      expect(await status(listLoader, '/customforms', 'ROLE_ADMIN')).toBe(200)
      expect(await status(newFormLoader, '/customforms/new', 'ROLE_STAFF')).toBe(200)
      expect(await status(editFormLoader, `/customforms/${formGuId}`, 'ROLE_STAFF', { guId: formGuId })).toBe(200)
      expect(await status(submissionsLoader, `/customforms/${formGuId}/submissions`, 'ROLE_FRONTDESK', { guId: formGuId })).toBe(200)
      expect(urlsOf(adminMenuFor({ tenant, role: 'ROLE_ADMIN' }))).toContain('/customforms')
    })
  })
})
