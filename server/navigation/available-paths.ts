/**
 * The screens that exist today. A menu item, shortcut or public listing page whose target is
 * not listed here is hidden rather than leading to an empty page.
 *
 * This list is kept by hand on purpose (never derived from the routes folder): each capability
 * adds its paths here in the same change that lands its screens, so a half-built screen never
 * appears in a menu by accident.
 */
export const AVAILABLE_STAFF_PATHS: ReadonlySet<string> = new Set([
  '/dashboard',
  '/settings',
  '/customforms',
  // Files staff share with contacts and students (docs/decisions/147).
  '/files',
  '/contacts',
  '/store',
  '/offers',
  '/services',
  '/products',
  '/product-bundle',
  '/donation',
  '/rules',
  '/memberships',
  '/schedule',
  '/invoices',
  '/reports',
  '/website',
  // G-Reviews: the students' reviews (the notice board and feedback live on /dashboard).
  '/reviews',
  // The platform owner's list of every organisation (master tenant only, masterOnly in the menu).
  '/tenant',
  '/masterplan',
  // Online meetings: Zoom and Google Meet, reached from the integrations hub.
  '/oauth/omeeting',
  // Each staff member's own mailboxes, connected to send mail to contacts from.
  '/settings/integrations/emails',
  // SMS through Plivo: terms, a number bought by area code, its approval (reached from the hub).
  '/settings/integrations/plivo',
  '/logout',
  // The media gallery's screen; the website builder (/website) links to it.
  '/website/media',
])

/** The student portal's screens; Calendar and Courses exist even before they have data. */
export const AVAILABLE_STUDENT_PATHS: ReadonlySet<string> = new Set(['/classes', '/mycourses', '/store', '/student-assessments', '/myform', '/myfiles', '/mydonation', '/profile', '/logout'])

/**
 * Standard public pages that list product data (calendar, courses, events, ...) rather than
 * showing their own text. Each shows in the public menu and footer once its capability lists
 * it here; pages with their own content (home, about, contact, legal and custom pages) need no
 * entry. The forms page is one too, but the menu shows it as a group of the published forms
 * themselves (see public-menu.ts), which needs no listing screen.
 */
export const LISTING_PAGE_NAMES: ReadonlySet<string> = new Set([
  'calendar',
  'courses',
  'events',
  'forms',
  'donations',
  'merchandise',
  'mediagallery',
])

export const AVAILABLE_LISTING_PAGES: ReadonlySet<string> = new Set<string>(['calendar', 'courses', 'events', 'merchandise', 'donations', 'mediagallery'])

/**
 * Public screens outside the website pages. The forms menu links to each published form at
 * /pforms/{guId}, so it shows once the public form screen is listed here.
 */
export const AVAILABLE_PUBLIC_PATHS: ReadonlySet<string> = new Set<string>(['/pforms', '/checkout'])

export function isPublicPathAvailable(url: string): boolean {
  return AVAILABLE_PUBLIC_PATHS.has(url)
}

export function isStaffPathAvailable(url: string): boolean {
  return AVAILABLE_STAFF_PATHS.has(url)
}

export function isStudentPathAvailable(url: string): boolean {
  return AVAILABLE_STUDENT_PATHS.has(url)
}

export function isPublicPageAvailable(pageName: string): boolean {
  const name = pageName.toLowerCase()
  return !LISTING_PAGE_NAMES.has(name) || AVAILABLE_LISTING_PAGES.has(name)
}
