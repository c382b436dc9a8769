import { Form } from '@remix-run/react'
import { RefreshCw } from 'lucide-react'
import { CopyButton } from '#app/components/schema-form/copy-button'
import { ScreenPanel } from '#app/components/schema-form/screen-header'
import { STATUS_LABELS, statusText, type CustomDomainFailure, type CustomDomainStatus } from '#server/settings/custom-domain-text'

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
  const checked = claim.checkedAt ? new Date(claim.checkedAt).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'Not yet'
  return (
    <ScreenPanel title="Custom domain verification">
      <div className="flex flex-col gap-4" data-testid="custom-domain-verification">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="font-medium text-slate-900 break-all">{claim.domain}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[claim.status]}`} data-testid="custom-domain-status">
            {STATUS_LABELS[claim.status]}
          </span>
        </p>
        <p className="text-sm text-slate-700">{statusText(claim.status, claim.failure)}</p>
        {claim.status !== 'verified' ? (
          <dl className="grid gap-3 sm:grid-cols-[auto_1fr]">
            <dt className="text-sm font-medium text-slate-600">Type</dt>
            <dd className="font-mono text-sm text-slate-900">TXT</dd>
            <dt className="text-sm font-medium text-slate-600">Name</dt>
            <dd className="flex min-w-0 items-center gap-1 font-mono text-sm text-slate-900">
              <span className="break-all" data-testid="custom-domain-record-name">{claim.recordName}</span>
              <CopyButton value={claim.recordName} label="Copy the record name" />
            </dd>
            <dt className="text-sm font-medium text-slate-600">Value</dt>
            <dd className="flex min-w-0 items-center gap-1 font-mono text-sm text-slate-900">
              <span className="break-all" data-testid="custom-domain-record-value">{claim.token}</span>
              <CopyButton value={claim.token} label="Copy the record value" />
            </dd>
          </dl>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600">Last checked: {checked}</p>
          {claim.status !== 'verified' ? (
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="check-domain" />
              <input type="hidden" name="domain" value={claim.domain} />
              <button type="submit" className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
                <RefreshCw aria-hidden className="h-4 w-4" />
                Check Again
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </ScreenPanel>
  )
}
