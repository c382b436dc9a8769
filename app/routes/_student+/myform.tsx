import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FileDown, FileText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { EmptyState } from '#app/components/ui/empty-state'
import { requireStudentArea } from '#app/utils/navigation.server'
import { PDF_STATUS_MESSAGES } from '#server/forms/form-messages'
import { translateMessage } from '#server/i18n/translate-message'
import { loadMySubmissions } from '#server/forms/my-submissions'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'My Forms')

/** My registration (/myform, spec 000's student routes): the forms the student sent, with their signed PDF copies. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  return {
    title: tFor(context.language, 'portal')('myForms'),
    submissions: await loadMySubmissions(context.platform.database, tenant, user.contactId, context.language),
    pdfStatusTexts: { ERROR: translateMessage(context.language, PDF_STATUS_MESSAGES.ERROR), IN_PROGRESS: translateMessage(context.language, PDF_STATUS_MESSAGES.IN_PROGRESS) },
  }
}

export default function MyFormsRoute() {
  const { submissions, pdfStatusTexts } = useLoaderData<typeof loader>()
  const { t } = useTranslation('portal')
  return (
    <>
      <PageHeader title={t('myForms')} description={t('myFormsDescription')} />
      {submissions.length === 0 ? (
        <EmptyState icon={FileText} title={t('noForms')}>
          {t('noFormsText')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('formsYouSent')}>
          {submissions.map((submission) => (
            <li key={submission.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-my-form={submission.formName}>
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{submission.formName}</p>
                <p className="mt-0.5 text-sm text-slate-600">{t('sentOn', { date: submission.submittedText })}</p>
              </div>
              {submission.pdfStatus === 'COMPLETE' ? (
                <a href={`/myform/${submission.id}/pdf`} className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-brand-text hover:underline">
                  <FileDown aria-hidden className="h-4 w-4" /> PDF<span className="sr-only">{t('pdfOf', { name: submission.formName })}</span>
                </a>
              ) : (
                <span className="text-sm text-slate-600">{submission.pdfStatus === 'ERROR' ? pdfStatusTexts.ERROR : pdfStatusTexts.IN_PROGRESS}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
