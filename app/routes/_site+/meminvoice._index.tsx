import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { MyInvoicesList } from '#app/components/invoices/my-invoices-list'
import { PageHeader } from '#app/components/layout/page-header'
import { StudentShell } from '#app/components/layout/student-shell'
import { getSessionUser } from '#app/utils/auth.server'
import { requireStudentArea, signedInShellFor } from '#app/utils/navigation.server'
import { tFor } from '#server/i18n/server-translator'
import { loadMyInvoices } from '#server/invoices/my-invoices'
import { isStaffRole } from '#server/shell/roles'
import type { I18nHandle } from '#app/utils/i18n'

/** The student portal's shell draws with the portal's words. */
export const handle: I18nHandle = { i18n: ['portal'] }

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? 'Membership payments' }]

/** /meminvoice: a student's membership payments, to pay an open one and download their PDFs. Staff read them on /invoices. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context)
  if (user && isStaffRole(user.role) && !user.isPreviewMode && !user.isStudentPreview) throw redirect('/invoices')
  const access = await requireStudentArea(request, context)
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'student' })
  const invoices = await loadMyInvoices(context.platform.database, access.tenant, { contactId: access.user.contactId, membershipOnly: true }, context.language)
  headers.set('Cache-Control', 'private, no-store')
  return data({ title: tFor(context.language, 'portal')('membershipPayments'), shell, invoices }, { headers })
}

export default function MembershipInvoicesRoute() {
  const { shell: loaded, invoices } = useLoaderData<typeof loader>()
  const { shell, toast, session } = loaded
  const { t } = useTranslation('portal')
  return (
    <StudentShell shell={shell} toast={toast} session={session}>
      <PageHeader title={t('membershipPayments')} description={t('membershipPaymentsDescription')} />
      <MyInvoicesList invoices={invoices} emptyTitle={t('noMembershipPayments')} emptyText={t('noMembershipPaymentsText')} />
    </StudentShell>
  )
}
