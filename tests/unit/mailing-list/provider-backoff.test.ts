import { MailchimpCallFailed } from '#server/mailing-list/mailchimp-client'
import { backoffDelayMs, isRetryableStatus, retryAfterMs } from '#server/mailing-list/provider-backoff'
import { GAVE_UP_REASONS, ProviderGaveUp, sendWithBackoff } from '#server/mailing-list/send-with-backoff'
import { translateMessage } from '#server/i18n/translate-message'

const policy = { maxTries: 4, baseMs: 100, maxMs: 1000 }

describe('backoff on the mailing list provider', () => {
  it.each([
    [429, true],
    [500, true],
    [503, true],
    [null, true],
    [400, false],
    [401, false],
    [404, false],
  ] as const)('status %s is retried: %s', (status, retried) => {
    expect(isRetryableStatus(status)).toBe(retried)
  })

  it('reads Retry-After in seconds or as a date', () => {
    const now = new Date('2026-12-02T08:00:00Z')
    expect(retryAfterMs('2', now)).toBe(2000)
    expect(retryAfterMs('0.5', now)).toBe(500)
    expect(retryAfterMs('Wed, 02 Dec 2026 08:00:03 GMT', now)).toBe(3000)
    expect(retryAfterMs('Wed, 02 Dec 2026 07:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs(null, now)).toBeNull()
    expect(retryAfterMs('soon', now)).toBeNull()
  })

  it.each([
    [2, null, 100],
    [3, null, 200],
    [4, null, 400],
    [2, 700, 700],
    [2, 5000, 1000],
    [5, null, null],
  ] as const)('try %s with Retry-After %s waits %s', (nextTry, retryAfter, wait) => {
    expect(backoffDelayMs(nextTry, retryAfter, policy)).toBe(wait)
  })

  it('waits what Retry-After asks and then succeeds', async () => {
    const waits: number[] = []
    let calls = 0
    const answer = await sendWithBackoff(
      async () => {
        calls++
        if (calls < 3) throw new MailchimpCallFailed(429, 'slow down', 250)
        return 'taken'
      },
      { policy, sleep: async (ms) => void waits.push(ms) },
    )
    expect(answer).toBe('taken')
    expect(waits).toEqual([250, 250])
  })

  it('gives up after the bounded tries with a readable reason', async () => {
    const waits: number[] = []
    const failing = sendWithBackoff(
      async () => {
        throw new MailchimpCallFailed(503, 'maintenance', null)
      },
      { policy, sleep: async (ms) => void waits.push(ms) },
    )
    await expect(failing).rejects.toThrow(ProviderGaveUp)
    await expect(failing).rejects.toThrow('Mailchimp answered 503 after 4 tries: maintenance')
    expect(waits).toEqual([100, 200, 400])
  })

  it('does not retry a refusal', async () => {
    let calls = 0
    const refused = sendWithBackoff(async () => {
      calls++
      throw new MailchimpCallFailed(401, 'API Key Invalid')
    })
    await expect(refused).rejects.toThrow('Mailchimp refused the API Key: API Key Invalid')
    expect(calls).toBe(1)
  })
})

describe("why a run stopped, in the page's language", () => {
  it("reads our words in Turkish and keeps Mailchimp's own detail as it came", () => {
    expect(translateMessage('tr', GAVE_UP_REASONS.answeredAfter(503, 6, 'An unexpected internal error has occurred.'))).toBe(
      'Mailchimp 6 denemeden sonra 503 yanıtını verdi: An unexpected internal error has occurred.',
    )
    expect(translateMessage('tr', GAVE_UP_REASONS.keyRefused('API Key Invalid'))).toBe('Mailchimp API Anahtarını reddetti: API Key Invalid')
    expect(translateMessage('tr', GAVE_UP_REASONS.unreachable('connect ECONNREFUSED 127.0.0.1:9'))).toBe("Mailchimp'e ulaşılamadı: connect ECONNREFUSED 127.0.0.1:9")
  })
})
