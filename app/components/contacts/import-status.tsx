import { useRevalidator } from '@remix-run/react'
import { Download } from 'lucide-react'
import { useEffect } from 'react'
import type { ImportSummary } from '#server/contacts/import/import-view'
import { ButtonLink, buttonClasses } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { DateText } from '#app/components/ui/date-text'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { ImportProgress } from './import-progress'
import { useContactsWords } from './use-contacts-words'

/** How often a running import's page looks again. */
const REFRESH_SECONDS = 2

/**
 * An import's progress: the bar, the counts, the failure if any, the first refused rows and
 * the error file. While the job waits or runs the page refreshes itself: with JavaScript by
 * revalidating its data, without it through a refresh tag that only a browser without
 * scripts reads (inside noscript).
 */
export function ImportStatus({ summary, errors }: { summary: ImportSummary; errors: Array<{ rowNumber: number; message: string }> }) {
  const running = summary.status === 'queued' || summary.status === 'running'
  const revalidator = useRevalidator()
  const { t, shown } = useContactsWords()
  useEffect(() => {
    if (!running) return
    const timer = window.setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate()
    }, REFRESH_SECONDS * 1000)
    return () => window.clearInterval(timer)
  }, [running, revalidator])

  const counts = [
    { label: t('import_created'), value: summary.created, tone: 'text-emerald-800' },
    { label: t('import_updated'), value: summary.updated, tone: 'text-sky-800' },
    { label: t('import_skipped'), value: summary.skipped, tone: 'text-slate-700' },
    { label: t('import_errors'), value: summary.errors, tone: summary.errors > 0 ? 'text-red-700' : 'text-slate-700' },
  ]

  return (
    <div className="flex flex-col gap-5">
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <Card title={t(`import_status_${summary.status}`)}>
        <div className="flex flex-col gap-5" aria-live="polite">
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900 break-all">{summary.fileName}</span>
            <span className="text-slate-500">
              {' '}
              · {t('import_uploadedOn')} <DateText value={summary.uploaded} />
              {summary.finished ? (
                <>
                  {' '}
                  · {t('import_finishedOn')} <DateText value={summary.finished} />
                </>
              ) : null}
            </span>
          </p>
          <ImportProgress summary={summary} />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {counts.map((count) => (
              <div key={count.label} className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{count.label}</dt>
                <dd className={`mt-1 text-2xl font-semibold ${count.tone}`}>{shown(count.value)}</dd>
              </div>
            ))}
          </dl>
          {summary.failure ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
              {summary.failure}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {summary.status === 'done' ? (
              <ButtonLink to="/contacts" variant="primary">
                {t('import_openContacts')}
              </ButtonLink>
            ) : null}
            <ButtonLink to="/contacts/import" variant="secondary">
              {t('import_another')}
            </ButtonLink>
            {summary.errors > 0 ? (
              // A download, not a page: a plain link so the browser saves the file.
              <a href={`/contacts/import/${summary.guId}/errors.csv`} download className={buttonClasses({ variant: 'secondary' })}>
                <Download aria-hidden className="h-4 w-4" />
                {t('import_downloadErrors')}
              </a>
            ) : null}
          </div>
        </div>
      </Card>
      {errors.length > 0 ? (
        <Card title={t('import_notImported')} padding="flush">
          <div className="p-4">
            <Table label={t('import_notImported')} minWidth={480}>
              <TableHead>
                <HeaderCell>{t('import_row')}</HeaderCell>
                <HeaderCell>{t('import_why')}</HeaderCell>
              </TableHead>
              <TableBody columnCount={2} empty="">
                {errors.map((error) => (
                  <Row key={error.rowNumber}>
                    <HeaderCell scope="row">{error.rowNumber}</HeaderCell>
                    <Cell className="text-red-700">{error.message}</Cell>
                  </Row>
                ))}
              </TableBody>
            </Table>
            {summary.errors > errors.length ? (
              <p className="mt-3 text-sm text-slate-600">
                {t('import_firstShown', { shown: shown(errors.length), total: shown(summary.errors) })}
              </p>
            ) : null}
          </div>
        </Card>
      ) : null}
    </div>
  )
}
