import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FileDown, FolderOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { EmptyState } from '#app/components/ui/empty-state'
import { requireStudentArea } from '#app/utils/navigation.server'
import { dateInLanguage } from '#server/dates/language-dates'
import { loadMySubmissions } from '#server/forms/my-submissions'
import { tFor } from '#server/i18n/server-translator'
import { formatFileSize, listFilesSharedWith } from '#server/shared-files/shared-files'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'My Files')

/** My files (/myfiles, spec 000's student routes): files staff shared with the student and their signed form PDFs. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  const [files, submissions] = await Promise.all([
    listFilesSharedWith(context.platform.database, tenant, user.contactId, { includeAllStudents: true }),
    loadMySubmissions(context.platform.database, tenant, user.contactId, context.language),
  ])
  return {
    title: tFor(context.language, 'portal')('myFiles'),
    files: files.map((file) => ({ id: file.id, name: file.name, sizeText: formatFileSize(file.sizeBytes), dateText: dateInLanguage(new Date(file.createdAt), tenant.settings, 'date', context.language) })),
    forms: submissions.filter((submission) => submission.pdfStatus === 'COMPLETE'),
  }
}

export default function MyFilesRoute() {
  const { files, forms } = useLoaderData<typeof loader>()
  const { t } = useTranslation('portal')
  return (
    <>
      <PageHeader title={t('myFiles')} description={t('myFilesDescription')} />
      {files.length === 0 && forms.length === 0 ? (
        <EmptyState icon={FolderOpen} title={t('noFiles')}>
          {t('noFilesText')}
        </EmptyState>
      ) : (
        <>
          {files.length > 0 ? (
            <section aria-labelledby="shared-files" className="mb-6">
              <h2 id="shared-files" className="mb-2 text-lg font-semibold text-slate-900">{t('sharedFiles')}</h2>
              <ul className="flex flex-col gap-3">
                {files.map((file) => (
                  <li key={file.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-my-file={file.name}>
                    <div className="min-w-0">
                      <p className="break-words font-semibold text-slate-900">{file.name}</p>
                      <p className="mt-0.5 text-sm text-slate-600">{file.sizeText} · {t('sharedOn', { date: file.dateText })}</p>
                    </div>
                    <a href={`/myfiles/${file.id}/download`} className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-brand-text hover:underline" aria-label={t('downloadFile', { name: file.name })}>
                      <FileDown aria-hidden className="h-4 w-4" />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {forms.length > 0 ? (
            <section aria-labelledby="signed-forms">
              <h2 id="signed-forms" className="mb-2 text-lg font-semibold text-slate-900">{t('signedForms')}</h2>
              <ul className="flex flex-col gap-3">
                {forms.map((form) => (
                  <li key={form.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{form.formName}</p>
                      <p className="mt-0.5 text-sm text-slate-600">{t('sentOn', { date: form.submittedText })}</p>
                    </div>
                    <a href={`/myform/${form.id}/pdf`} className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-brand-text hover:underline">
                      <FileDown aria-hidden className="h-4 w-4" /> PDF<span className="sr-only">{t('pdfOf', { name: form.formName })}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </>
  )
}
