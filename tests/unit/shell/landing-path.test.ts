import { describe, expect, it } from 'vitest'
import {
  landingPathFor,
  type Landing,
  type LandingInput,
  type LandingTenant,
  type LandingUser,
  type PendingEvent,
} from '#server/shell/landing-path'

const tenant: LandingTenant = {
  isMaster: false,
  isNewTenant: false,
  hasHomePage: true,
  isShowSchedule: true,
  isShowCourses: true,
  isShowScheduleMenu: true,
  firstExternalPagePath: null,
  websitePagePaths: ['/about', '/contact', '/summer-camp'],
}

const signedIn = (role: string, extra: Partial<LandingUser> = {}): LandingUser => ({
  role,
  isPreviewMode: false,
  isStudentPreview: false,
  isPreviewOfSecuredPage: false,
  isFranchiseMode: false,
  ...extra,
})

const admin = signedIn('ROLE_ADMIN')
const staff = signedIn('ROLE_STAFF')
const frontDesk = signedIn('ROLE_FRONTDESK')
const student = signedIn('ROLE_STUDENT')
const event: PendingEvent = { classId: 42, clsStartTime: 1763788380000, scheduleId: 'sch-7' }

type Row = {
  bullet: string
  path: string
  user: LandingUser | null
  tenant?: Partial<LandingTenant>
  pendingEvent?: PendingEvent
  expected: Landing
}

const ok = (path: string): Landing => ({ kind: 'ok', path })
const redirect = (to: string): Landing => ({ kind: 'redirect', to })
const notFound: Landing = { kind: 'not-found' }

// One or more rows per bullet of spec 000 section 2, "Landing after login" and
// "Landing for visitors", named by the bullet's words.
const rows: Row[] = [
  // Landing after login
  { bullet: 'Admin goes to the dashboard', path: '', user: admin, expected: redirect('/dashboard') },
  { bullet: 'student to classes', path: '/', user: student, expected: redirect('/classes') },
  { bullet: 'other staff to the calendar (staff)', path: '', user: staff, expected: redirect('/calendar') },
  { bullet: 'other staff to the calendar (front desk)', path: '/', user: frontDesk, expected: redirect('/calendar') },
  { bullet: 'other staff to the calendar, and may stay there', path: '/calendar', user: frontDesk, expected: ok('/calendar') },
  { bullet: 'other staff to the dashboard while the schedule module is off', path: '', user: staff, tenant: { isShowScheduleMenu: false }, expected: redirect('/dashboard') },
  { bullet: 'other staff leave the calendar while the schedule module is off', path: '/calendar', user: frontDesk, tenant: { isShowScheduleMenu: false }, expected: redirect('/dashboard') },
  { bullet: 'Logged-in staff go to a valid admin route', path: '/contacts/abc/detail', user: staff, expected: ok('/contacts/abc/detail') },
  { bullet: 'Logged-in staff go to a valid admin route (settings)', path: '/settings/users/', user: admin, expected: ok('/settings/users') },
  { bullet: 'Logged-in staff go to a valid admin route (unknown falls back to the dashboard)', path: '/classes', user: admin, expected: redirect('/dashboard') },
  { bullet: 'logged-in students to a valid student route', path: '/mycourses', user: student, expected: ok('/mycourses') },
  { bullet: 'logged-in students to a valid student route (unknown falls back to classes)', path: '/dashboard', user: student, expected: redirect('/classes') },
  { bullet: 'or to the my-courses route when the tenant hides the schedule menu', path: '/dashboard', user: student, tenant: { isShowScheduleMenu: false }, expected: redirect('/mycourses') },
  { bullet: 'or to the my-courses route when the tenant hides the schedule menu (classes itself)', path: '/classes', user: student, tenant: { isShowScheduleMenu: false }, expected: redirect('/mycourses') },
  { bullet: 'or to the my-courses route when the tenant hides the schedule menu (empty route)', path: '', user: student, tenant: { isShowScheduleMenu: false }, expected: redirect('/mycourses') },
  { bullet: 'Logged-in staff of a new tenant go to onboarding', path: '/dashboard', user: admin, tenant: { isNewTenant: true }, expected: redirect('/onboarding') },
  { bullet: 'Logged-in staff of a new tenant go to onboarding (and stay there)', path: '/onboarding', user: frontDesk, tenant: { isNewTenant: true }, expected: ok('/onboarding') },
  { bullet: 'Logged-in staff of a new tenant go to onboarding (not the master acting on a new franchise)', path: '/dashboard', user: signedIn('ROLE_ADMIN', { isFranchiseMode: true }), tenant: { isNewTenant: true }, expected: ok('/dashboard') },
  { bullet: 'Logged-in staff of a new tenant go to onboarding (not new: dashboard)', path: '/onboarding', user: admin, expected: redirect('/dashboard') },
  { bullet: 'A student with stored pending event parameters goes to the sign-up route', path: '', user: student, pendingEvent: event, expected: redirect('/signup/42/1763788380000?scheduleId=sch-7') },
  { bullet: 'A student with stored pending event parameters goes to the sign-up route (without scheduleId)', path: '/classes', user: student, pendingEvent: { ...event, scheduleId: null }, expected: redirect('/signup/42/1763788380000') },
  { bullet: 'A student with stored pending event parameters goes to the sign-up route (already there)', path: '/signup/42/1763788380000?scheduleId=sch-7', user: student, pendingEvent: event, expected: ok('/signup/42/1763788380000') },
  { bullet: 'In preview mode, students go to the calendar', path: '/mycourses', user: signedIn('ROLE_STUDENT', { isPreviewMode: true }), expected: redirect('/calendar') },
  { bullet: 'A student opens their membership payments', path: '/meminvoice', user: student, expected: ok('/meminvoice') },
  { bullet: "A student opens a membership payment's pay link", path: '/meminvoice/0b6c1f4e-4f7a-4a8e-9d59-2f1f7d6c9a11', user: student, expected: ok('/meminvoice/0b6c1f4e-4f7a-4a8e-9d59-2f1f7d6c9a11') },
  { bullet: 'In preview mode, students go to the calendar (public pages stay)', path: '/events', user: signedIn('ROLE_STUDENT', { isPreviewMode: true }), expected: ok('/events') },
  { bullet: 'staff previewing a non-secured page go to the public screen', path: '', user: signedIn('ROLE_ADMIN', { isPreviewMode: true }), expected: redirect('/home') },
  { bullet: 'staff previewing a non-secured page go to the public screen (public page)', path: '/courses', user: signedIn('ROLE_STAFF', { isPreviewMode: true }), expected: ok('/courses') },
  { bullet: 'staff previewing a secured page stay on it', path: '/mycourses', user: signedIn('ROLE_ADMIN', { isPreviewMode: true, isPreviewOfSecuredPage: true }), expected: ok('/mycourses') },
  { bullet: 'Student Preview follows the student rules', path: '/dashboard', user: signedIn('ROLE_ADMIN', { isStudentPreview: true }), expected: redirect('/classes') },
  { bullet: 'Browser back in preview mode returns to /dashboard and ends preview', path: '/contacts', user: signedIn('ROLE_ADMIN', { isPreviewMode: true }), expected: { kind: 'end-preview', to: '/dashboard' } },
  { bullet: 'A video-meeting integration login goes to its context', path: '/integrations/zoom?code=abc', user: admin, expected: redirect('/settings/integrations/zoom?code=abc') },
  { bullet: 'A video-meeting integration login goes to login when not logged in', path: '/integrations/zoom?code=abc', user: null, expected: redirect('/login?redirectTo=%2Fintegrations%2Fzoom%3Fcode%3Dabc') },
  { bullet: 'An invoice-payment return goes to invoice creation (staff)', path: '/checkout/invoice/create', user: frontDesk, expected: ok('/checkout/invoice/create') },
  { bullet: 'An invoice-payment return goes to invoice creation (student)', path: '/checkout/invoice/create', user: student, expected: ok('/checkout/invoice/create') },
  { bullet: 'Payment-provider set-up screens need login', path: '/integrations/paymentprovider?provider=stripe', user: null, expected: redirect('/login?redirectTo=%2Fintegrations%2Fpaymentprovider%3Fprovider%3Dstripe') },
  { bullet: 'Payment-provider set-up screens then go to their settings pages', path: '/integrations/paymentprovider?provider=stripe', user: admin, expected: redirect('/settings/integrations/paymentprovider?provider=stripe') },
  { bullet: "'integrations' redirects to settings/integrations", path: '/integrations', user: admin, expected: redirect('/settings/integrations') },

  // Landing for visitors
  { bullet: 'If the tenant has a home page, the empty route goes to the home route', path: '', user: null, expected: redirect('/home') },
  { bullet: 'If the tenant has a home page, the logout route goes to the home route', path: '/logout', user: null, expected: redirect('/home') },
  { bullet: 'If the tenant has a home page, the home route is shown', path: '/home', user: null, expected: ok('/home') },
  { bullet: 'Calendar is allowed only if the tenant shows the schedule', path: '/calendar', user: null, expected: ok('/calendar') },
  { bullet: 'Calendar is allowed only if the tenant shows the schedule (hidden)', path: '/calendar', user: null, tenant: { isShowSchedule: false }, expected: notFound },
  { bullet: 'courses only if it shows courses', path: '/courses/details/7', user: null, expected: ok('/courses/details/7') },
  { bullet: 'courses only if it shows courses, otherwise not-found', path: '/courses', user: null, tenant: { isShowCourses: false }, expected: notFound },
  { bullet: 'Registration forms are always allowed', path: '/pforms/f-123', user: null, tenant: { isShowSchedule: false, isShowCourses: false, hasHomePage: false }, expected: ok('/pforms/f-123') },
  { bullet: 'Logout goes to calendar', path: '/logout', user: null, tenant: { hasHomePage: false }, expected: redirect('/calendar') },
  { bullet: 'Logout goes to calendar, else courses', path: '/logout', user: null, tenant: { hasHomePage: false, isShowSchedule: false }, expected: redirect('/courses') },
  { bullet: 'Logout goes to calendar, else courses, else login', path: '/logout', user: null, tenant: { hasHomePage: false, isShowSchedule: false, isShowCourses: false }, expected: redirect('/login') },
  { bullet: 'Without a home page, the empty route goes to the first external-URL page that is not home', path: '/', user: null, tenant: { hasHomePage: false, firstExternalPagePath: '/blog' }, expected: redirect('/blog') },
  { bullet: 'Without a home page, the empty route goes to login when there is no such page', path: '', user: null, tenant: { hasHomePage: false }, expected: redirect('/login') },
  { bullet: 'Other URLs are kept if valid for the host name (public route)', path: '/donate/abc?x=1', user: null, expected: ok('/donate/abc') },
  { bullet: 'Other URLs are kept if valid for the host name (tenant page)', path: '/Summer-Camp/', user: null, expected: ok('/Summer-Camp') },
  { bullet: 'Other URLs are kept if valid for the host name, otherwise the default public route', path: '/no-such-page', user: null, expected: redirect('/home') },
  { bullet: 'otherwise the default public route (no home page)', path: '/no-such-page', user: null, tenant: { hasHomePage: false }, expected: redirect('/calendar') },
  { bullet: 'The tenant-plan route is valid only for the master tenant', path: '/tplan/growth/monthly', user: null, tenant: { isMaster: true }, expected: ok('/tplan/growth/monthly') },
  { bullet: 'The tenant-plan route is valid only for the master tenant, otherwise page-not-found', path: '/tplan/growth/monthly', user: null, expected: notFound },
  { bullet: 'Public URLs that match admin routes become page-not-found', path: '/dashboard', user: null, expected: notFound },
  { bullet: 'Public URLs that match student routes become page-not-found', path: '/mycourses', user: null, expected: notFound },
  { bullet: 'Anyone else is public (unknown role)', path: '/dashboard', user: signedIn('ROLE_GUEST'), expected: notFound },
]

describe('landingPathFor', () => {
  it.each(rows)('$bullet: $path', (row) => {
    const input: LandingInput = {
      path: row.path,
      user: row.user,
      tenant: { ...tenant, ...row.tenant },
      pendingEvent: row.pendingEvent ?? null,
    }
    expect(landingPathFor(input)).toEqual(row.expected)
  })

  it('lets any signed-in user reach logout', () => {
    for (const user of [admin, staff, frontDesk, student]) {
      expect(landingPathFor({ path: '/logout', user, tenant, pendingEvent: null })).toEqual(ok('/logout'))
    }
  })

  it('never redirects to the path it was asked for', () => {
    const paths = ['', '/', '/calendar', '/courses', '/classes', '/mycourses', '/dashboard', '/home', '/login', '/onboarding', '/x']
    const users = [null, admin, staff, frontDesk, student, signedIn('ROLE_STUDENT', { isPreviewMode: true })]
    const tenants: Partial<LandingTenant>[] = [
      {},
      { hasHomePage: false, isShowSchedule: false, isShowCourses: false, isShowScheduleMenu: false },
      { isNewTenant: true },
    ]
    for (const path of paths) {
      for (const user of users) {
        for (const change of tenants) {
          const landing = landingPathFor({ path, user, tenant: { ...tenant, ...change }, pendingEvent: null })
          if (landing.kind !== 'redirect') continue
          const next = landingPathFor({ path: landing.to, user, tenant: { ...tenant, ...change }, pendingEvent: null })
          expect(next.kind, `${path} -> ${landing.to}`).not.toBe('redirect')
        }
      }
    }
  })
})
