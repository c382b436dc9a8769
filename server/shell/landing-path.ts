import { splitPath, firstSegment } from '#server/shell/request-path'
import {
  adminFallback,
  isAdminPath,
  isPublicPath,
  isStudentPath,
  studentFallback,
} from '#server/shell/route-tables'
import { ROLE_ADMIN, ROLE_STUDENT, isRole, type Role, type StaffRole } from '#server/shell/roles'

export type LandingUser = {
  /** Any stored string; only the four role strings count, "anyone else is public". */
  role: string | null
  isPreviewMode: boolean
  isStudentPreview: boolean
  isPreviewOfSecuredPage: boolean
  /**
   * The master franchise's staff acting on a child: they look after the franchise, they do not
   * sign it up, so a new franchise's onboarding waits for its own staff.
   */
  isFranchiseMode: boolean
}

export type LandingTenant = {
  isMaster: boolean
  isNewTenant: boolean
  hasHomePage: boolean
  isShowSchedule: boolean
  isShowCourses: boolean
  isShowScheduleMenu: boolean
  /** Route of the first page with an external URL that is not home, or null. */
  firstExternalPagePath: string | null
  /**
   * Routes of the tenant's own published internal pages ('/about', '/my-page'): "non-standard
   * internal pages become extra routes", so only the tenant knows them.
   */
  websitePagePaths: readonly string[]
}

/** Stored when a visitor picks a class before signing in. */
export type PendingEvent = {
  classId: string | number
  clsStartTime: string | number
  scheduleId: string | number | null
}

export type LandingInput = {
  /** The requested location; may be '' or '/', may carry a query. */
  path: string
  user: LandingUser | null
  tenant: LandingTenant
  pendingEvent: PendingEvent | null
}

/**
 * - ok: render the request; path is the tidied pathname without its query.
 * - redirect: send the browser to `to`.
 * - not-found: render the 404 page.
 * - end-preview: clear the session's preview flags, then redirect to `to`.
 */
export type Landing =
  | { kind: 'ok'; path: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' }
  | { kind: 'end-preview'; to: string }

/** "An invoice-payment return goes to invoice creation": open to every kind of user. */
export const INVOICE_PAYMENT_RETURN_PATH = '/checkout/invoice/create'
/** "Browser back in preview mode returns to /dashboard and ends preview." */
export const PREVIEW_EXIT_PATH = '/dashboard'

/**
 * Public pages a signed-in student may open too (the public site is otherwise for visitors):
 * item pages, and their membership payments (/meminvoice) with each one's pay link.
 */
const STUDENT_OPEN_PUBLIC_SEGMENTS: ReadonlySet<string> = new Set(['events', 'merchandise', 'donations', 'donate', 'meminvoice'])

const ok = (path: string): Landing => ({ kind: 'ok', path })
const redirect = (to: string): Landing => ({ kind: 'redirect', to })
const notFound: Landing = { kind: 'not-found' }

/** Where a signed-in user lands on the empty route (first bullet of "Landing after login"). */
export function roleLandingPath(role: Role, tenant: Pick<LandingTenant, 'isShowScheduleMenu'>): string {
  if (role === ROLE_ADMIN) return '/dashboard'
  if (role === ROLE_STUDENT) return studentHomePath(tenant)
  // The calendar is the schedule module's screen: with the module off, staff start on the dashboard.
  return tenant.isShowScheduleMenu ? '/calendar' : adminFallback
}

/**
 * The spec names a "default public route" without defining it; the logout chain (home, else
 * calendar, else courses, else login) is the only chain that always ends on a screen the
 * visitor may see, so it is used for both.
 */
export function defaultPublicPathFor(
  tenant: Pick<LandingTenant, 'hasHomePage' | 'isShowSchedule' | 'isShowCourses'>,
): string {
  if (tenant.hasHomePage) return '/home'
  if (tenant.isShowSchedule) return '/calendar'
  if (tenant.isShowCourses) return '/courses'
  return '/login'
}

export function signupPathFor(event: PendingEvent): string {
  const base = `/signup/${encodeURIComponent(String(event.classId))}/${encodeURIComponent(String(event.clsStartTime))}`
  const scheduleId = event.scheduleId === null ? '' : String(event.scheduleId)
  return scheduleId === '' ? base : `${base}?scheduleId=${encodeURIComponent(scheduleId)}`
}

/** The login route remembers where to come back to, the way Remix apps carry redirectTo. */
export function loginPathFor(returnTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(returnTo)}`
}

/**
 * Every bullet of "Landing after login" and "Landing for visitors" (spec 000 section 2) in one
 * place, so the order in which they win is visible. The result is a suggestion for the root
 * loader; each route's own guard still decides access.
 */
export function landingPathFor(input: LandingInput): Landing {
  const { pathname, search } = splitPath(input.path)
  const { user, tenant } = input
  const role = user ? effectiveRole(user) : null

  if (user === null || role === null) return visitorLanding(pathname, search, tenant)
  // Signed-in users must always be able to leave and to come back from paying an invoice.
  if (firstSegment(pathname) === 'logout' || pathname === INVOICE_PAYMENT_RETURN_PATH) return ok(pathname)
  if (user.isPreviewMode) return previewLanding(role, user, pathname, search, tenant)
  if (role === ROLE_STUDENT) return studentLanding(pathname, tenant, input.pendingEvent)
  return staffLanding(role, pathname, search, tenant, user.isFranchiseMode)
}

// Student Preview runs on a student token, so whatever staff role the session keeps, the
// student rules apply until Admin View restores the admin token.
function effectiveRole(user: LandingUser): Role | null {
  if (user.isStudentPreview) return ROLE_STUDENT
  return isRole(user.role) ? user.role : null
}

function studentHomePath(tenant: Pick<LandingTenant, 'isShowScheduleMenu'>): string {
  return tenant.isShowScheduleMenu ? studentFallback : '/mycourses'
}

function visitorLanding(pathname: string, search: string, tenant: LandingTenant): Landing {
  const segment = firstSegment(pathname)

  if (segment === '') {
    if (tenant.hasHomePage) return redirect('/home')
    return redirect(tenant.firstExternalPagePath ?? '/login')
  }
  if (segment === 'logout') return redirect(defaultPublicPathFor(tenant))
  // Set-up screens and the meeting integration "need login", then continue where they were.
  if (segment === 'integrations') return redirect(loginPathFor(pathname + search))
  if (segment === 'pforms') return ok(pathname)
  if (segment === 'calendar') return tenant.isShowSchedule ? ok(pathname) : notFound
  if (segment === 'courses') return tenant.isShowCourses ? ok(pathname) : notFound
  if (segment === 'tplan') return tenant.isMaster ? ok(pathname) : notFound
  if (segment === 'home' && tenant.hasHomePage) return ok(pathname)
  if (isAdminPath(pathname) || isStudentPath(pathname)) return notFound
  if (isPublicPath(pathname) || isWebsitePagePath(pathname, tenant)) return ok(pathname)
  return redirect(defaultPublicPathFor(tenant))
}

function isWebsitePagePath(pathname: string, tenant: LandingTenant): boolean {
  const wanted = pathname.toLowerCase()
  return tenant.websitePagePaths.some((page) => splitPath(page).pathname.toLowerCase() === wanted)
}

function previewLanding(
  role: Role,
  user: LandingUser,
  pathname: string,
  search: string,
  tenant: LandingTenant,
): Landing {
  // Preview shows the public site, so "students go to the calendar" means the public one.
  if (role === ROLE_STUDENT) {
    const asVisitor = visitorLanding(pathname, search, tenant)
    if (asVisitor.kind === 'ok' || firstSegment(pathname) === 'calendar') return asVisitor
    return redirect('/calendar')
  }
  // A back-office URL while previewing can only come from the browser's back button.
  if (isAdminPath(pathname) && !isPublicPath(pathname)) return { kind: 'end-preview', to: PREVIEW_EXIT_PATH }
  if (!user.isPreviewOfSecuredPage) return visitorLanding(pathname, search, tenant)
  return ok(pathname)
}

function studentLanding(pathname: string, tenant: LandingTenant, pendingEvent: PendingEvent | null): Landing {
  if (pendingEvent) {
    const signup = signupPathFor(pendingEvent)
    return splitPath(signup).pathname === pathname ? ok(pathname) : redirect(signup)
  }
  const segment = firstSegment(pathname)
  if (segment === '') return redirect(studentHomePath(tenant))
  // The student calendar does not exist while the tenant hides the schedule menu.
  if (segment === 'classes' && !tenant.isShowScheduleMenu) return redirect('/mycourses')
  if (isStudentPath(pathname)) return ok(pathname)
  // Where a student registers for an event, buys or gives, and comes back to after signing in.
  if (STUDENT_OPEN_PUBLIC_SEGMENTS.has(segment)) return ok(pathname)
  return redirect(studentHomePath(tenant))
}

function staffLanding(role: StaffRole, pathname: string, search: string, tenant: LandingTenant, isFranchiseMode: boolean): Landing {
  const segment = firstSegment(pathname)
  if (tenant.isNewTenant && !isFranchiseMode) return segment === 'onboarding' ? ok(pathname) : redirect('/onboarding')
  if (segment === '') return redirect(roleLandingPath(role, tenant))
  // 'integrations' redirects to settings/integrations (2.18); the set-up targets keep their
  // sub-path and the provider's query (code, state, provider) for the settings page.
  if (segment === 'integrations') return redirect(`/settings${pathname}${search}`)
  // "If the tenant is not new or the user is not staff, go straight to the dashboard" (002 4).
  if (segment === 'onboarding') return redirect(adminFallback)
  // Staff and front desk land on the calendar, which is no admin route; without this they
  // would bounce between the calendar and the dashboard.
  if (role !== ROLE_ADMIN && segment === 'calendar') return tenant.isShowScheduleMenu ? ok(pathname) : redirect(adminFallback)
  if (isAdminPath(pathname)) return ok(pathname)
  return redirect(adminFallback)
}
