import { Link } from '@remix-run/react'
import { ButtonLink } from '#app/components/ui/button'
import { ScreenPanel } from '#app/components/schema-form/screen-header'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'
import type { ListInfo, MailingListPage } from '#server/mailing-list/mailing-list-page'
import type { MailingListSyncStatus } from '#server/mailing-list/sync-status'

const STATUS_COLOURS: Record<string, string> = {
  not_started: 'bg-slate-100 text-slate-800',
  in_progress: 'bg-amber-100 text-amber-900',
  complete: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
}

/** The status line's words (settings spec, Mailing list sync status), by status. */
const STATUS_WORDS: Record<MailingListSyncStatus, IntegrationsKey> = {
  not_started: 'mailchimpStatusNotStarted',
  in_progress: 'mailchimpStatusInProgress',
  complete: 'mailchimpStatusComplete',
  failed: 'mailchimpStatusFailed',
}

/** The status line (spec: shown when a status exists) with the resync's progress and actions. */
export function SyncStatusPanel({ page, refusal, path }: { page: MailingListPage; refusal: string | null; path: string }) {
  const { t, locale } = useIntegrationsWords()
  const count = (value: number) => value.toLocaleString(locale)
  const progress = page.progress
  const running = page.status === 'in_progress'
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : running ? 0 : 100
  return (
    <ScreenPanel>
      <div className="flex flex-col gap-4">
        {refusal ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {refusal}
          </div>
        ) : null}
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800" data-mailing-list-status={page.status ?? ''}>
          <span className="font-medium">{t('mailchimpStatus')}</span>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[page.status ?? 'not_started']}`}>{t(STATUS_WORDS[page.status ?? 'not_started'])}</span>
        </p>
        {progress && (running || progress.total > 0 || progress.done > 0) ? (
          <div className="flex flex-col gap-1" aria-live="polite">
            <div
              role="progressbar"
              aria-label={t('mailchimpContactsSent')}
              aria-valuemin={0}
              aria-valuemax={progress.total}
              aria-valuenow={progress.done}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-brand" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-sm text-slate-700" data-mailing-list-progress>
              {t('mailchimpProgress', { done: count(progress.done), total: count(progress.total) })}
              {progress.memberErrors > 0 ? t('mailchimpRefusedCount', { refused: count(progress.memberErrors) }) : ''}
            </p>
            {progress.memberErrors > 0 && progress.lastMemberError ? (
              <p className="text-xs text-slate-600">
                {t('mailchimpLastRefusal')} {progress.lastMemberError}
              </p>
            ) : null}
          </div>
        ) : null}
        {page.status === 'failed' && progress?.failure ? (
          <p className="text-sm text-red-800" data-mailing-list-failure>
            {progress.failure}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`${path}?info`} preventScrollReset variant="secondary">
            {t('mailchimpListInfo')}
          </ButtonLink>
          {page.canResync ? (
            <ButtonLink to={`${path}?confirm=resync`} preventScrollReset variant="primary">
              {t('mailchimpResync')}
            </ButtonLink>
          ) : null}
          {running ? (
            <Link to={path} className="self-center text-sm font-medium text-brand-text underline">
              {t('mailchimpRefreshProgress')}
            </Link>
          ) : null}
          <ButtonLink to={`${path}?confirm=delete`} preventScrollReset variant="danger" className="ml-auto">
            {t('disconnect')}
          </ButtonLink>
        </div>
      </div>
    </ScreenPanel>
  )
}

/** 'List Info' (spec): unsubscribes, campaigns, click and open rates, sync, list and key. */
export function ListInfoView({ info }: { info: ListInfo }) {
  const { t, locale } = useIntegrationsWords()
  if (!info.readable) return <p className="text-sm text-slate-700">{info.message}</p>
  // Mailchimp's rates are percents (41.25): a Turkish page writes them '%41,25'.
  const rate = (value: number) => new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 100)
  const rows: Array<[string, string]> = [
    [t('mailchimpUnsubscribes'), info.unsubscribeCount.toLocaleString(locale)],
    [t('mailchimpCampaigns'), info.campaignCount.toLocaleString(locale)],
    [t('mailchimpClickRate'), rate(info.clickRate)],
    [t('mailchimpOpenRate'), rate(info.openRate)],
    [t('mailchimpSync'), info.syncCount.toLocaleString(locale)],
    [t('mailchimpList'), info.listId],
    [t('mailchimpApiKey'), info.maskedKey],
  ]
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-list-info>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
