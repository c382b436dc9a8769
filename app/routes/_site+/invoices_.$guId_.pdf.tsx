import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { ArrowLeft, Download, RefreshCw } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '#app/components/layout/page-header'
import { StaffShell } from '#app/components/layout/staff-shell'
import { StudentShell } from '#app/components/layout/student-shell'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { requireInvoiceReader } from '#app/utils/invoice-reader.server'
import { signedInShellFor } from '#app/utils/navigation.server'
import { notFound } from '#server/errors/responses'
import { invoicePdfDownloadPath, invoicePdfPath } from '#server/invoices/invoice-pdf-paths'
import { invoicePdfPage, requestInvoicePdf, type InvoicePdfPage } from '#server/invoices/invoice-pdf-requests'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'

/** The student portal's shell draws with the portal's words; the page with the billing screens'. */
export const handle: I18nHandle = { i18n: ['portal', 'billing'] }

/** How often the page looks again while the PDF is being made. */
const REFRESH_SECONDS = 2

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? loaded.title : 'Invoice not found' }, { name: 'robots', content: 'noindex' }]

/**
 * /invoices/{guid}/pdf: the PDF of an invoice, made by a job. Staff may read any invoice of
 * their tenant, a student only their own; any other invoice, or another tenant's, is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireInvoiceReader(request, context)
  const pdf = await invoicePdfPage(context.platform, { tenant: access.tenant, reader: access.reader, unverifiedGuid: params.guId })
  if (!pdf) throw notFound('Invoice not found')
  const { headers, ...shell } = await signedInShellFor(request, context, access)
  const title = tFor(context.language, 'billing')('pdf_metaTitle', { number: pdf.numberText })
  return data({ kind: access.kind, shell, pdf, title }, { headers })
}

/** Asks for the PDF (a double click makes one) and shows how it is coming along (post, then get). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireInvoiceReader(request, context)
  const requested = await requestInvoicePdf(context.platform, {
    tenant: access.tenant,
    reader: access.reader,
    unverifiedGuid: params.guId,
    actorContactId: access.user.contactId,
  })
  if (!requested.ok) throw notFound('Invoice not found')
  return redirect(invoicePdfPath(String(params.guId).toLowerCase()))
}

export default function InvoicePdfRoute() {
  const loaded = useLoaderData<typeof loader>()
  const { shell, toast, session } = loaded.shell
  if (loaded.kind === 'staff') {
    return (
      <StaffShell shell={shell} toast={toast} sidebarFolded={loaded.shell.sidebarFolded} session={session}>
        <InvoicePdfPanel pdf={loaded.pdf} />
      </StaffShell>
    )
  }
  return (
    <StudentShell shell={shell} toast={toast} session={session}>
      <InvoicePdfPanel pdf={loaded.pdf} />
    </StudentShell>
  )
}

function InvoicePdfPanel({ pdf }: { pdf: InvoicePdfPage }) {
  const { t } = useTranslation('billing')
  const number = pdf.numberText
  const here = invoicePdfPath(pdf.guid)
  const preparing = pdf.progress === 'preparing'
  const revalidator = useRevalidator()
  // With JavaScript the state refreshes by itself; without it, the refresh tag (read only
  // when scripts are off) or the 'Check again' link does.
  useEffect(() => {
    if (!preparing) return
    const timer = window.setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate()
    }, REFRESH_SECONDS * 1000)
    return () => window.clearInterval(timer)
  }, [preparing, revalidator])

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <Link to="/invoices" className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-text hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('invoices')}
      </Link>
      <PageHeader title={t('pdf_title', { number })} description={t('pdf_description')} />
      {preparing ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <Card title="PDF">
        {/* One live region: the change from preparing to ready (or failed) is read out. */}
        <div role="status" className="flex flex-col items-start gap-3 text-sm text-slate-700">
          {pdf.progress === 'none' ? (
            <>
              <p>{t('pdf_notMade', { number })}</p>
              <AskButton action={here} label={t('pdf_make')} />
            </>
          ) : null}
          {preparing ? (
            <>
              <p className="font-medium text-slate-900">{t('pdf_preparing', { number })}</p>
              <p>{t('pdf_takesSeconds')}</p>
              <ButtonLink to={here} variant="secondary">
                <RefreshCw aria-hidden className="h-4 w-4" />
                {t('pdf_checkAgain')}
              </ButtonLink>
            </>
          ) : null}
          {pdf.progress === 'ready' ? (
            <>
              <p>{t('pdf_ready', { number })}</p>
              {/* A file, not a page: the browser opens or saves it. */}
              <ButtonLink to={invoicePdfDownloadPath(pdf.guid)} reloadDocument variant="primary">
                <Download aria-hidden className="h-4 w-4" />
                {t('pdf_download', { file: pdf.fileName })}
              </ButtonLink>
            </>
          ) : null}
          {pdf.progress === 'failed' ? (
            <>
              <p className="text-red-700">
                {t('pdf_failed', { number })}
                {pdf.error ? ` ${pdf.error}` : ''}
              </p>
              <AskButton action={here} label={t('pdf_tryAgain')} />
            </>
          ) : null}
        </div>
      </Card>
    </div>
  )
}

function AskButton({ action, label }: { action: string; label: string }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST' && navigation.formAction === action
  return (
    <Form method="post" action={action}>
      <Button type="submit" variant="primary" busy={busy}>
        {label}
      </Button>
    </Form>
  )
}
