import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FileDown, FileText } from 'lucide-react'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { EmptyState } from '#app/components/ui/empty-state'
import { requireStudentArea } from '#app/utils/navigation.server'
import { PDF_STATUS_MESSAGES } from '#server/forms/form-messages'
import { loadMySubmissions } from '#server/forms/my-submissions'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'My Forms')

/** My registration (/myform, spec 000's student routes): the forms the student sent, with their signed PDF copies. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  return { submissions: await loadMySubmissions(context.platform.database, tenant, user.contactId) }
}

export default function MyFormsRoute() {
  const { submissions } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="My Forms" description="The forms you sent to the studio, with a PDF copy of each." />
      {submissions.length === 0 ? (
        <EmptyState icon={FileText} title="No forms yet">
          When you fill in one of the studio's forms, such as a waiver or a registration, it shows here.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Forms you sent">
          {submissions.map((submission) => (
            <li key={submission.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-my-form={submission.formName}>
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{submission.formName}</p>
                <p className="mt-0.5 text-sm text-slate-600">Sent {submission.submittedText}</p>
              </div>
              {submission.pdfStatus === 'COMPLETE' ? (
                <a href={`/myform/${submission.id}/pdf`} className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-brand-text hover:underline">
                  <FileDown aria-hidden className="h-4 w-4" /> PDF<span className="sr-only"> of {submission.formName}</span>
                </a>
              ) : (
                <span className="text-sm text-slate-600">{submission.pdfStatus === 'ERROR' ? PDF_STATUS_MESSAGES.ERROR : PDF_STATUS_MESSAGES.IN_PROGRESS}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
