import { Form } from '@remix-run/react'
import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '#app/components/schema-form/copy-button'
import { ScreenPanel } from '#app/components/schema-form/screen-header'
import type { CustomDomainFailure, CustomDomainStatus } from '#server/settings/custom-domain-text'

interface ClaimView {
  domain: string
  status: CustomDomainStatus
  failure: CustomDomainFailure | null
  recordName: string
  token: string
  checkedAt: string | Date | null
}

const STATUS_STYLES: Record<CustomDomainStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  verified: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
}

/** The TXT record that proves the custom domain is the studio's, its status and 'Check Again'. */
export function CustomDomainPanel({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation('settings')
  const checked = claim.checkedAt ? new Date(claim.checkedAt).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : t('notYet')
  const text =
    claim.status === 'verified' ? t('domainText_verified') : claim.status === 'pending' ? t('domainText_pending') : claim.failure === 'taken' ? t('domainText_taken') : t('domainText_notFound')
  return (
    <ScreenPanel title={t('domainVerification')}>
      <div className="flex flex-col gap-4" data-testid="custom-domain-verification">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="font-medium text-slate-900 break-all">{claim.domain}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[claim.status]}`} data-testid="custom-domain-status">
            {t(`domainStatus_${claim.status}`)}
          </span>
        </p>
        <p className="text-sm text-slate-700">{text}</p>
        {claim.status !== 'verified' ? (
          <dl className="grid gap-3 sm:grid-cols-[auto_1fr]">
            <dt className="text-sm font-medium text-slate-600">{t('recordType')}</dt>
            <dd className="font-mono text-sm text-slate-900">TXT</dd>
            <dt className="text-sm font-medium text-slate-600">{t('recordName')}</dt>
            <dd className="flex min-w-0 items-center gap-1 font-mono text-sm text-slate-900">
              <span className="break-all" data-testid="custom-domain-record-name">{claim.recordName}</span>
              <CopyButton value={claim.recordName} label={t('copyRecordName')} />
            </dd>
            <dt className="text-sm font-medium text-slate-600">{t('recordValue')}</dt>
            <dd className="flex min-w-0 items-center gap-1 font-mono text-sm text-slate-900">
              <span className="break-all" data-testid="custom-domain-record-value">{claim.token}</span>
              <CopyButton value={claim.token} label={t('copyRecordValue')} />
            </dd>
          </dl>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600">{t('lastChecked', { when: checked })}</p>
          {claim.status !== 'verified' ? (
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="check-domain" />
              <input type="hidden" name="domain" value={claim.domain} />
              <button type="submit" className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
                <RefreshCw aria-hidden className="h-4 w-4" />
                {t('checkAgain')}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </ScreenPanel>
  )
}
