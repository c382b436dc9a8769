import { loadavg } from 'node:os'
import { benchHttp, CONNECTIONS, DURATION_SECONDS, formatHttpResults, table, type HttpResult } from './http.bench'
import { benchTenantResolution } from './tenant-resolution.bench'
import { benchDescriptors } from './descriptors.bench'
import { benchSettingsPage } from './settings-page.bench'
import { benchPublicFormPage } from './public-form-page.bench'
import { formatLoad, type LoadResult } from './load'
import { benchFormSubmissions, formatFormSubmissions, type FormSubmissionsResult } from './form-submissions.bench'
import { benchSubmissionPdf, formatSubmissionPdf } from './submission-pdf.bench'
import { benchPublicFormWeight, FORM_JS_TARGET_GZIP_BYTES, formatPublicFormWeight } from './public-form-weight.bench'
import { benchPublicFormRatio, FORM_RATIO_TARGET, formatPublicFormRatio } from './public-form-ratio.bench'
import { benchTemplatePage, formatTemplatePage } from './template-page.bench'
import { benchTemplateLighthouse, formatTemplateLighthouse } from './lighthouse-templates.bench'
import { AUTOCOMPLETE_TARGET_P95_MS, benchContacts, benchContactsOnPglite, CONTACTS_LIST_TARGET_RPS, formatContactsBench, type ContactsBenchResult } from './contacts.bench'
import { benchContactsExport, EXPORT_TARGET_RSS_GROWTH_MB, EXPORT_TARGET_SECONDS, formatContactsExportBench } from './contacts-export.bench'
import { benchDnsPolling, DNS_POLLING_SENDERS, DNS_POLLING_TARGET_EXTRA_MS, formatDnsPolling } from './dns-polling.bench'
import { benchScheduleExpansion, SCHEDULE_CLASSES, SCHEDULE_EXPANSION_TARGET_MS } from './schedule-expansion.bench'
import { benchContactsImport, formatContactsImport, IMPORT_TARGET_SECONDS } from './contacts-import.bench'
import { benchCalendar, CALENDAR_AFRESH_TARGET_P99_MS, CALENDAR_RATIO_TARGET, formatCalendarBench } from './calendar.bench'
import { benchInvoiceReport, formatInvoiceReportBench, INVOICE_REPORT_TARGET_P99_MS, INVOICE_REPORT_TARGET_RPS, meetsInvoiceReportTarget } from './invoice-report.bench'
import { benchMailingListResync, formatMailingListResync, RESYNC_CONTACTS, RESYNC_TARGET_SECONDS } from './mailing-list-resync.bench'
import { benchMembershipBilling, formatBilledOnce, formatMembershipBilling, MEMBERSHIP_BILLING_TARGET_SECONDS, MEMBERSHIPS } from './membership-billing.bench'

/**
 * `npm run bench`: tenant resolution from the cache, then HTTP load against the built server
 * (one process; with Postgres also two), the registration forms (public form page, the
 * JavaScript its visitors download before any interaction, its throughput against a bare
 * node:http server sending the same bytes, no-script submissions on Postgres, the PDF copy
 * job), and a summary against the targets. With REDIS_URL
 * set the submissions benchmark queues PDF copies on BullMQ, as a deployment with workers does;
 * without it they are rendered inside the web server while it takes posts.
 * Figures are only comparable on a quiet machine, so the load average is printed with them.
 */
const RESOLUTION_TARGET_NS = 5_000
const PAGE_TARGET_RPS = 1_000
const PAGE_TARGET_P99_MS = 100

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
}

console.log(`Load average before the run: ${load()} (2 cores; above ~0.5 the figures are pessimistic)`)

const resolution = await benchTenantResolution()
console.log(`\nTenant resolution from cache: ${resolution.nsPerCall.toFixed(0)} ns per call (${resolution.calls.toLocaleString('en')} calls)`)

const http: HttpResult[] = []
const setups = process.env.DATABASE_URL ? [1, 2] : [1]
for (const webConcurrency of setups) {
  const results = await benchHttp({ webConcurrency })
  console.log(`\n${formatHttpResults(results)}`)
  http.push(...results)
}

const descriptors = await benchDescriptors()
console.log(`\nEffective descriptor from cache: ${descriptors.resolveNsPerCall.toFixed(0)} ns per call; account form validation: ${descriptors.validateUsPerCall.toFixed(1)} µs per submission`)
const settingsPage = await benchSettingsPage()
console.log(`\n${formatLoad(settingsPage)}`)
const SETTINGS_PAGE_TARGET_RPS = 500

const formPages: LoadResult[] = []
for (const webConcurrency of setups) {
  const result = await benchPublicFormPage({ webConcurrency })
  console.log(`\n${formatLoad(result)}`)
  formPages.push(result)
}
const formWeight = await benchPublicFormWeight()
console.log(`\n${formatPublicFormWeight(formWeight)}`)
const formRatio = await benchPublicFormRatio()
console.log(`\n${formatPublicFormRatio(formRatio)}`)
console.log(`\n${formatTemplatePage(await benchTemplatePage())}`)
console.log(`\n${formatTemplateLighthouse(await benchTemplateLighthouse())}`)
const submissions: FormSubmissionsResult[] = []
for (const webConcurrency of setups) {
  const result = await benchFormSubmissions({ webConcurrency })
  console.log(`\n${result ? formatFormSubmissions(result) : 'Form submissions: skipped, the target is for Postgres (set DATABASE_URL)'}`)
  if (result) submissions.push(result)
}
const pdf = await benchSubmissionPdf()
console.log(`\n${formatSubmissionPdf(pdf)}`)
const SUBMISSIONS_TARGET_PER_SECOND = 300
const PDF_TARGET_PER_SECOND = 20
const contactsOnPostgres = await benchContacts()
console.log(`\n${formatContactsBench(contactsOnPostgres)}`)
const contactsOnPglite = await benchContactsOnPglite()
console.log(`\n${formatContactsBench(contactsOnPglite)}`)
/** The contacts figures' rows of the summary, for one database. */
const contactsRows = (contacts: ContactsBenchResult) => [
  ...[contacts.autocomplete].filter((r) => r !== undefined).map((r) => [
    `${r.target} (${contacts.setup}, ${contacts.contacts.toLocaleString('en')} contacts)`,
    `p97.5 ${r.p97_5Ms} ms (bounds p95), ${r.requestsPerSecond.toFixed(0)} req/s, non-2xx ${r.non2xx}, errors ${r.errors}`,
    `p95 < ${AUTOCOMPLETE_TARGET_P95_MS} ms at ${CONNECTIONS} connections`,
    verdict(r.p97_5Ms < AUTOCOMPLETE_TARGET_P95_MS && r.non2xx === 0 && r.errors === 0),
  ]),
  ...[contacts.list, contacts.listSearched, ...(contacts.listWhileWritten ?? []), contacts.listAfresh].filter((r) => r !== undefined).map((r) => [
    `${r.target} (${contacts.setup}, ${contacts.contacts.toLocaleString('en')} contacts)`,
    `${r.requestsPerSecond.toFixed(0)} req/s, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req`,
    `>= ${CONTACTS_LIST_TARGET_RPS} req/s`,
    verdict(r.requestsPerSecond >= CONTACTS_LIST_TARGET_RPS && r.non2xx === 0 && r.errors === 0),
  ]),
]
const contactsExport = await benchContactsExport()
console.log(`\n${formatContactsExportBench(contactsExport)}`)
const contactsImport = await benchContactsImport()
const calendar = await benchCalendar()
console.log(`\n${formatCalendarBench(calendar)}`)
console.log(`\n${formatContactsImport(contactsImport)}`)
const invoiceReport = await benchInvoiceReport()
console.log(`\n${formatInvoiceReportBench(invoiceReport)}`)

// The 10,000 memberships are billed on Postgres only: on PGlite the database shares this process with the worker.
const membershipBilling = process.env.DATABASE_URL ? await benchMembershipBilling() : null
console.log(`\n${membershipBilling ? formatMembershipBilling(membershipBilling) : 'Membership billing: skipped, the target is for Postgres (set DATABASE_URL)'}`)

const resync = await benchMailingListResync()
console.log(`\n${formatMailingListResync(resync)}`)

const schedule = benchScheduleExpansion()
const dnsPolling = await benchDnsPolling()
console.log(`\n${formatDnsPolling(dnsPolling)}`)
console.log(`\nSchedule expansion: ${SCHEDULE_CLASSES} weekly classes for a year, ${schedule.occurrences} occurrences: median ${schedule.medianMs.toFixed(2)} ms, worst ${schedule.worstMs.toFixed(2)} ms`)

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')
const rows: string[][] = [
  ['tenant resolution (cache)', `${resolution.nsPerCall.toFixed(0)} ns/call`, `< ${RESOLUTION_TARGET_NS} ns`, verdict(resolution.nsPerCall < RESOLUTION_TARGET_NS)],
  ...http.map((r) => {
    const isPage = r.target !== '/healthz'
    const figure = `${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req`
    const ok = r.requestsPerSecond >= PAGE_TARGET_RPS && r.p99Ms < PAGE_TARGET_P99_MS && r.non2xx === 0 && r.errors === 0
    return [`${r.target} (${r.setup})`, figure, isPage ? `>= ${PAGE_TARGET_RPS} req/s, p99 < ${PAGE_TARGET_P99_MS} ms` : '-', isPage ? verdict(ok) : '-']
  }),
  ['effective descriptor (cache)', `${descriptors.resolveNsPerCall.toFixed(0)} ns/call`, `< ${RESOLUTION_TARGET_NS} ns`, verdict(descriptors.resolveNsPerCall < RESOLUTION_TARGET_NS)],
  [
    `${settingsPage.target} (${settingsPage.setup})`,
    `${settingsPage.requestsPerSecond.toFixed(0)} req/s, p99 ${settingsPage.p99Ms} ms, non-2xx ${settingsPage.non2xx}, errors ${settingsPage.errors}, server CPU ${settingsPage.cpuMsPerRequest.toFixed(3)} ms/req`,
    `>= ${SETTINGS_PAGE_TARGET_RPS} req/s`,
    verdict(settingsPage.requestsPerSecond >= SETTINGS_PAGE_TARGET_RPS && settingsPage.non2xx === 0 && settingsPage.errors === 0),
  ],
  ...formPages.map((r) => [
    `${r.target} (${r.setup})`,
    `${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req`,
    `>= ${PAGE_TARGET_RPS} req/s, p99 < ${PAGE_TARGET_P99_MS} ms`,
    verdict(r.requestsPerSecond >= PAGE_TARGET_RPS && r.p99Ms < PAGE_TARGET_P99_MS && r.non2xx === 0 && r.errors === 0),
  ]),
  [
    'public form JavaScript before any interaction',
    `${(formWeight.gzipBytes / 1024).toFixed(1)} KB gzipped in ${formWeight.scripts} scripts (${(formWeight.rawBytes / 1024).toFixed(1)} KB raw); first focus adds ${(formWeight.afterFocusGzipBytes / 1024).toFixed(1)} KB`,
    `<= ${FORM_JS_TARGET_GZIP_BYTES / 1024} KB gzipped`,
    verdict(formWeight.gzipBytes <= FORM_JS_TARGET_GZIP_BYTES),
  ],
  [
    `${formRatio.target} (${formRatio.app.setup})`,
    `${(formRatio.ratio * 100).toFixed(0)}%: ${formRatio.app.requestsPerSecond.toFixed(0)} against ${formRatio.bare.requestsPerSecond.toFixed(0)} req/s, ${formRatio.encoding} answer of ${formRatio.bodyBytes.toLocaleString('en')} bytes`,
    `>= ${FORM_RATIO_TARGET * 100}% with compression on`,
    formRatio.encoding === 'identity' ? 'compression off' : verdict(formRatio.ratio >= FORM_RATIO_TARGET),
  ],
  ...(submissions.length > 0
    ? submissions.map((r) => {
        const refused = Object.values(r.refused).reduce((sum, count) => sum + count, 0)
        return [
          `${r.target} (${r.setup})`,
          `${r.postsPerSecond.toFixed(0)} stored posts/s over ${r.seconds.toFixed(0)} s (303 to thank-you page), p99 ${r.p99Ms} ms, refused ${refused}, errors ${r.errors}, ${r.rowsInDatabase} rows for ${r.storedInAll} stored, server CPU ${r.cpuMsPerPost.toFixed(3)} ms/post${r.databaseCpuMsPerPost === null ? '' : `, Postgres CPU ${r.databaseCpuMsPerPost.toFixed(3)} ms/post`}`,
          `>= ${SUBMISSIONS_TARGET_PER_SECOND} posts/s for 20 s, rows = stored`,
          verdict(r.postsPerSecond >= SUBMISSIONS_TARGET_PER_SECOND && refused === 0 && r.errors === 0 && r.rowsInDatabase === r.storedInAll),
        ]
      })
    : [['POST /pforms/{guId}', 'skipped: needs DATABASE_URL (Postgres)', `>= ${SUBMISSIONS_TARGET_PER_SECOND} posts/s for 20 s`, '-']]),
  [
    `${pdf.target} (${pdf.setup})`,
    `${pdf.pdfsPerSecond.toFixed(1)} PDFs/s, ${pdf.cpuMsPerPdf.toFixed(1)} ms CPU/PDF, render alone ${pdf.renderOnlyMs.toFixed(1)} ms`,
    `>= ${PDF_TARGET_PER_SECOND} PDFs/s per worker process`,
    verdict(pdf.pdfsPerSecond >= PDF_TARGET_PER_SECOND),
  ],
  ...(contactsOnPostgres
    ? contactsRows(contactsOnPostgres)
    : [['contacts at 100,000 on Postgres (autocomplete, list)', 'skipped: needs DATABASE_URL (Postgres)', `p95 < ${AUTOCOMPLETE_TARGET_P95_MS} ms; >= ${CONTACTS_LIST_TARGET_RPS} req/s`, '-']]),
  ...contactsRows(contactsOnPglite),
  contactsExport
    ? [
        `GET /contacts/export.csv (${contactsExport.setup}, ${contactsExport.contacts.toLocaleString('en')} contacts)`,
        `${contactsExport.rows.toLocaleString('en')} rows in ${contactsExport.seconds.toFixed(2)} s, server RSS growth ${contactsExport.rssGrowthMb.toFixed(1)} MB`,
        `< ${EXPORT_TARGET_SECONDS} s, RSS growth < ${EXPORT_TARGET_RSS_GROWTH_MB} MB`,
        verdict(contactsExport.rows >= contactsExport.contacts && contactsExport.seconds < EXPORT_TARGET_SECONDS && contactsExport.rssGrowthMb < EXPORT_TARGET_RSS_GROWTH_MB),
      ]
    : ['contacts CSV export of 100,000', 'skipped: needs DATABASE_URL (Postgres)', `< ${EXPORT_TARGET_SECONDS} s, RSS growth < ${EXPORT_TARGET_RSS_GROWTH_MB} MB`, '-'],
  contactsImport
    ? [
        `contacts import, ${contactsImport.rows.toLocaleString('en')} rows (${contactsImport.setup})`,
        `${contactsImport.totalSeconds.toFixed(2)} s end to end (job ${contactsImport.jobSeconds.toFixed(2)} s)`,
        `< ${IMPORT_TARGET_SECONDS} s`,
        verdict(contactsImport.totalSeconds < IMPORT_TARGET_SECONDS),
      ]
    : ['contacts import, 10,000 rows', 'skipped: needs DATABASE_URL (Postgres)', `< ${IMPORT_TARGET_SECONDS} s`, '-'],
  ...(calendar
    ? [
        [
          `GET /calendar month view, ${calendar.occurrences} occurrences, anonymous, kept (${calendar.kept.setup})`,
          `${calendar.kept.requestsPerSecond.toFixed(0)} req/s, ${(calendar.ratio * 100).toFixed(0)}% of bare node:http (${calendar.bare.requestsPerSecond.toFixed(0)} req/s)`,
          `>= ${CALENDAR_RATIO_TARGET * 100}% of bare`,
          verdict(calendar.ratio >= CALENDAR_RATIO_TARGET && calendar.kept.non2xx === 0),
        ],
        [
          `GET /calendar month view, ${calendar.occurrences} occurrences, rendered afresh (1 connection)`,
          `p50 ${calendar.afresh.p50Ms} ms, p99 ${calendar.afresh.p99Ms} ms, server CPU ${calendar.afresh.cpuMsPerRequest.toFixed(3)} ms/req`,
          `p99 < ${CALENDAR_AFRESH_TARGET_P99_MS} ms`,
          verdict(calendar.afresh.p99Ms < CALENDAR_AFRESH_TARGET_P99_MS && calendar.afresh.non2xx === 0),
        ],
      ]
    : [['GET /calendar month view, 300 occurrences', 'skipped: needs DATABASE_URL (Postgres)', `>= ${CALENDAR_RATIO_TARGET * 100}% of bare; p99 < ${CALENDAR_AFRESH_TARGET_P99_MS} ms afresh`, '-']]),
  ...(invoiceReport
    ? invoiceReport.loads.map((r) => [
        `${r.target}, ${invoiceReport.invoices.toLocaleString('en')} invoices (${invoiceReport.setup})`,
        `${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.cpuMsPerRequest.toFixed(2)} ms/req`,
        `>= ${INVOICE_REPORT_TARGET_RPS} req/s, p99 < ${INVOICE_REPORT_TARGET_P99_MS} ms`,
        verdict(meetsInvoiceReportTarget(r)),
      ])
    : [['invoice report, 100,000 invoices', 'skipped: needs DATABASE_URL (Postgres)', `>= ${INVOICE_REPORT_TARGET_RPS} req/s, p99 < ${INVOICE_REPORT_TARGET_P99_MS} ms`, '-']]),
  membershipBilling
    ? [
        `billing ${membershipBilling.memberships.toLocaleString('en')} due memberships, fake Stripe (${membershipBilling.setup}, ${membershipBilling.concurrency} jobs at once)`,
        `${membershipBilling.seconds.toFixed(1)} s = ${membershipBilling.perSecond.toFixed(0)}/s; ${formatBilledOnce(membershipBilling)}`,
        `< ${MEMBERSHIP_BILLING_TARGET_SECONDS} s, each billed once`,
        verdict(
          membershipBilling.seconds < MEMBERSHIP_BILLING_TARGET_SECONDS &&
            membershipBilling.stored.membershipInvoices === membershipBilling.memberships &&
            membershipBilling.stored.succeededIntents === membershipBilling.memberships &&
            membershipBilling.stored.membershipsBilledTwice === 0 &&
            membershipBilling.stored.membershipsChargedTwiceAtStripe === 0,
        ),
      ]
    : [`billing ${MEMBERSHIPS.toLocaleString('en')} due memberships, fake Stripe`, 'skipped: needs DATABASE_URL (Postgres)', `< ${MEMBERSHIP_BILLING_TARGET_SECONDS} s, each billed once`, '-'],
  [
    `mailing-list resync of ${RESYNC_CONTACTS.toLocaleString('en')} contacts, local fake, worker killed midway (${resync.setup})`,
    `${resync.seconds.toFixed(1)} s, ${resync.notExactlyOnce} not sent exactly once, status ${resync.status}`,
    `< ${RESYNC_TARGET_SECONDS} s, each sent once`,
    verdict(resync.seconds < RESYNC_TARGET_SECONDS && resync.notExactlyOnce === 0 && resync.status === 'complete'),
  ],
  [
    `expanding a year of ${SCHEDULE_CLASSES} weekly classes (${schedule.occurrences} occurrences, America/New_York)`,
    `median ${schedule.medianMs.toFixed(2)} ms, worst ${schedule.worstMs.toFixed(2)} ms`,
    `< ${SCHEDULE_EXPANSION_TARGET_MS} ms`,
    verdict(schedule.medianMs < SCHEDULE_EXPANSION_TARGET_MS),
  ],
  [
    `a send-email job while ${DNS_POLLING_SENDERS.toLocaleString('en')} DNS checks wait on the bulk queue`,
    `starts after ${dnsPolling.withPollingMs.toFixed(2)} ms (alone ${dnsPolling.aloneMs.toFixed(2)} ms)`,
    `< ${DNS_POLLING_TARGET_EXTRA_MS} ms more`,
    verdict(dnsPolling.withPollingMs - dnsPolling.aloneMs < DNS_POLLING_TARGET_EXTRA_MS),
  ],
]
console.log(`\nSummary (autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per target; load average after: ${load()})\n${table(['benchmark', 'result', 'target', ''], rows)}`)
