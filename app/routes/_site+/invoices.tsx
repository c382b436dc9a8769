import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { InvoiceReportView } from '#app/components/invoices/invoice-report-view'
import { MyInvoicesList } from '#app/components/invoices/my-invoices-list'
import { PageHeader } from '#app/components/layout/page-header'
import { StaffShell } from '#app/components/layout/staff-shell'
import { StudentShell } from '#app/components/layout/student-shell'
import { getSessionUser } from '#app/utils/auth.server'
import { requireStaffArea, requireStudentArea, signedInShellFor } from '#app/utils/navigation.server'
import { readsCachedData } from '#server/cache/cache-reads'
import { tenantToday } from '#server/dates/tenant-today'
import { allowSignedInPageCache } from '#server/http/signed-in-page-cache'
import { tFor } from '#server/i18n/server-translator'
import { loadInvoiceReport } from '#server/invoices/invoice-report'
import { readInvoiceReportQuery } from '#server/invoices/invoice-report-query'
import { loadMyInvoices } from '#server/invoices/my-invoices'
import { loadUpcomingMembershipPayments } from '#server/invoices/upcoming-membership-payments'
import { isStaffRole } from '#server/shell/roles'
import type { I18nHandle } from '#app/utils/i18n'

/** The student portal's shell draws with the portal's words; staff get the report's, and the status words from the portal's. */
export const handle: I18nHandle = { i18n: ['portal', 'billing'] }

/**
 * /invoices serves two screens (decision 106's pattern): staff get the invoice report (the
 * spec's ireport, with upcoming membership payments); students get their own invoices, to pay
 * open ones and download PDFs. Visitors are sent to sign in. The staff report is kept per user
 * and address until an invoice, a membership or a contact changes (decision 122).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context)
  if (user && isStaffRole(user.role) && !user.isPreviewMode && !user.isStudentPreview) {
    const access = await requireStaffArea(request, context)
    const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'staff' })
    allowSignedInPageCache(context)
    // Upcoming membership payments name the member from contacts.
    readsCachedData(context, 'invoices', 'memberships', 'contacts')
    const query = readInvoiceReportQuery(new URL(request.url).searchParams)
    const today = tenantToday(context.platform, access.tenant)
    const [report, upcoming] = await Promise.all([
      loadInvoiceReport(context.platform, access.tenant, query, today, context.language),
      loadUpcomingMembershipPayments(context.platform.database, access.tenant, context.platform.clock.now(), context.language),
    ])
    headers.set('Cache-Control', 'private, no-store')
    return data({ kind: 'staff' as const, title: tFor(context.language, 'billing')('invoices'), shell, staff: { query, report, upcoming }, mine: null }, { headers })
  }
  const access = await requireStudentArea(request, context)
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'student' })
  const mine = await loadMyInvoices(context.platform.database, access.tenant, { contactId: access.user.contactId, membershipOnly: false }, context.language)
  headers.set('Cache-Control', 'private, no-store')
  return data({ kind: 'student' as const, title: tFor(context.language, 'portal')('myInvoices'), shell, staff: null, mine }, { headers })
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? 'Invoices' }]

export default function InvoicesRoute() {
  const loaded = useLoaderData<typeof loader>()
  const { t } = useTranslation('portal')
  const { shell, toast, session } = loaded.shell
  if (loaded.kind === 'staff' && loaded.staff) {
    return (
      <StaffShell shell={shell} toast={toast} sidebarFolded={loaded.shell.sidebarFolded} session={session}>
        <InvoiceReportView {...loaded.staff} />
      </StaffShell>
    )
  }
  return (
    <StudentShell shell={shell} toast={toast} session={session}>
      <PageHeader title={t('myInvoices')} description={t('myInvoicesDescription')} />
      <MyInvoicesList invoices={loaded.mine ?? []} emptyTitle={t('noInvoices')} emptyText={t('noInvoicesText')} />
    </StudentShell>
  )
}
