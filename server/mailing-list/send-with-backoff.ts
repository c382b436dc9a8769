import { MailchimpCallFailed } from './mailchimp-client'
import { backoffDelayMs, isRetryableStatus, PROVIDER_BACKOFF, type BackoffPolicy } from './provider-backoff'

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The provider kept refusing or failing after every try: the run stops with these words. */
export class ProviderGaveUp extends Error {
  override name = 'ProviderGaveUp'
}

/**
 * One provider call, tried again while the provider rate-limits (429) or has trouble of its
 * own (5xx, unreachable), waiting what its Retry-After asks or an exponential backoff, up to
 * the policy's tries. A refusal (another 4xx) or the last failure becomes ProviderGaveUp with
 * a reason a person can read.
 */
export async function sendWithBackoff<T>(call: () => Promise<T>, options: { sleep?: (ms: number) => Promise<void>; policy?: BackoffPolicy } = {}): Promise<T> {
  const sleep = options.sleep ?? realSleep
  const policy = options.policy ?? PROVIDER_BACKOFF
  for (let tryNumber = 1; ; tryNumber++) {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof MailchimpCallFailed)) throw error
      const delay = isRetryableStatus(error.status) ? backoffDelayMs(tryNumber + 1, error.retryAfterMs, policy) : null
      if (delay === null) throw new ProviderGaveUp(reasonOf(error, tryNumber))
      await sleep(delay)
    }
  }
}

/**
 * Why a run stopped, as the mailing list page shows it: our words, then Mailchimp's own detail.
 * The page reads them in its language by these patterns (tr/messages/integrations.json).
 */
export const GAVE_UP_REASONS = {
  rateLimited: (detail: string) => `Mailchimp kept limiting the rate of calls: ${detail}`,
  rateLimitedAfter: (tries: number | string, detail: string) => `Mailchimp kept limiting the rate of calls after ${tries} tries: ${detail}`,
  keyRefused: (detail: string) => `Mailchimp refused the API Key: ${detail}`,
  audienceGone: (detail: string) => `Mailchimp no longer has this audience: ${detail}`,
  unreachable: (detail: string) => `Mailchimp could not be reached: ${detail}`,
  unreachableAfter: (tries: number | string, detail: string) => `Mailchimp could not be reached after ${tries} tries: ${detail}`,
  answered: (status: number | string, detail: string) => `Mailchimp answered ${status}: ${detail}`,
  answeredAfter: (status: number | string, tries: number | string, detail: string) => `Mailchimp answered ${status} after ${tries} tries: ${detail}`,
} as const

function reasonOf(error: MailchimpCallFailed, tries: number): string {
  const R = GAVE_UP_REASONS
  const retried = tries > 1
  const { status, detail } = error
  let reason: string
  if (status === 429) reason = retried ? R.rateLimitedAfter(tries, detail) : R.rateLimited(detail)
  else if (status === 401 || status === 403) reason = R.keyRefused(detail)
  else if (status === 404) reason = R.audienceGone(detail)
  else if (status === null) reason = retried ? R.unreachableAfter(tries, detail) : R.unreachable(detail)
  else reason = retried ? R.answeredAfter(status, tries, detail) : R.answered(status, detail)
  return reason.slice(0, 500)
}
