import { readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { addDemoCatalog } from '#db/seed-catalog'
import { DEMO_DONATION, DEMO_STUDENT_EMAIL, DEMO_TRIAL_MEMBER_EMAIL, demoClasses, demoCourses, demoEvents, demoProducts, demoTeacherEmails } from '#db/seed-catalog-data'
import type { CatalogItemKind } from '#db/tables/catalog'
import { asSystem } from '#db/tenant-scope'
import { createOpaqueToken, hashToken } from '#server/auth/session-token'
import { calendarFeedPath, issueCalendarFeedToken } from '#server/catalog/bookings/calendar-feed'
import { loadPublicSchedule } from '#server/catalog/schedule/load-public-schedule'
import { storeTenantImage } from '#server/files/tenant-uploads'
import { API_KEYS, regenerateApiKey } from '#server/settings/tenant-api-keys'
import { issueFormStamp } from '#server/forms/fill-time'
import type { Tenant } from '#server/tenancy/tenant'
import { createTrialForm, validPost } from '#tests/integration/forms/form-fixtures'
import { tenantWithPeople, type Cookies } from '#tests/integration/shell/shell-world'
import { tinyPngDataUrl } from '#tests/unit/forms/png-fixture'
import { createContact } from '#tests/support/fixtures'
import { callRoute, formPostRequest, getRequest, redirectOrStatus, rjsfFormBody, type RouteFunction, type RouteOutcome } from '#tests/support/route-call'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

/**
 * The cross-tenant probe: every route whose URL carries a parameter is called with tenant A's
 * real ids on tenant B's host, as B's admin (and, for public routes, as a visitor), and must
 * answer as if the id did not exist. A route file with a `$param` that is missing from PROBES
 * fails the suite: a new route says here how to build its ids.
 */

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const ROUTES_DIR = resolve('app/routes')

/** Tenant A's real ids, one of each kind a route takes. */
type Ids = {
  formGuId: string
  formId: string
  submissionId: string
  downloadToken: string
  fieldGuId: string
  userGuid: string
  pageName: string
  uploadName: string
  resetToken: string
  importGuId: string
  /** An activity report of the contact `userGuid` (a contact's guid like any other). */
  activityReportId: string
  verificationToken: string
  /** A sale of tenant A (its confirmation page is the spec's public invoice). */
  orderGuid: string
  /** Tenant A's own id, as provider addresses name it (PhonePe's confirm address). */
  tenantId: string
  /** An offer code of tenant A. */
  offerGuid: string
  /** An email template of tenant A. */
  templateGuid: string
  /** An image of tenant A's media gallery. */
  mediaGuid: string
  /** A file tenant A's staff keep and share with all students (its bytes are not on disk). */
  sharedFileId: string
  /** A published widget of tenant A, and A's plugin key that embeds it. */
  widgetGuid: string
  pluginKey: string
  /** A payment of tenant A for its plan (its receipt page). */
  planPaymentGuid: string
  /** A franchise of tenant A, a master franchise (its edit page). */
  franchiseGuid: string
  /** Catalog items of tenant A, one per kind a staff editor shows. */
  itemGuIds: { course: string; product: string; event: string; membership: string; donation: string; bundle: string }
  /** Tenant A's demo catalog (db/seed-catalog.ts), as the public site, the schedule and the student area name it. */
  catalog: {
    /** A class of the staff class editor (not the one whose sessions are probed, so a leaking archive stays apart). */
    editedClassGuid: string
    /** One upcoming session of a class: the staff screen names the class by guid, the sign-up address by id. */
    session: { classGuid: string; classId: string; clsStartTime: string }
    /** A paid course the demo student is enrolled in, with one of its chapters and a public demo file chapter. */
    course: { guid: string; slug: string; chapterGuid: string; fileChapterGuid: string }
    /** A published course the demo student is not enrolled in (the enrol page shows it). */
    enrollableCourseGuid: string
    /** A free event (a signed-in person's post would take a place at once). */
    eventSlug: string
    productSlug: string
    donationGuid: string
    /** The demo student's personal calendar feed token (the address ends '{token}.ics'). */
    feedToken: string
  }
}

type Audience =
  /** Staff or admin screens: B's admin probes them. */
  | 'staff'
  /** Public pages: B's admin and a visitor probe them. */
  | 'public'
  /** The student area: B's admin and B's student probe it; on A's host A's demo student opens it. */
  | 'student'
  /** The parameter names a product-wide thing (a field type, a screen key, a path), not a tenant's row. */
  | 'not-an-id'

type Probe = {
  audience: Audience
  params: (ids: Ids) => Record<string, string>
  /** The path the browser would ask for (the return address of guards). */
  path: (ids: Ids) => string
  /** The action's request; a small form post when not given. */
  body?: (url: string, ids: Ids) => Request
  /**
   * What the route answers on its own host with the same ids (proves the ids are real); null
   * where the route has no loader worth checking.
   */
  home?: string | null
  /** Answers accepted besides a 404, with the reason. */
  alsoAccepted?: Array<{ outcome: string; why: string; on?: 'loader' | 'action'; as?: Caller }>
  /** A check of the body for routes that answer 200 with their own "no such thing" message. */
  answersUnknown?: (outcome: RouteOutcome, on: 'loader' | 'action') => boolean
}

type Caller = 'admin' | 'visitor' | 'student'

const NOT_FOUND = new Set(['status 404', 'redirect /404'])

/** The demo's free event: a signed-in person's Register post takes a place at once, so a leak would show. */
const FREE_EVENT_SLUG = demoEvents.find((event) => event.paymentType === 'FREE')?.slug ?? 'no-free-demo-event'

/** Names that exist only in tenant A's demo catalog: none may appear in an answer on B's host. */
const ONLY_IN_A = [
  ...demoClasses.map((cls) => cls.name),
  ...demoCourses.map((course) => course.name),
  ...demoEvents.map((event) => event.name),
  ...demoProducts.map((product) => product.name),
  DEMO_DONATION.name,
  'Probe handout',
]

const publicPage = (path: (ids: Ids) => string, params: (ids: Ids) => Record<string, string>, extra: Partial<Probe> = {}): Probe => ({
  audience: 'public',
  path,
  params,
  ...extra,
})

const studentPage = (path: (ids: Ids) => string, params: (ids: Ids) => Record<string, string>, extra: Partial<Probe> = {}): Probe => ({
  audience: 'student',
  path,
  params,
  // requireStudentArea sends staff to their own area before it reads the id.
  alsoAccepted: [{ outcome: 'redirect /dashboard', why: 'staff asking for a student address go to their area before the id is read', as: 'admin' }],
  ...extra,
})

const staffScreen = (path: (ids: Ids) => string, params: (ids: Ids) => Record<string, string>, extra: Partial<Probe> = {}): Probe => ({
  audience: 'staff',
  path,
  params,
  ...extra,
})

const PROBES: Record<string, Probe> = {
  '_site+/$.tsx': {
    audience: 'public',
    path: (ids) => `/${ids.pageName}/more`,
    params: (ids) => ({ '*': `${ids.pageName}/more` }),
    home: null,
    alsoAccepted: [{ outcome: 'redirect /dashboard', why: 'signed-in staff on a public address go to their area', as: 'admin' }],
  },
  '_site+/$page.tsx': {
    audience: 'public',
    path: (ids) => `/${ids.pageName}`,
    params: (ids) => ({ page: ids.pageName }),
    alsoAccepted: [
      { outcome: 'redirect /dashboard', why: 'signed-in staff on a public address go to their area', as: 'admin' },
      { outcome: 'redirect /home', why: "a visitor on an address the site does not have goes to the site's home", as: 'visitor' },
    ],
  },
  '_admin+/contacts+/$guId.detail.tsx': staffScreen((ids) => `/contacts/${ids.userGuid}/detail`, (ids) => ({ guId: ids.userGuid })),
  // On its own host it redirects to the profile by the id (tests/integration/contacts/contact-profile.test.ts).
  '_admin+/contacts+/$guId.details.tsx': staffScreen((ids) => `/contacts/${ids.userGuid}/details`, (ids) => ({ guId: ids.userGuid }), { home: null }),
  '_admin+/contacts+/$guId.edit.tsx': staffScreen((ids) => `/contacts/${ids.userGuid}/edit`, (ids) => ({ guId: ids.userGuid })),
  '_admin+/contacts+/$guId.edit-dialog.ts': staffScreen((ids) => `/contacts/${ids.userGuid}/edit-dialog`, (ids) => ({ guId: ids.userGuid })),
  '_admin+/contacts+/$guId.actions.tsx': staffScreen((ids) => `/contacts/${ids.userGuid}/actions`, (ids) => ({ guId: ids.userGuid })),
  // An email from a connected mailbox: another tenant's contact is a 404 before any account is looked at.
  '_admin+/contacts+/$guId.email.tsx': staffScreen((ids) => `/contacts/${ids.userGuid}/email`, (ids) => ({ guId: ids.userGuid })),
  '_admin+/contacts+/$guId.files.tsx': staffScreen((ids) => `/contacts/${ids.userGuid}/files`, (ids) => ({ guId: ids.userGuid }), { body: (url, ids) => formPostRequest(url, { intent: 'share', fileId: ids.sharedFileId }) }),
  '_admin+/contacts+/$guId.sms.tsx': staffScreen((ids) => `/contacts/${ids.userGuid}/sms`, (ids) => ({ guId: ids.userGuid })),
  '_admin+/contacts+/$guId.activity-report.$reportId.ts': staffScreen(
    (ids) => `/contacts/${ids.userGuid}/activity-report/${ids.activityReportId}`,
    (ids) => ({ guId: ids.userGuid, reportId: ids.activityReportId }),
    { home: null },
  ),
  '_admin+/services+/$guId.tsx': staffScreen((ids) => `/services/${ids.itemGuIds.course}`, (ids) => ({ guId: ids.itemGuIds.course })),
  '_admin+/products+/$guId.tsx': staffScreen((ids) => `/products/${ids.itemGuIds.product}`, (ids) => ({ guId: ids.itemGuIds.product })),
  '_admin+/rules+/$guId.tsx': staffScreen((ids) => `/rules/${ids.itemGuIds.event}`, (ids) => ({ guId: ids.itemGuIds.event })),
  '_admin+/memberships+/$guId.tsx': staffScreen((ids) => `/memberships/${ids.itemGuIds.membership}`, (ids) => ({ guId: ids.itemGuIds.membership })),
  '_admin+/offers+/details.$guId.tsx': staffScreen((ids) => `/offers/details/${ids.offerGuid}`, (ids) => ({ guId: ids.offerGuid })),
  '_admin+/donation+/$guId.tsx': staffScreen((ids) => `/donation/${ids.itemGuIds.donation}`, (ids) => ({ guId: ids.itemGuIds.donation })),
  '_admin+/product-bundle+/$guId.tsx': staffScreen((ids) => `/product-bundle/${ids.itemGuIds.bundle}`, (ids) => ({ guId: ids.itemGuIds.bundle })),
  '_admin+/customforms+/$guId.tsx': staffScreen((ids) => `/customforms/${ids.formGuId}`, (ids) => ({ guId: ids.formGuId })),
  '_admin+/customforms+/$guId_.submissions.tsx': staffScreen(
    (ids) => `/customforms/${ids.formGuId}/submissions`,
    (ids) => ({ guId: ids.formGuId }),
  ),
  '_admin+/customforms+/$guId_.submissions[.csv].tsx': staffScreen(
    (ids) => `/customforms/${ids.formGuId}/submissions.csv`,
    (ids) => ({ guId: ids.formGuId }),
  ),
  '_admin+/customforms+/$guId_.submissions_.$id.tsx': staffScreen(
    (ids) => `/customforms/${ids.formGuId}/submissions/${ids.submissionId}`,
    (ids) => ({ guId: ids.formGuId, id: ids.submissionId }),
  ),
  '_admin+/customforms+/$guId_.submissions_.$id_.pdf.tsx': staffScreen(
    (ids) => `/customforms/${ids.formGuId}/submissions/${ids.submissionId}/pdf`,
    (ids) => ({ guId: ids.formGuId, id: ids.submissionId }),
    { home: null },
  ),
  '_admin+/contacts+/import.$guId.tsx': staffScreen((ids) => `/contacts/import/${ids.importGuId}`, (ids) => ({ guId: ids.importGuId })),
  '_admin+/contacts+/import.$guId_.errors[.csv].ts': staffScreen(
    (ids) => `/contacts/import/${ids.importGuId}/errors.csv`,
    (ids) => ({ guId: ids.importGuId }),
  ),
  '_admin+/settings+/$.tsx': { audience: 'not-an-id', path: () => '/settings/no-such-screen', params: () => ({ '*': 'no-such-screen' }) },
  '_admin+/settings+/customfield.$guId.tsx': staffScreen((ids) => `/settings/customfield/${ids.fieldGuId}`, (ids) => ({ guId: ids.fieldGuId })),
  '_admin+/settings+/customfield.delete.$guId.tsx': staffScreen(
    (ids) => `/settings/customfield/delete/${ids.fieldGuId}`,
    (ids) => ({ guId: ids.fieldGuId }),
  ),
  '_admin+/settings+/franchise.$guid.tsx': staffScreen((ids) => `/settings/franchise/${ids.franchiseGuid}`, (ids) => ({ guid: ids.franchiseGuid })),
  '_admin+/settings+/franchise.edit.$guid.tsx': staffScreen((ids) => `/settings/franchise/edit/${ids.franchiseGuid}`, (ids) => ({ guid: ids.franchiseGuid })),
  '_admin+/settings+/templates.edit.$guId.tsx': staffScreen((ids) => `/settings/templates/edit/${ids.templateGuid}`, (ids) => ({ guId: ids.templateGuid })),
  '_admin+/settings+/templates.edit.$guId.field.tsx': staffScreen((ids) => `/settings/templates/edit/${ids.templateGuid}/field`, (ids) => ({ guId: ids.templateGuid })),
  // A valid delete, so the write itself has to find the item.
  '_admin+/website+/media.$guId.tsx': staffScreen((ids) => `/website/media/${ids.mediaGuid}`, (ids) => ({ guId: ids.mediaGuid }), { body: (url) => formPostRequest(url, { intent: 'delete' }) }),
  // A valid save, so the write itself has to find the page (A's custom page is not on B).
  '_admin+/website+/edit.$name.tsx': staffScreen((ids) => `/website/edit/${ids.pageName}`, (ids) => ({ name: ids.pageName }), {
    body: (url) => formPostRequest(url, { intent: 'save', mode: 'html', html: '<p>Taken over</p>' }),
  }),
  '_admin+/settings+/plan.payments.$guId.tsx': staffScreen((ids) => `/settings/plan/payments/${ids.planPaymentGuid}`, (ids) => ({ guId: ids.planPaymentGuid })),
  '_admin+/settings+/widgets.$guId.tsx': staffScreen((ids) => `/settings/widgets/${ids.widgetGuid}`, (ids) => ({ guId: ids.widgetGuid })),
  // With A's own key: the widget is A's, so B's host (another key, another studio) must not show it.
  '_plugin+/plugin.widgets.$file.tsx': publicPage((ids) => `/plugin/widgets/${ids.widgetGuid}?key=${ids.pluginKey}`, (ids) => ({ file: ids.widgetGuid })),
  '_admin+/settings+/customfield.new.$type.tsx': { audience: 'not-an-id', path: () => '/settings/customfield/new/text', params: () => ({ type: 'text' }) },
  '_admin+/settings+/customise.$key.tsx': { audience: 'not-an-id', path: () => '/settings/customise/account', params: () => ({ key: 'account' }) },
  '_auth+/tplan.$name.$freq.tsx': { audience: 'not-an-id', path: () => '/tplan/growth/monthly', params: () => ({ name: 'growth', freq: 'monthly' }) },
  '_platform+/locales.$lng.$ns.ts': { audience: 'not-an-id', path: () => '/locales/tr/checkout', params: () => ({ lng: 'tr', ns: 'checkout' }) },
  '_admin+/settings+/users.$id.tsx': staffScreen((ids) => `/settings/users/${ids.userGuid}`, (ids) => ({ id: ids.userGuid })),
  '_forms+/downloads.forms.$token.ts': {
    audience: 'public',
    path: (ids) => `/downloads/forms/${ids.downloadToken}`,
    params: (ids) => ({ token: ids.downloadToken }),
    home: null,
  },
  '_forms+/introductory.$guId.tsx': {
    ...staffScreen((ids) => `/introductory/${ids.formGuId}`, (ids) => ({ guId: ids.formGuId })),
    alsoAccepted: [{ outcome: 'status 400', why: 'the preview refuses every post before it reads the id', on: 'action' }],
  },
  '_forms+/pforms.$guId.tsx': {
    audience: 'public',
    path: (ids) => `/pforms/${ids.formGuId}`,
    params: (ids) => ({ guId: ids.formGuId }),
  },
  '_forms+/pforms.$guId_.submit.ts': {
    audience: 'public',
    path: (ids) => `/pforms/${ids.formGuId}/submit`,
    params: (ids) => ({ guId: ids.formGuId }),
    body: (url) =>
      new Request(url, {
        method: 'POST',
        headers: { Origin: new URL(url).origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ fullName: 'Probe Person', email: 'probe@example.test' }),
      }),
    home: null,
    alsoAccepted: [{ outcome: 'status 405', why: 'a GET is refused before the id is read', on: 'loader' }],
  },
  '_forms+/pforms.$guId_.submitted.$token.tsx': {
    audience: 'public',
    path: (ids) => `/pforms/${ids.formGuId}/submitted/${ids.downloadToken}`,
    params: (ids) => ({ guId: ids.formGuId, token: ids.downloadToken }),
  },
  '_forms+/registration.$id.tsx': {
    audience: 'public',
    path: (ids) => `/registration/${ids.formId}`,
    params: (ids) => ({ id: ids.formId }),
  },
  '_auth+/reset-password.$token.tsx': {
    audience: 'public',
    path: (ids) => `/reset-password/${ids.resetToken}`,
    params: (ids) => ({ token: ids.resetToken }),
    body: (url) => formPostRequest(url, { password: 'Another long password 1!', confirmPassword: 'Another long password 1!' }),
    home: null,
    // The spec's screen says the link is not valid (status 200 page, 400 post) rather than 404.
    answersUnknown: (outcome, on) =>
      on === 'loader'
        ? outcome.status === 200 && (outcome.body as { usable?: boolean }).usable === false
        : outcome.status === 400 && JSON.stringify(outcome.body).includes('This link has expired or has already been used.'),
  },
  '_auth+/verify-email.$token.tsx': {
    audience: 'public',
    path: (ids) => `/verify-email/${ids.verificationToken}`,
    params: (ids) => ({ token: ids.verificationToken }),
    home: null,
    // Like the reset link: the page says the link cannot be used (200 page, 400 post) rather than 404.
    answersUnknown: (outcome, on) =>
      on === 'loader'
        ? outcome.status === 200 && (outcome.body as { address?: string | null }).address === null
        : outcome.status === 400 && (outcome.body as { verified?: boolean }).verified === false,
  },
  '_site+/uploads.$name.tsx': {
    audience: 'public',
    path: (ids) => `/uploads/${ids.uploadName}`,
    params: (ids) => ({ name: ids.uploadName }),
  },
  // The catalog: tenant A's demo classes, courses, events, products and campaign.
  '_admin+/schedule+/$classGuid.tsx': staffScreen(
    (ids) => `/schedule/${ids.catalog.editedClassGuid}`,
    (ids) => ({ classGuid: ids.catalog.editedClassGuid }),
    // Archive reads the class by guid in the write itself (no form to fail first).
    { body: (url) => formPostRequest(url, { intent: 'archive' }) },
  ),
  // Online meetings: a new link for A's class; its GET only leads back to the class (home: a redirect).
  '_admin+/classrule.$guId.regenerateurl.tsx': staffScreen(
    (ids) => `/classrule/${ids.catalog.editedClassGuid}/regenerateurl`,
    (ids) => ({ guId: ids.catalog.editedClassGuid }),
    { home: null },
  ),
  '_admin+/schedule+/$classGuid_.$clsStartTime.tsx': staffScreen(
    (ids) => `/schedule/${ids.catalog.session.classGuid}/${ids.catalog.session.clsStartTime}`,
    (ids) => ({ classGuid: ids.catalog.session.classGuid, clsStartTime: ids.catalog.session.clsStartTime }),
    // A valid cancel, so the write itself has to find the session.
    { body: (url) => formPostRequest(url, { intent: 'cancel', note: 'Probe' }) },
  ),
  '_admin+/services+/$guId_.content.tsx': staffScreen(
    (ids) => `/services/${ids.catalog.course.guid}/content`,
    (ids) => ({ guId: ids.catalog.course.guid }),
  ),
  '_site+/classes.feed.$file.ts': publicPage(
    (ids) => calendarFeedPath(ids.catalog.feedToken),
    (ids) => ({ file: `${ids.catalog.feedToken}.ics` }),
  ),
  '_platform+/item.phonepe.$tenantId.confirm.$paymentIntent.ts': publicPage(
    (ids) => `/item/phonepe/${ids.tenantId}/confirm/Tprobe`,
    (ids) => ({ tenantId: ids.tenantId, paymentIntent: 'Tprobe' }),
    // No PhonePe payment exists in the probe's tenants: A's own host answers 404 too.
    { home: null },
  ),
  '_site+/checkout_.orders.$guId.tsx': publicPage((ids) => `/checkout/orders/${ids.orderGuid}`, (ids) => ({ guId: ids.orderGuid })),
  '_site+/checkout_.orders.$guId_.pay.tsx': publicPage((ids) => `/checkout/orders/${ids.orderGuid}/pay`, (ids) => ({ guId: ids.orderGuid }), {
    // On A's own host the card form shows only while A takes payments through PaymentSpring.
    home: null,
  }),
  '_site+/checkout_.orders.$guId_.razorpay.ts': publicPage((ids) => `/checkout/orders/${ids.orderGuid}/razorpay`, (ids) => ({ guId: ids.orderGuid }), {
    // Razorpay's return: an action only.
    home: null,
  }),
  '_site+/invoices_.$guId.tsx': staffScreen((ids) => `/invoices/${ids.orderGuid}`, (ids) => ({ guId: ids.orderGuid })),
  '_site+/invoices_.$guId_.edit.tsx': staffScreen((ids) => `/invoices/${ids.orderGuid}/edit`, (ids) => ({ guId: ids.orderGuid }), {
    // A's probe order was paid at checkout: its own host sends staff back to it, since only an unpaid staff invoice is edited.
    home: null,
  }),
  '_site+/invoices_.$guId_.pdf.tsx': staffScreen((ids) => `/invoices/${ids.orderGuid}/pdf`, (ids) => ({ guId: ids.orderGuid })),
  '_site+/invoices_.$guId_.pdf_.download.ts': staffScreen((ids) => `/invoices/${ids.orderGuid}/pdf/download`, (ids) => ({ guId: ids.orderGuid }), { home: null }),
  '_site+/invoices_.$guId_.refund.tsx': staffScreen((ids) => `/invoices/${ids.orderGuid}/refund`, (ids) => ({ guId: ids.orderGuid })),
  '_site+/meminvoice.$guId.ts': publicPage((ids) => `/meminvoice/${ids.orderGuid}`, (ids) => ({ guId: ids.orderGuid }), {
    // On its own host the pay link sends on to the order page.
    home: null,
  }),
  '_site+/invoice.$guId.ts': publicPage((ids) => `/invoice/${ids.orderGuid}`, (ids) => ({ guId: ids.orderGuid }), { home: null }),
  '_admin+/reports+/sales.$guId.tsx': staffScreen((ids) => `/reports/sales/${ids.orderGuid}`, (ids) => ({ guId: ids.orderGuid }), { home: null }),
  '_site+/courses_.details.$slug.tsx': publicPage((ids) => `/courses/details/${ids.catalog.course.slug}`, (ids) => ({ slug: ids.catalog.course.slug })),
  '_site+/courses_.files.$chapterGuId.ts': publicPage(
    (ids) => `/courses/files/${ids.catalog.course.fileChapterGuid}`,
    (ids) => ({ chapterGuId: ids.catalog.course.fileChapterGuid }),
  ),
  '_site+/donate.$id.tsx': publicPage((ids) => `/donate/${ids.catalog.donationGuid}`, (ids) => ({ id: ids.catalog.donationGuid })),
  '_site+/events_.details.$slug.tsx': publicPage((ids) => `/events/details/${ids.catalog.eventSlug}`, (ids) => ({ slug: ids.catalog.eventSlug }), {
    body: (url) => formPostRequest(url, { intent: 'register' }),
    alsoAccepted: [
      {
        outcome: `redirect /login?redirectTo=${encodeURIComponent(`/events/details/${FREE_EVENT_SLUG}`)}`,
        why: 'a visitor who presses Register is sent to sign in before the slug is read',
        on: 'action',
        as: 'visitor',
      },
    ],
  }),
  '_site+/merchandise_.details.$slug.tsx': publicPage((ids) => `/merchandise/details/${ids.catalog.productSlug}`, (ids) => ({ slug: ids.catalog.productSlug })),
  '_site+/signup.$classId.$clsStartTime.tsx': publicPage(
    (ids) => `/signup/${ids.catalog.session.classId}/${ids.catalog.session.clsStartTime}`,
    (ids) => ({ classId: ids.catalog.session.classId, clsStartTime: ids.catalog.session.clsStartTime }),
    { body: (url) => formPostRequest(url, { intent: 'book' }) },
  ),
  '_student+/mycourses_.$guId.tsx': studentPage((ids) => `/mycourses/${ids.catalog.course.guid}`, (ids) => ({ guId: ids.catalog.course.guid }), {
    // A valid 'Mark as complete' of A's chapter, so the write has to find the course.
    body: (url, ids) => formPostRequest(url, { intent: 'complete', chapter: ids.catalog.course.chapterGuid }),
  }),
  // Tenant A's probe submission is no student's own, so even at home it is a 404: only B's answer is checked.
  '_admin+/files+/$id.tsx': staffScreen((ids) => `/files/${ids.sharedFileId}`, (ids) => ({ id: ids.sharedFileId }), { body: (url) => formPostRequest(url, { intent: 'delete' }) }),
  // The probe file has no bytes on disk, so even at home the download is a 404: only B's answer is checked.
  '_admin+/files+/$id_.download.ts': staffScreen((ids) => `/files/${ids.sharedFileId}/download`, (ids) => ({ id: ids.sharedFileId }), { home: null }),
  '_student+/myfiles_.$id.download.ts': studentPage((ids) => `/myfiles/${ids.sharedFileId}/download`, (ids) => ({ id: ids.sharedFileId }), { home: null }),
  '_student+/myform_.$id_.pdf.ts': studentPage((ids) => `/myform/${ids.submissionId}/pdf`, (ids) => ({ id: ids.submissionId }), { home: null }),
  '_student+/mycourses_.enrol.$guId.tsx': studentPage(
    (ids) => `/mycourses/enrol/${ids.catalog.enrollableCourseGuid}`,
    (ids) => ({ guId: ids.catalog.enrollableCourseGuid }),
  ),
}

/** Every route file (flat or in folders) whose name carries a `$` parameter, relative to app/routes. */
function parameterisedRouteFiles(dir = ROUTES_DIR): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry)
    if (statSync(full).isDirectory()) {
      found.push(...parameterisedRouteFiles(full))
      continue
    }
    const name = relative(ROUTES_DIR, full)
    if (/\.(tsx?|jsx?)$/.test(entry) && name.includes('$')) found.push(name.split('\\').join('/'))
  }
  return found.sort()
}

type RouteModule = { loader?: RouteFunction; action?: RouteFunction }

describe(`the cross-tenant probe: tenant A's ids on tenant B's host (${engine})`, () => {
  const files = parameterisedRouteFiles()
  let platform: TestPlatform
  let tenantA: Tenant
  let tenantB: Tenant
  let cookiesA: Cookies
  let cookiesB: Cookies
  let ids: Ids
  /** A's demo student (enrolled in its courses, booked in its classes). */
  let demoStudentCookieA: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    ;({ tenant: tenantA, cookies: cookiesA } = await tenantWithPeople(platform, { orgId: 'probea' }))
    ;({ tenant: tenantB, cookies: cookiesB } = await tenantWithPeople(platform, { orgId: 'probeb' }))
    ids = await createIdsOfTenantA()
    // A became a master franchise in the fixture: requests see its row as it is now.
    platform.caches.changed(tenantA.id, ['tenant'])
    tenantA = (await platform.tenants.findById(tenantA.id)) ?? tenantA
  }, 240_000)
  afterAll(() => platform.close())

  async function createIdsOfTenantA(): Promise<Ids> {
    const form = await createTrialForm(platform, tenantA)
    const { action: publicFormAction } = (await importRoute('_forms+/pforms.$guId.tsx')) as Required<RouteModule>
    const stamp = issueFormStamp(platform.env, form.id, Date.now() - 30_000)
    const post = formPostRequest(`http://probea.localhost/pforms/${form.guId}`, rjsfFormBody(validPost(form, { formStartedAt: stamp })))
    const sent = await callRoute(publicFormAction, post, contextFor(platform, tenantA), { guId: form.guId })
    const downloadToken = /\/submitted\/([^/?]+)/.exec(sent.location ?? '')?.[1]
    if (!downloadToken) throw new Error(`the fixture submission was not stored: ${redirectOrStatus(sent)}`)
    await platform.jobs.drain()

    // The people the demo catalog seed expects (teachers, the demo student and others on rosters).
    const demoPeople = new Map<string, { id: string }>()
    for (const email of [...demoTeacherEmails, DEMO_STUDENT_EMAIL, DEMO_TRIAL_MEMBER_EMAIL, 'maria.garcia@example.test', 'kenji.watanabe@example.test', 'amara.nwosu@example.test']) {
      const role = email === DEMO_STUDENT_EMAIL ? 'ROLE_STUDENT' : email.endsWith('@demo.test') ? 'ROLE_STAFF' : null
      demoPeople.set(email, await createContact(platform, tenantA, { email, role }))
    }
    const demoStudent = demoPeople.get(DEMO_STUDENT_EMAIL)
    if (!demoStudent) throw new Error('the demo student fixture is missing')
    demoStudentCookieA = await createSessionCookie(platform, tenantA, demoStudent)
    const handout = new TextEncoder().encode('%PDF-1.7 probe handout')
    await platform.files.put(tenantA.id, 'course-files/probe-handout', handout)

    const base = await asSystem(platform.database, 'test fixture', async (trx) => {
      const submission = await trx.selectFrom('form_submissions').select('id').where('tenant_id', '=', tenantA.id).executeTakeFirstOrThrow()
      const field = await trx.selectFrom('custom_fields').select('guid').where('tenant_id', '=', tenantA.id).executeTakeFirstOrThrow()
      const admin = await trx
        .selectFrom('contacts')
        .select(['id', 'guid'])
        .where('tenant_id', '=', tenantA.id)
        .where('role', '=', 'ROLE_ADMIN')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('web_pages')
        .values({ tenant_id: tenantA.id, name: 'only-in-a', title: 'Only in A', url: 'only-in-a', sequence: 99, is_published: true, html: '<p>A only</p>' })
        .execute()
      const resetToken = createOpaqueToken()
      await trx
        .insertInto('password_reset_tokens')
        .values({ tenant_id: tenantA.id, contact_id: admin.id, token_hash: hashToken(resetToken), expires_at: new Date(Date.now() + 3_600_000) })
        .execute()
      // A finished import, so its page is the progress page (the mapping step reads the upload).
      const contactImport = await trx
        .insertInto('contact_imports')
        .values({ tenant_id: tenantA.id, file_name: 'only-in-a.csv', file_key: 'contact-imports/only-in-a.csv', file_bytes: 10, header: '[]', mapping: '{}', status: 'done' })
        .returning('guid')
        .executeTakeFirstOrThrow()
      const report = await trx
        .insertInto('contact_activity_reports')
        .values({ tenant_id: tenantA.id, contact_id: admin.id, status: 'COMPLETE', file_key: 'contact-activity-reports/probe.pdf' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await platform.files.put(tenantA.id, 'contact-activity-reports/probe.pdf', new TextEncoder().encode('%PDF-1.7 probe'))
      const verificationToken = createOpaqueToken()
      await trx
        .insertInto('email_verification_tokens')
        .values({ tenant_id: tenantA.id, contact_id: admin.id, email: 'admin@probea.test', token_hash: hashToken(verificationToken), expires_at: new Date(Date.now() + 3_600_000) })
        .execute()
      const order = await trx
        .insertInto('invoices')
        .values({
          tenant_id: tenantA.id, number: 1, contact_id: admin.id, status: 'paid', source: 'checkout', currency: 'USD', subtotal_minor: 0, total_minor: 0,
          balance_minor: 0, first_name: 'Only', last_name: 'In A', email: 'admin@probea.test', paid_at: new Date(),
        })
        .returning('guid')
        .executeTakeFirstOrThrow()
      const offer = await trx
        .insertInto('offers')
        .values({ tenant_id: tenantA.id, code: 'ONLYINA', discount_type: 'percentage', discount_basis_points: 1000, currency: 'USD' })
        .returning('guid')
        .executeTakeFirstOrThrow()
      const template = await trx
        .insertInto('email_templates')
        .values({ tenant_id: tenantA.id, name: 'Only in A', subject: 'Probe subject', body_html: '<p>Probe handout</p>' })
        .returning('guid')
        .executeTakeFirstOrThrow()
      const widget = await trx
        .insertInto('widgets')
        .values({ tenant_id: tenantA.id, name: 'Only in A widget', type: 'announcement', title: 'Probe handout', body_html: '<p>Probe handout</p>', is_published: true, published_at: new Date() })
        .returning('guid')
        .executeTakeFirstOrThrow()
      const planPayment = await trx
        .insertInto('plan_payments')
        .values({ tenant_id: tenantA.id, plan_id: 'free_plan', period: 'monthly', amount_minor: 0, currency: 'USD', status: 'SETTLED', idempotency_key: 'probe-free', settled_at: new Date() })
        .returning('guid')
        .executeTakeFirstOrThrow()
      const sharedFile = await trx
        .insertInto('shared_files')
        .values({ tenant_id: tenantA.id, name: 'probe-notes.pdf', content_type: 'application/pdf', size_bytes: 1, storage_key: 'shared-files/probe-notes.pdf', uploaded_by: 'Probe' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.insertInto('shared_file_shares').values({ tenant_id: tenantA.id, file_id: sharedFile.id, contact_id: null }).execute()
      const media = await trx
        .insertInto('media_items')
        .values({
          tenant_id: tenantA.id, kind: 'image', file_key: 'onlyInAonlyInAonlyInA123', content_type: 'image/png', byte_size: 1, width: 1, height: 1,
          variants: JSON.stringify([{ name: 'w480', width: 1, height: 1 }]), alt_text: 'Probe handout', original_name: 'probe-handout.png',
        })
        .returning('guid')
        .executeTakeFirstOrThrow()
      // Tenant A manages a franchise: its edit page is the master's, by the franchise's tenant id.
      await trx.updateTable('tenants').set({ is_master_franchise: true }).where('id', '=', tenantA.id).execute()
      const franchise = await trx
        .insertInto('tenants')
        .values({ org_id: 'probea-franchise', name: 'Only in A franchise', parent_tenant_id: tenantA.id, settings: JSON.stringify({}) })
        .returning('id')
        .executeTakeFirstOrThrow()
      const item = async (kind: 'course' | 'product' | 'event' | 'membership' | 'donation' | 'bundle') =>
        String((await trx.insertInto('catalog_items').values({ tenant_id: tenantA.id, kind, name: `Only in A ${kind}`, slug: `only-in-a-${kind}` }).returning('guid').executeTakeFirstOrThrow()).guid)
      const itemGuIds = { course: await item('course'), product: await item('product'), event: await item('event'), membership: await item('membership'), donation: await item('donation'), bundle: await item('bundle') }
      const png = await (await fetch(tinyPngDataUrl)).blob()
      const stored = await storeTenantImage(platform.env, tenantA, png)
      if (!stored.ok) throw new Error(`the fixture upload was refused: ${stored.error}`)

      await addDemoCatalog(trx, tenantA.id)
      const demoItem = (kind: CatalogItemKind, slug: string) =>
        trx.selectFrom('catalog_items').select(['id', 'guid', 'slug']).where('tenant_id', '=', tenantA.id).where('kind', '=', kind).where('slug', '=', slug).executeTakeFirstOrThrow()
      // The seed enrols the demo student in the free introduction and in Yoga Foundations, not in the teacher training.
      const course = await demoItem('course', 'yoga-foundations')
      const chapter = await trx
        .selectFrom('course_chapters as ch')
        .innerJoin('course_sections as s', 's.id', 'ch.section_id')
        .select(['ch.guid', 'ch.section_id'])
        .where('s.course_id', '=', course.id)
        .orderBy('s.sequence')
        .orderBy('ch.sequence')
        .executeTakeFirstOrThrow()
      // A demo file chapter of a course that shows demo chapters: anyone may download it on A's host.
      const fileChapter = await trx
        .insertInto('course_chapters')
        .values({
          tenant_id: tenantA.id,
          section_id: chapter.section_id,
          title: 'Probe handout',
          sequence: 99,
          content_type: 'file',
          video_url: null,
          video_embed_url: null,
          file_key: 'course-files/probe-handout',
          file_name: 'probe-handout.pdf',
          file_bytes: handout.byteLength,
          is_demo: true,
        })
        .returning('guid')
        .executeTakeFirstOrThrow()
      const catalogRows = {
        editedClassGuid: String((await demoItem('class', 'pilates-mat')).guid),
        sessionClass: await demoItem('class', 'morning-vinyasa'),
        course: { guid: String(course.guid), slug: course.slug, chapterGuid: String(chapter.guid), fileChapterGuid: String(fileChapter.guid) },
        enrollableCourseGuid: String((await demoItem('course', '200-hour-teacher-training')).guid),
        eventSlug: (await demoItem('event', FREE_EVENT_SLUG)).slug,
        productSlug: (await demoItem('product', 'cork-yoga-block')).slug,
        donationGuid: String((await demoItem('donation', DEMO_DONATION.slug)).guid),
      }
      return {
        catalogRows,
        formGuId: form.guId,
        formId: form.id,
        submissionId: String(submission.id),
        downloadToken,
        fieldGuId: String(field.guid),
        userGuid: String(admin.guid),
        pageName: 'only-in-a',
        uploadName: stored.value.url.split('/').pop() ?? '',
        resetToken,
        importGuId: String(contactImport.guid),
        activityReportId: report.id,
        verificationToken,
        orderGuid: String(order.guid),
        tenantId: tenantA.id,
        offerGuid: String(offer.guid),
        templateGuid: String(template.guid),
        mediaGuid: String(media.guid),
        sharedFileId: sharedFile.id,
        widgetGuid: String(widget.guid),
        planPaymentGuid: String(planPayment.guid),
        franchiseGuid: franchise.id,
        itemGuIds,
      }
    })

    // An upcoming session of the class as the public schedule names it (after the seed's commit).
    const { catalogRows, ...rest } = base
    const now = new Date()
    const schedule = await loadPublicSchedule(
      platform.database,
      tenantA.id,
      { from: new Date(now.getTime() + 86_400_000), to: new Date(now.getTime() + 15 * 86_400_000) },
      { classId: catalogRows.sessionClass.id },
    )
    const session = schedule.occurrences.find((occurrence) => !occurrence.cancelled)
    if (!session) throw new Error('the demo class has no upcoming session')
    const feedToken = await issueCalendarFeedToken(platform.database, { tenantId: tenantA.id, contactId: demoStudent.id, now })
    const pluginKey = await regenerateApiKey(platform, tenantA, API_KEYS.plugin)
    return {
      ...rest,
      pluginKey,
      catalog: {
        editedClassGuid: catalogRows.editedClassGuid,
        session: { classGuid: String(catalogRows.sessionClass.guid), classId: catalogRows.sessionClass.id, clsStartTime: session.clsStartTime },
        course: catalogRows.course,
        enrollableCourseGuid: catalogRows.enrollableCourseGuid,
        eventSlug: catalogRows.eventSlug,
        productSlug: catalogRows.productSlug,
        donationGuid: catalogRows.donationGuid,
        feedToken,
      },
    }
  }

  it('knows how to build the ids of every route with a parameter', () => {
    expect(files.length).toBeGreaterThan(0)
    const unlisted = files.filter((file) => !(file in PROBES))
    expect(unlisted, `add these routes to PROBES in ${relative(process.cwd(), __filename)}`).toEqual([])
    expect(Object.keys(PROBES).filter((file) => !files.includes(file)), 'PROBES lists routes that no longer exist').toEqual([])
  })

  it.each(files.filter((file) => file in PROBES))('%s answers tenant A ids on tenant B as if they did not exist', async (file) => {
    const probe = PROBES[file] as Probe
    const route = await importRoute(file)
    expect(route.loader ?? route.action, `${file} has neither a loader nor an action`).toBeDefined()
    const params = probe.params(ids)
    const url = `http://probeb.localhost${probe.path(ids)}`

    const callers: Array<{ as: Caller; cookie: string | null }> = [{ as: 'admin', cookie: cookiesB.ROLE_ADMIN }]
    if (probe.audience === 'public') callers.push({ as: 'visitor', cookie: null })
    if (probe.audience === 'student') callers.push({ as: 'student', cookie: cookiesB.ROLE_STUDENT })

    for (const caller of callers) {
      for (const on of ['loader', 'action'] as const) {
        const fn = route[on]
        if (!fn) continue
        const request = on === 'loader' ? getRequest(url, caller.cookie) : buildPost(probe, url, ids, caller.cookie)
        const outcome = await callRoute(fn, request, contextFor(platform, tenantB), params)
        const seen = redirectOrStatus(outcome)
        const label = `${file} ${on} as B's ${caller.as}: ${seen}`
        if (probe.audience === 'not-an-id') {
          expect(outcome.status, label).toBeLessThan(500)
          continue
        }
        const accepted =
          NOT_FOUND.has(seen) ||
          probe.answersUnknown?.(outcome, on) === true ||
          (probe.alsoAccepted ?? []).some((also) => also.outcome === seen && (also.on ?? on) === on && (also.as ?? caller.as) === caller.as)
        expect(accepted, label).toBe(true)
        // Whatever the answer, nothing of tenant A may be in it.
        expect(JSON.stringify(outcome.body ?? '')).not.toContain('Trial Class Registration')
        expect(JSON.stringify(outcome.body ?? '')).not.toContain(tenantA.name)
        for (const name of ONLY_IN_A) expect(JSON.stringify(outcome.body ?? ''), label).not.toContain(name)
      }
    }

    // The same ids on A's own host work, so the 404s above are about the tenant, not a bad id.
    if (probe.audience !== 'not-an-id' && probe.home !== null && route.loader) {
      const homeCookie = probe.audience === 'staff' ? cookiesA.ROLE_ADMIN : probe.audience === 'student' ? demoStudentCookieA : null
      const home = await callRoute(route.loader, getRequest(`http://probea.localhost${probe.path(ids)}`, homeCookie), contextFor(platform, tenantA), params)
      expect(redirectOrStatus(home), `${file} on tenant A's own host`).toBe(probe.home ?? 'status 200')
    }
  })
})

function buildPost(probe: Probe, url: string, ids: Ids, cookie: string | null): Request {
  const request = probe.body ? probe.body(url, ids) : formPostRequest(url, { intent: 'save', name: 'Probe' })
  if (cookie) request.headers.set('Cookie', cookie)
  return request
}

async function importRoute(file: string): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ pathToFileURL(join(ROUTES_DIR, file)).href)) as RouteModule
}
