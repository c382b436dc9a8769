import type { NavigationItem } from '#server/shell/navigation-item'
import { isStaffPathOn, type ModuleFlag } from '#server/shell/modules'
import { ROLE_ADMIN, type StaffRole } from '#server/shell/roles'

/**
 * Tenant menu flags (spec 000 sections 3 and 6); each one removes the items of its module. Which
 * item belongs to which module is read from the module table (#server/shell/modules), the same
 * table the routes' requireModule guard reads.
 */
export type AdminMenuFlags = Record<ModuleFlag, boolean>

/** What the Roles screen grants Staff and FrontDesk (settings spec, tenant role entry). */
export type StaffPermissions = {
  isAllowCreateClasses: boolean
  isShowCourse: boolean
  isShowContactsList: boolean
  isShowOffers: boolean
}

/**
 * Screens each Roles-screen permission opens; the menu hides an entry its permission does not
 * grant, and each screen's guard checks the same permission.
 */
export const PERMISSION_BY_PATH: Readonly<Record<string, keyof StaffPermissions>> = {
  '/schedule': 'isAllowCreateClasses',
  '/services': 'isShowCourse',
  '/contacts': 'isShowContactsList',
  '/files': 'isShowContactsList',
  '/offers': 'isShowOffers',
}

export type TenantRoleEntry = StaffPermissions & { role: string }

export type AdminNavigationInput = {
  flags: AdminMenuFlags
  isMaster: boolean
  /** null: no Roles-screen restriction applies (the admin, or a role the tenant never set). */
  permissions: StaffPermissions | null
  /** The external help link; no item is drawn without one. */
  helpUrl: string | null
  /** Hides targets whose screen is not built yet; everything is available by default. */
  isAvailable?: ((url: string) => boolean) | ReadonlySet<string>
}

type AdminEntry = NavigationItem & {
  masterOnly?: boolean
}

type AdminGroup = { id: string; title: string; children: readonly AdminEntry[] }

const item = (id: string, title: string, icon: string, url: string, extra: Partial<AdminEntry> = {}): AdminEntry => ({
  id,
  title,
  type: 'item',
  icon,
  url,
  ...extra,
})

// Groups and paths as listed in spec 002 section 2.17; titles in brackets there are used
// verbatim, the rest are the path's product word. Memberships and Offers are screens the spec
// names elsewhere (the offers route and the Roles screen's Offers card); they sit in Manage
// beside the Store whose sales they shape.
function adminMenu(helpUrl: string | null): readonly AdminGroup[] {
  return [
    {
      id: 'overview',
      title: 'Overview',
      children: [
        item('getstarted', 'Get Started', 'rocket_launch', '/getstarted'),
        item('dashboard', 'Dashboard', 'dashboard', '/dashboard'),
      ],
    },
    {
      id: 'launch',
      title: 'Launch',
      children: [
        item('events', 'Events', 'event', '/rules'),
        item('schedule', 'Classes', 'calendar_month', '/schedule'),
        item('services', 'Courses', 'school', '/services'),
      ],
    },
    {
      id: 'products',
      title: 'Products',
      children: [
        item('donation', 'Donation', 'volunteer_activism', '/donation'),
        item('forms', 'Forms', 'assignment', '/customforms'),
        item('merchandise', 'Merchandise', 'shopping_bag', '/products'),
      ],
    },
    {
      id: 'more-launch',
      title: 'More Launch',
      children: [
        item('assessments', 'Assessments', 'quiz', '/tests'),
        item('contacts', 'Contacts', 'contacts', '/contacts'),
        item('files', 'Files', 'folder', '/files'),
        item('campaign', 'Campaigns', 'campaign', '/campaign', { isBeta: true }),
        item('reviews', 'G-Reviews', 'reviews', '/reviews'),
        item('website', 'Website', 'language', '/website'),
      ],
    },
    {
      id: 'manage',
      title: 'Manage',
      children: [
        item('assesment', 'Assessment', 'fact_check', '/assesment', { hidden: true }),
        // Question banks only feed assessments, so they follow the assessment flag.
        item('qbank', 'Question Banks', 'library_books', '/qbank'),
        item('store', 'Store', 'storefront', '/store'),
        item('offers', 'Offers', 'local_offer', '/offers'),
        item('memberships', 'Memberships', 'card_membership', '/memberships'),
        item('invoices', 'Invoices', 'receipt_long', '/invoices'),
      ],
    },
    {
      id: 'admin',
      title: 'Admin',
      children: [
        item('masterplan', 'Master Plans', 'workspace_premium', '/masterplan', { masterOnly: true }),
        item('tenant', 'Tenants', 'apartment', '/tenant', { masterOnly: true }),
      ],
    },
    {
      id: 'resources',
      title: 'Resources',
      children: [
        item('reports', 'Reports', 'bar_chart', '/reports'),
        item('settings', 'Settings', 'settings', '/settings'),
        ...(helpUrl
          ? [item('help', 'Help', 'help', helpUrl, { externalUrl: true, openInNewTab: true })]
          : []),
        item('logout', 'Logout', 'logout', '/logout'),
      ],
    },
  ]
}

/** Picks the Roles-screen entry for a staff role; the admin is never restricted. */
export function staffPermissionsFor(
  role: StaffRole,
  tenantRoles: readonly TenantRoleEntry[],
): StaffPermissions | null {
  if (role === ROLE_ADMIN) return null
  const entry = tenantRoles.find((candidate) => candidate.role === role)
  if (!entry) return null
  return {
    isAllowCreateClasses: entry.isAllowCreateClasses,
    isShowCourse: entry.isShowCourse,
    isShowContactsList: entry.isShowContactsList,
    isShowOffers: entry.isShowOffers,
  }
}

/**
 * The staff menu for one tenant and user. The menu only hides links; each route's guard
 * still enforces the same flags and permissions.
 */
export function adminNavigationFor(input: AdminNavigationInput): NavigationItem[] {
  const available = availabilityCheck(input.isAvailable)
  const keep = (entry: AdminEntry): boolean => {
    if (entry.url && !entry.externalUrl && !isStaffPathOn(input.flags, entry.url)) return false
    if (entry.masterOnly && !input.isMaster) return false
    const permission = entry.url ? PERMISSION_BY_PATH[entry.url] : undefined
    if (permission && input.permissions && !input.permissions[permission]) return false
    if (!entry.externalUrl && entry.url && !available(entry.url)) return false
    return true
  }

  return adminMenu(input.helpUrl).flatMap((group): NavigationItem[] => {
    const children = group.children.filter(keep).map(toNavigationItem)
    // A group holding only hidden items would draw as an empty heading.
    if (!children.some((child) => !child.hidden)) return []
    return [{ id: group.id, title: group.title, type: 'group', children }]
  })
}

function toNavigationItem(entry: AdminEntry): NavigationItem {
  const { masterOnly: _masterOnly, ...navigationItem } = entry
  return navigationItem
}

function availabilityCheck(isAvailable: AdminNavigationInput['isAvailable']): (url: string) => boolean {
  if (isAvailable === undefined) return () => true
  if (typeof isAvailable === 'function') return isAvailable
  return (url) => isAvailable.has(url)
}
