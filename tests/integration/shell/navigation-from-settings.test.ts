import { loader as staffLayoutLoader } from '#app/routes/_admin+/_layout'
import { loader as studentLayoutLoader } from '#app/routes/_student+/_layout'
import type { SignedInShell } from '#server/navigation/signed-in-shell'
import { adminMenuFor } from '#server/navigation/admin-menu'
import { shortcutsFor, SHORTCUTS_COOKIE } from '#server/navigation/shortcuts'
import type { NavigationItem } from '#server/shell/navigation-item'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, getRequest } from '#tests/support/route-call'
import { tenantWithPeople, updateSettings, type Cookies } from './shell-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const HOST = 'menus.localhost'
const everythingBuilt = () => true

function urls(items: readonly NavigationItem[]): string[] {
  return items.flatMap((item) => (item.children ? urls(item.children) : item.url ? [item.url] : []))
}

describe(`menus assembled from tenant settings, role and built screens (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let cookies: Cookies

  beforeAll(async () => {
    platform = await createTestPlatform({ MASTER_ORG_ID: 'platform-master' })
    ;({ tenant, cookies } = await tenantWithPeople(platform, { orgId: 'menus', settings: { roles: { contacts: { staff: false, frontDesk: true } } } }))
  })
  afterAll(() => platform.close())

  const shellOf = async (loader: Parameters<typeof callRoute>[0], path: string, cookie: string, current: Tenant, extraCookie = '') => {
    const outcome = await callRoute(loader, getRequest(`http://${HOST}${path}`, cookie + extraCookie), contextFor(platform, current))
    expect(outcome.status).toBe(200)
    return (outcome.body as { shell: SignedInShell }).shell
  }

  it('shows staff only the screens that exist today', async () => {
    const shell = await shellOf(staffLayoutLoader, '/dashboard', cookies.ROLE_ADMIN, tenant)
    expect(shell.navigation.map((group) => group.title)).toEqual(['Overview', 'Launch', 'Products', 'More Launch', 'Manage', 'Resources'])
    expect(urls(shell.navigation)).toEqual(['/dashboard', '/rules', '/schedule', '/services', '/donation', '/customforms', '/products', '/contacts', '/files', '/reviews', '/website', '/store', '/offers', '/memberships', '/invoices', '/reports', '/settings', '/logout'])
  })

  it('offers Settings to admins only, since its screens admit admins only', async () => {
    const staff = await shellOf(staffLayoutLoader, '/dashboard', cookies.ROLE_STAFF, tenant)
    expect(urls(staff.navigation)).toEqual(['/dashboard', '/rules', '/schedule', '/services', '/donation', '/customforms', '/products', '/reviews', '/website', '/store', '/offers', '/memberships', '/invoices', '/reports', '/logout'])
  })

  it('removes a module on the next request once its flag is turned off', async () => {
    const withForms = adminMenuFor({ tenant, role: 'ROLE_ADMIN', isAvailable: everythingBuilt })
    expect(urls(withForms)).toContain('/customforms')
    const off = await updateSettings(platform, tenant, { isShowFormsMenu: false, isShowStoreMenu: false, isShowDonationMenu: false })
    try {
      const after = urls(adminMenuFor({ tenant: off, role: 'ROLE_ADMIN', isAvailable: everythingBuilt }))
      expect(after).not.toContain('/customforms')
      expect(after).not.toContain('/store')
      expect(after).not.toContain('/donation')
      expect(after).toContain('/products')
    } finally {
      tenant = await updateSettings(platform, off, { isShowFormsMenu: true, isShowStoreMenu: true, isShowDonationMenu: true })
    }
  })

  it('follows the Roles screen: staff without the contacts permission lose Contacts, front desk keeps it', async () => {
    expect(urls(adminMenuFor({ tenant, role: 'ROLE_ADMIN', isAvailable: everythingBuilt }))).toContain('/contacts')
    expect(urls(adminMenuFor({ tenant, role: 'ROLE_STAFF', isAvailable: everythingBuilt }))).not.toContain('/contacts')
    expect(urls(adminMenuFor({ tenant, role: 'ROLE_FRONTDESK', isAvailable: everythingBuilt }))).toContain('/contacts')
  })

  it('keeps the master plans and tenants items for the master tenant only', async () => {
    const master = await createTenant(platform, { orgId: 'platform-master' })
    expect(master.isMaster).toBe(true)
    expect(urls(adminMenuFor({ tenant: master, role: 'ROLE_ADMIN', isAvailable: everythingBuilt }))).toEqual(
      expect.arrayContaining(['/masterplan', '/tenant']),
    )
    expect(urls(adminMenuFor({ tenant, role: 'ROLE_ADMIN', isAvailable: everythingBuilt }))).not.toContain('/masterplan')
  })

  it('drops the student Calendar on the next request when the schedule menu is turned off', async () => {
    const before = await shellOf(studentLayoutLoader, '/mycourses', cookies.ROLE_STUDENT, tenant)
    expect(before.navigation.map((item) => item.title)).toEqual(['Calendar', 'Courses', 'My Store', 'Assessments', 'My Files', expect.any(String)])
    const off = await updateSettings(platform, tenant, { isShowScheduleMenu: false })
    try {
      const after = await shellOf(studentLayoutLoader, '/mycourses', cookies.ROLE_STUDENT, off)
      expect(after.navigation.map((item) => item.title)).toEqual(['Courses', 'My Store', 'Assessments', 'My Files', expect.any(String)])
      const profileGroup = after.navigation[4]
      expect(profileGroup?.children?.map((child) => child.title)).toEqual(['Profile', 'Logout'])
    } finally {
      tenant = await updateSettings(platform, off, { isShowScheduleMenu: true })
    }
  })

  it('reads shortcuts from the cookie, keeping only links the menu still offers', async () => {
    const stored = encodeURIComponent(
      JSON.stringify([
        { title: 'Settings', type: 'item', icon: 'settings', url: '/settings' },
        { title: 'Elsewhere', type: 'item', icon: '', url: '/no-such-screen' },
        { title: 'Bad', type: 'item', url: 'javascript:alert(1)' },
      ]),
    )
    const admin = await shellOf(staffLayoutLoader, '/dashboard', cookies.ROLE_ADMIN, tenant, `; ${SHORTCUTS_COOKIE}=${stored}`)
    expect(admin.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/settings'])
    // Staff may not open settings, so the same cookie gives them no shortcut.
    const staff = await shellOf(staffLayoutLoader, '/dashboard', cookies.ROLE_STAFF, tenant, `; ${SHORTCUTS_COOKIE}=${stored}`)
    expect(staff.shortcuts).toEqual([])
    expect(admin.shortcutChoices.map((choice) => choice.url)).toEqual(['/dashboard', '/rules', '/schedule', '/services', '/donation', '/customforms', '/products', '/contacts', '/files', '/reviews', '/website', '/store', '/offers', '/memberships', '/invoices', '/reports', '/settings'])
  })

  it('adds the default store shortcut for staff when the store menu is on, never for students', () => {
    const navigation = adminMenuFor({ tenant, role: 'ROLE_ADMIN', isAvailable: everythingBuilt })
    expect(shortcutsFor({ cookieValue: null, isStudent: false, isShowStoreMenu: true, navigation }).map((s) => s.url)).toEqual(['/store'])
    expect(shortcutsFor({ cookieValue: null, isStudent: true, isShowStoreMenu: true, navigation })).toEqual([])
    expect(shortcutsFor({ cookieValue: null, isStudent: false, isShowStoreMenu: false, navigation })).toEqual([])
    // A chosen (even empty) list replaces the default; a damaged cookie counts as never chosen.
    expect(shortcutsFor({ cookieValue: '[]', isStudent: false, isShowStoreMenu: true, navigation })).toEqual([])
    expect(shortcutsFor({ cookieValue: '{oops', isStudent: false, isShowStoreMenu: true, navigation }).map((s) => s.url)).toEqual(['/store'])
  })

  it('lists the franchises of a master franchise for its staff, and no one else', async () => {
    const master = await createTenant(platform, { orgId: 'menus-master', isMasterFranchise: true })
    await createTenant(platform, { orgId: 'menus-child-b', name: 'B Studio', parentTenantId: master.id })
    await createTenant(platform, { orgId: 'menus-child-a', name: 'A Studio', parentTenantId: master.id })
    const people = await tenantWithPeople(platform, { orgId: 'menus-owner' })
    expect((await shellOf(staffLayoutLoader, '/dashboard', people.cookies.ROLE_ADMIN, people.tenant)).franchises).toEqual([])
    const { cookies: masterCookies } = await addPeopleTo(master)
    const shell = await shellOf(staffLayoutLoader, '/dashboard', masterCookies.ROLE_ADMIN, master)
    expect(shell.franchises.map((franchise) => franchise.name)).toEqual(['A Studio', 'B Studio'])
  })

  async function addPeopleTo(existing: Tenant): Promise<{ cookies: Cookies }> {
    const admin = await createContact(platform, existing, { role: 'ROLE_ADMIN', email: `admin@${existing.orgId}.test` })
    return { cookies: { ROLE_ADMIN: await createSessionCookie(platform, existing, admin) } as Cookies }
  }
})
