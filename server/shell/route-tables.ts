import { firstSegment } from '#server/shell/request-path'

// Each table is keyed by the spec's own words (spec 000 section 2) so a reader can check the
// mapping line by line; the values are the named routes those words mean.

/** "A path is public when it starts with one of: ..." */
export const PUBLIC_ROUTES = {
  calendar: '/calendar',
  courses: '/courses',
  // The public tenant plan is the one that takes {name}/{freq} (section 2, 2.18): tplan.
  'tenant plan': '/tplan',
  'public donations': '/pdonations',
  donations: '/donations',
  donate: '/donate',
  checkout: '/checkout',
  'checkout register form': '/free',
  'preview register form': '/introductory',
  events: '/events',
  'public registration form': '/pforms',
  // 'invoice' is not public in any list and 'invoices' is a staff and student list, so the
  // publicly payable invoice is the member invoice.
  'student invoice': '/meminvoice',
  merchandise: '/merchandise',
  'forgot password': '/forgot-password',
  login: '/login',
  register: '/register',
  preview: '/preview',
  'media gallery': '/mediagallery',
} as const satisfies Record<string, `/${string}`>

export const ADMIN_ROUTES = {
  content: '/content',
  services: '/services',
  'product bundle': '/product-bundle',
  // Not tplan: visitors get tplan on the master tenant, which could not happen if it were
  // also an admin route ("public URLs that match admin or student routes become not-found").
  'tenant plan': '/tenantplan',
  'master plan': '/masterplan',
  tenant: '/tenant',
  products: '/products',
  'new products': '/products/new',
  'question bank': '/qbank',
  'add question bank': '/qbank/add',
  // The named route keeps the product's spelling.
  assessment: '/assesment',
  offers: '/offers',
  // The membership plans' list and editor (the Memberships menu item); no named route says it.
  memberships: '/memberships',
  contacts: '/contacts',
  schedule: '/schedule',
  'email campaigns': '/campaign',
  rules: '/rules',
  // No named route says 'class rule'; classlist is the only unclaimed class route.
  'class rule': '/classlist',
  // The contact profile is /{contacts route}/{guId}/detail (section 2, literal paths).
  'user details': '/contacts',
  reports: '/reports',
  donation: '/donation',
  class: '/class',
  'cart checkout': '/store/cart-checkout',
  store: '/store',
  'new store': '/store/new',
  signin: '/signin',
  integrations: '/integrations',
  'custom forms': '/customforms',
  // pforms is the public form and myform the student's; regforms is the staff list
  // (settings spec route table).
  'registration form': '/regforms',
  'app settings': '/settings',
  settings: '/settings',
  facility: '/facility',
  files: '/files',
  invoices: '/invoices',
  'get started': '/getstarted',
  website: '/website',
  tests: '/tests',
  oauth: '/oauth',
  dashboard: '/dashboard',
  onboarding: '/onboarding',
  widget: '/widgets',
  // 'G-Reviews' in the staff menu (spec 002 section 2.17).
  reviews: '/reviews',
} as const satisfies Record<string, `/${string}`>

export const STUDENT_ROUTES = {
  services: '/services',
  'tenant plan': '/tenantplan',
  plan: '/plan',
  tenant: '/tenant',
  'my courses': '/mycourses',
  'student assessments': '/student-assessments',
  'my registration': '/myform',
  'my assessment': '/myassesment',
  'my donation': '/mydonation',
  'my files': '/myfiles',
  invoices: '/invoices',
  logout: '/logout',
  profile: '/profile',
  classes: '/classes',
  // A signed-in student who opens a shared form link must reach the form, so the student's
  // registration form is the public one, not the staff list.
  'registration form': '/pforms',
  assessment: '/assesment',
  onboarding: '/onboarding',
  signup: '/signup',
  store: '/store',
  'cart checkout': '/store/cart-checkout',
} as const satisfies Record<string, `/${string}`>

/** "An unknown admin path falls back to the dashboard." */
export const adminFallback = '/dashboard'
/** "An unknown student path falls back to the classes page." */
export const studentFallback = '/classes'

function firstSegmentsOf(table: Record<string, string>): ReadonlySet<string> {
  return new Set(Object.values(table).map(firstSegment))
}

const publicSegments = firstSegmentsOf(PUBLIC_ROUTES)
const adminSegments = firstSegmentsOf(ADMIN_ROUTES)
const studentSegments = firstSegmentsOf(STUDENT_ROUTES)

export function isPublicPath(path: string): boolean {
  return publicSegments.has(firstSegment(path))
}

export function isAdminPath(path: string): boolean {
  return adminSegments.has(firstSegment(path))
}

export function isStudentPath(path: string): boolean {
  return studentSegments.has(firstSegment(path))
}
