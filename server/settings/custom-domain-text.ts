/** The custom domain's status as the settings screen words it; no server code, the browser bundle imports it. */
export type CustomDomainStatus = 'pending' | 'verified' | 'failed'
export type CustomDomainFailure = 'not_found' | 'taken'

export const STATUS_LABELS: Record<CustomDomainStatus, string> = { pending: 'Pending', verified: 'Verified', failed: 'Failed' }

/** What the settings screen says under the status. */
export function statusText(status: CustomDomainStatus, failure: CustomDomainFailure | null): string {
  if (status === 'verified') return 'The domain is verified and serves your site.'
  if (status === 'pending') return 'Add the TXT record below at your DNS provider. We check it regularly for 72 hours; the domain serves your site once it is found.'
  if (failure === 'taken') return 'Another organisation verified this domain first.'
  return 'The TXT record was not found within 72 hours. Check the record and select Check Again.'
}
