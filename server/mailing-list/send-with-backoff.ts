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

function reasonOf(error: MailchimpCallFailed, tries: number): string {
  const after = tries > 1 ? ` after ${tries} tries` : ''
  if (error.status === 429) return `Mailchimp kept limiting the rate of calls${after}: ${error.detail}`.slice(0, 500)
  if (error.status === 401 || error.status === 403) return `Mailchimp refused the API Key: ${error.detail}`.slice(0, 500)
  if (error.status === 404) return `Mailchimp no longer has this audience: ${error.detail}`.slice(0, 500)
  if (error.status === null) return `Mailchimp could not be reached${after}: ${error.detail}`.slice(0, 500)
  return `Mailchimp answered ${error.status}${after}: ${error.detail}`.slice(0, 500)
}
