import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FileDown, ShieldAlert, ShieldCheck } from 'lucide-react'
import { PDF_STATUS_MESSAGES } from '#server/forms/form-messages'
import { loadSubmissionDetail } from '#server/forms/staff-submissions'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { DateText } from '#app/components/ui/date-text'
import { requirePermission, requireModule } from '#app/utils/auth.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.form.name}: submission` : 'Submission' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  requireModule(context, 'forms')
  const loaded = await loadSubmissionDetail(context.platform, tenant, params.guId ?? '', params.id ?? '')
  if (!loaded) throw notFound()
  return loaded
}

/** One submission: every answer, the signature and its integrity record, and the PDF copy. */
export default function SubmissionDetailRoute() {
  const { form, submission } = useLoaderData<typeof loader>()
  const signature = submission.signature
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <ScreenHeader title={`${form.name}: submission`} backTo={`/customforms/${form.guId}/submissions`}>
        {submission.pdfStatus === 'COMPLETE' ? (
          <a href={`/customforms/${form.guId}/submissions/${submission.id}/pdf`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-white">
            <FileDown aria-hidden className="h-4 w-4" /> PDF
          </a>
        ) : (
          <span className="text-sm text-slate-500">{submission.pdfStatus === 'ERROR' ? PDF_STATUS_MESSAGES.ERROR : PDF_STATUS_MESSAGES.IN_PROGRESS}</span>
        )}
      </ScreenHeader>
      <ScreenPanel title="Answers">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,auto)_1fr]">
          {submission.rows.map((row, index) =>
            row.isHeading ? (
              <h3 key={index} className="pt-2 text-base font-semibold text-slate-900 sm:col-span-2">{row.label}</h3>
            ) : (
              <div key={index} className="contents">
                <dt className="text-sm font-medium text-slate-500">{row.label}</dt>
                <dd className="whitespace-pre-wrap break-words text-sm text-slate-900">{row.value || '-'}</dd>
              </div>
            ),
          )}
        </dl>
      </ScreenPanel>
      {signature ? (
        <ScreenPanel title="Signature">
          {signature.imageUrl ? (
            <img src={signature.imageUrl} alt="Drawn signature" width={350} height={150} className="rounded border border-slate-200 bg-white" />
          ) : (
            <p className="text-lg font-semibold text-slate-900">
              {signature.signedName} <span className="text-sm font-normal text-slate-500">(typed, with consent)</span>
            </p>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {/* The spec's sign date is the UTC day, which is the signed instant's ISO date. */}
            Sign date: <time dateTime={signature.signedAt?.slice(0, 10)}>{signature.signDate}</time>
          </p>
        </ScreenPanel>
      ) : null}
      <ScreenPanel title="Integrity record">
        <p className={`mb-3 inline-flex items-center gap-1.5 text-sm font-medium ${submission.integrityVerified ? 'text-green-700' : 'text-red-700'}`}>
          {submission.integrityVerified ? <ShieldCheck aria-hidden className="h-4 w-4" /> : <ShieldAlert aria-hidden className="h-4 w-4" />}
          {submission.integrityVerified ? 'The stored submission matches its hash.' : 'The stored submission does not match its hash: it was changed after it was sent.'}
        </p>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
          <dt className="font-medium text-slate-500">SHA-256</dt>
          <dd className="break-all font-mono text-xs text-slate-900">{submission.integrityHash}</dd>
          <dt className="font-medium text-slate-500">Form version</dt>
          <dd>{submission.formVersion}</dd>
          <dt className="font-medium text-slate-500">Submitted at</dt>
          <dd><DateText value={submission.submitted} /></dd>
          {signature ? (
            <>
              <dt className="font-medium text-slate-500">Signed at</dt>
              <dd><DateText value={signature.signed} empty="-" /></dd>
              <dt className="font-medium text-slate-500">Signer IP address</dt>
              <dd>{signature.signerIp}</dd>
              <dt className="font-medium text-slate-500">Signer browser</dt>
              <dd className="break-words">{signature.signerUserAgent}</dd>
            </>
          ) : null}
        </dl>
      </ScreenPanel>
    </div>
  )
}
