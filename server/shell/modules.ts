import { firstSegment } from '#server/shell/request-path'
import type { TenantSettings } from '#server/tenancy/tenant-settings'

/**
 * The product modules an admin switches on and off under 'Manage Modules', each with the tenant
 * flag that holds it and the first path segments of its staff screens. This table is the one
 * place a module is defined: the staff menu drops the items under a module that is off, and
 * `requireModule` makes its screens answer 404 (docs/decisions/057). A new capability that
 * belongs to a module adds its paths here.
 *
 * The public site is not ruled by these flags: the landing rules decide there (the public
 * calendar follows isShowSchedule, courses isShowCourses, a registration form is always open
 * by its link), and the public menu follows the pages' own navigation flags.
 */
export const MODULES = {
  events: { flag: 'isShowEventsMenu', staffPaths: ['/rules'] },
  schedule: { flag: 'isShowScheduleMenu', staffPaths: ['/schedule', '/classlist', '/class'] },
  donation: { flag: 'isShowDonationMenu', staffPaths: ['/donation'] },
  // Bundles are sold with merchandise and follow its flag.
  merchandise: { flag: 'isShowMerchandiseMenu', staffPaths: ['/products', '/product-bundle'] },
  // 'Manage Modules' has no courses toggle; the tenant's isShowCourses rules the courses screens.
  courses: { flag: 'isShowCourses', staffPaths: ['/services'] },
  // Question banks only feed assessments; '/assesment' keeps the product's spelling.
  assessment: { flag: 'isShowAssessment', staffPaths: ['/tests', '/assesment', '/qbank'] },
  forms: { flag: 'isShowFormsMenu', staffPaths: ['/customforms', '/regforms'] },
  campaigns: { flag: 'isShowCampaignsMenu', staffPaths: ['/campaign'] },
  // Membership plans are sold over the store counter (decision 110).
  store: { flag: 'isShowStoreMenu', staffPaths: ['/store', '/memberships'] },
} as const satisfies Record<string, { flag: keyof TenantSettings; staffPaths: readonly `/${string}`[] }>

export type ModuleName = keyof typeof MODULES
export type ModuleFlag = (typeof MODULES)[ModuleName]['flag']

export const MODULE_NAMES = Object.keys(MODULES) as ModuleName[]

export function isModuleOn(settings: Pick<TenantSettings, ModuleFlag>, module: ModuleName): boolean {
  return settings[MODULES[module].flag] === true
}

const moduleBySegment = new Map<string, ModuleName>(
  MODULE_NAMES.flatMap((name) => MODULES[name].staffPaths.map((path) => [firstSegment(path), name] as const)),
)

/** The module a staff address belongs to ('/customforms/abc/submissions' is forms), or null. */
export function moduleOfStaffPath(path: string): ModuleName | null {
  return moduleBySegment.get(firstSegment(path)) ?? null
}

/** Whether a staff address is open under the tenant's module flags: off-module screens are 404. */
export function isStaffPathOn(settings: Pick<TenantSettings, ModuleFlag>, path: string): boolean {
  const module = moduleOfStaffPath(path)
  return module === null || isModuleOn(settings, module)
}
