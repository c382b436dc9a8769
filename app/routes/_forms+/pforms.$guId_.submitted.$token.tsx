import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { CircleCheck, Download, RefreshCw } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { PDF_STATUS_MESSAGES, REGISTERED_MESSAGE, submittedMessage } from '#server/forms/form-messages'
import { formWordsFor } from '#server/forms/form-words'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { findSubmissionByToken } from '#server/forms/submission-by-token'
import { downloadPathFor } from '#server/forms/submit-form'
import { PageNotFound, PublicLayout } from '#app/components/public-layout'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.messages?.submitted ?? data?.notFoundTitle ?? 'Not found' },
  { name: 'robots', content: 'noindex' },
]

export const handle: I18nHandle = { i18n: ['forms'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const [receipt, page] = await Promise.all([
    findSubmissionByToken(context.platform, tenant, params.token ?? ''),
    loadPublicPage(context, { tenant, user, pageName: null }),
  ])
  const headers = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }
  const notFoundTitle = formWordsFor(context.language)('notFound')
  if (!receipt) return data({ shell: page.shell, receipt: null, messages: null, notFoundTitle, downloadUrl: null, refreshUrl: null }, { status: 404, headers })
  const token = params.token ?? ''
  // The spec's texts, made in English, in the page's language.
  const say = (message: string) => translateMessage(context.language, message)
  return data(
    {
      shell: page.shell,
      receipt: { formName: receipt.formName, pdfStatus: receipt.pdfStatus },
      messages: {
        registered: say(REGISTERED_MESSAGE),
        submitted: say(submittedMessage(receipt.formName)),
        pdfInProgress: say(PDF_STATUS_MESSAGES.IN_PROGRESS),
        pdfError: say(PDF_STATUS_MESSAGES.ERROR),
      },
      notFoundTitle,
      downloadUrl: downloadPathFor(token),
      refreshUrl: `/pforms/${params.guId}/submitted/${token}`,
    },
    { headers },
  )
}

const POLL_MS = 2000

/**
 * The thank-you page (the submitted state): the spec's texts and the PDF copy's status.
 * Without JavaScript, Refresh reloads it; with JavaScript it polls, and opens the copy in a
 * new tab once it is ready.
 */
export default function SubmittedRoute() {
  const { shell, receipt, messages, downloadUrl, refreshUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation('forms')
  const revalidator = useRevalidator()
  const status = receipt?.pdfStatus
  const wasInProgress = useRef(status === 'IN_PROGRESS')

  useEffect(() => {
    if (status !== 'IN_PROGRESS') return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [status, revalidator])

  useEffect(() => {
    if (status === 'COMPLETE' && wasInProgress.current && downloadUrl) {
      wasInProgress.current = false
      window.open(downloadUrl, '_blank', 'noopener')
    }
  }, [status, downloadUrl])

  if (!receipt || !messages || !downloadUrl || !refreshUrl) {
    return (
      <PublicLayout shell={shell}>
        <PageNotFound />
      </PublicLayout>
    )
  }
  return (
    <PublicLayout shell={shell}>
      <div className="mx-auto w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {messages.registered}
        </p>
        <CircleCheck aria-hidden className="mx-auto h-12 w-12 text-green-600" />
        <h1 className="mt-3 text-2xl font-semibold text-slate-900">{messages.submitted}</h1>
        <div role="status" aria-live="polite" className="mt-6 flex flex-col items-center gap-3">
          {status === 'IN_PROGRESS' ? (
            <>
              <p className="text-slate-700">{messages.pdfInProgress}</p>
              <a href={refreshUrl} className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                <RefreshCw aria-hidden className={`h-4 w-4 ${revalidator.state === 'loading' ? 'animate-spin' : ''}`} /> {t('refresh')}
              </a>
            </>
          ) : status === 'COMPLETE' ? (
            <a href={downloadUrl} target="_blank" rel="noopener" className="inline-flex items-center gap-1.5 rounded-md bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark">
              <Download aria-hidden className="h-4 w-4" /> {t('downloadCopy')}
            </a>
          ) : (
            <p className="text-red-700">{messages.pdfError}</p>
          )}
        </div>
        <Link to="/" className="mt-8 inline-block text-sm text-brand underline">
          {t('backToHome')}
        </Link>
      </div>
    </PublicLayout>
  )
}
