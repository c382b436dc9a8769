import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { ArrowLeft, Download, RefreshCw } from 'lucide-react'
import { useEffect } from 'react'
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

/** The student portal's shell draws with the portal's words. */
export const handle: I18nHandle = { i18n: ['portal'] }

/** How often the page looks again while the PDF is being made. */
const REFRESH_SECONDS = 2

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? `PDF of invoice ${loaded.pdf.numberText}` : 'Invoice not found' }, { name: 'robots', content: 'noindex' }]

/**
 * /invoices/{guid}/pdf: the PDF of an invoice, made by a job. Staff may read any invoice of
 * their tenant, a student only their own; any other invoice, or another tenant's, is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireInvoiceReader(request, context)
  const pdf = await invoicePdfPage(context.platform, { tenant: access.tenant, reader: access.reader, unverifiedGuid: params.guId })
  if (!pdf) throw notFound('Invoice not found')
  const { headers, ...shell } = await signedInShellFor(request, context, access)
  return data({ kind: access.kind, shell, pdf }, { headers })
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
        Invoices
      </Link>
      <PageHeader title={`Invoice ${pdf.numberText}`} description="A PDF of the invoice as it is now." />
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
              <p>The PDF of invoice {pdf.numberText} has not been made yet.</p>
              <AskButton action={here} label="Make the PDF" />
            </>
          ) : null}
          {preparing ? (
            <>
              <p className="font-medium text-slate-900">Preparing the PDF of invoice {pdf.numberText}…</p>
              <p>This takes a few seconds; the page shows the download when it is ready.</p>
              <ButtonLink to={here} variant="secondary">
                <RefreshCw aria-hidden className="h-4 w-4" />
                Check again
              </ButtonLink>
            </>
          ) : null}
          {pdf.progress === 'ready' ? (
            <>
              <p>The PDF of invoice {pdf.numberText} is ready.</p>
              {/* A file, not a page: the browser opens or saves it. */}
              <ButtonLink to={invoicePdfDownloadPath(pdf.guid)} reloadDocument variant="primary">
                <Download aria-hidden className="h-4 w-4" />
                Download {pdf.fileName}
              </ButtonLink>
            </>
          ) : null}
          {pdf.progress === 'failed' ? (
            <>
              <p className="text-red-700">
                The PDF of invoice {pdf.numberText} could not be made.{pdf.error ? ` ${pdf.error}` : ''}
              </p>
              <AskButton action={here} label="Try again" />
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
