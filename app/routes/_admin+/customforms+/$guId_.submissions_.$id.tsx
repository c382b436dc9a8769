import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FileDown, ShieldAlert, ShieldCheck } from 'lucide-react'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import { loadSubmissionDetail } from '#server/forms/staff-submissions'
import { useFormbuilderWords } from '#app/components/forms/use-formbuilder-words'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { DateText } from '#app/components/ui/date-text'
import { requirePermission, requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Submission' }]

// ScreenHeader and SchemaForm take their own words (Back, Cancel, the widgets') from 'settings'.
export const handle: I18nHandle = { i18n: ['formbuilder', 'settings'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  requireModule(context, 'forms')
  const loaded = await loadSubmissionDetail(context.platform, tenant, params.guId ?? '', params.id ?? '', context.language)
  if (!loaded) throw notFound()
  return { ...loaded, title: formbuilderWords(context.language)('submissionTitle', { name: loaded.form.name }) }
}

/** One submission: every answer, the signature and its integrity record, and the PDF copy. */
export default function SubmissionDetailRoute() {
  const { form, submission, pdfStatusText } = useLoaderData<typeof loader>()
  const { t } = useFormbuilderWords()
  const signature = submission.signature
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <ScreenHeader title={t('submissionTitle', { name: form.name })} backTo={`/customforms/${form.guId}/submissions`}>
        {submission.pdfStatus === 'COMPLETE' ? (
          <a href={`/customforms/${form.guId}/submissions/${submission.id}/pdf`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-white">
            <FileDown aria-hidden className="h-4 w-4" /> PDF
          </a>
        ) : (
          <span className="text-sm text-slate-500">{pdfStatusText}</span>
        )}
      </ScreenHeader>
      <ScreenPanel title={t('answers')}>
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
        <ScreenPanel title={t('signature')}>
          {signature.imageUrl ? (
            <img src={signature.imageUrl} alt={t('drawnSignature')} width={350} height={150} className="rounded border border-slate-200 bg-white" />
          ) : (
            <p className="text-lg font-semibold text-slate-900">
              {signature.signedName} <span className="text-sm font-normal text-slate-500">{t('typedWithConsent')}</span>
            </p>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {/* The spec's sign date is the UTC day, which is the signed instant's ISO date. */}
            {t('signDate')} <time dateTime={signature.signedAt?.slice(0, 10)}>{signature.signDate}</time>
          </p>
        </ScreenPanel>
      ) : null}
      <ScreenPanel title={t('integrityRecord')}>
        <p className={`mb-3 inline-flex items-center gap-1.5 text-sm font-medium ${submission.integrityVerified ? 'text-green-700' : 'text-red-700'}`}>
          {submission.integrityVerified ? <ShieldCheck aria-hidden className="h-4 w-4" /> : <ShieldAlert aria-hidden className="h-4 w-4" />}
          {submission.integrityVerified ? t('integrityMatches') : t('integrityChanged')}
        </p>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
          <dt className="font-medium text-slate-500">SHA-256</dt>
          <dd className="break-all font-mono text-xs text-slate-900">{submission.integrityHash}</dd>
          <dt className="font-medium text-slate-500">{t('formVersion')}</dt>
          <dd>{submission.formVersion}</dd>
          <dt className="font-medium text-slate-500">{t('submittedAt')}</dt>
          <dd><DateText value={submission.submitted} /></dd>
          {signature ? (
            <>
              <dt className="font-medium text-slate-500">{t('signedAt')}</dt>
              <dd><DateText value={signature.signed} empty="-" /></dd>
              <dt className="font-medium text-slate-500">{t('signerIp')}</dt>
              <dd>{signature.signerIp}</dd>
              <dt className="font-medium text-slate-500">{t('signerBrowser')}</dt>
              <dd className="break-words">{signature.signerUserAgent}</dd>
            </>
          ) : null}
        </dl>
      </ScreenPanel>
    </div>
  )
}
