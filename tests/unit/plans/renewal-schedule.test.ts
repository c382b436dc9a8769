import { describe, expect, it } from 'vitest'
import { afterRefusedRenewal, renewalKey } from '#server/plans/plan-renewal'

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000
const periodEnd = new Date('2026-12-01T10:00:00Z')

describe('the retry schedule of a refused plan renewal', () => {
  it('tries again on days 1, 3 and 7 after the period end, then drops to Free', () => {
    expect(afterRefusedRenewal(periodEnd, 1, periodEnd)).toEqual({ kind: 'retry', retryAt: new Date(periodEnd.getTime() + DAY_MS), failures: 1 })
    expect(afterRefusedRenewal(periodEnd, 2, new Date(periodEnd.getTime() + DAY_MS))).toEqual({ kind: 'retry', retryAt: new Date(periodEnd.getTime() + 3 * DAY_MS), failures: 2 })
    expect(afterRefusedRenewal(periodEnd, 3, new Date(periodEnd.getTime() + 3 * DAY_MS))).toEqual({ kind: 'retry', retryAt: new Date(periodEnd.getTime() + 7 * DAY_MS), failures: 3 })
    expect(afterRefusedRenewal(periodEnd, 4, new Date(periodEnd.getTime() + 7 * DAY_MS))).toEqual({ kind: 'free', failures: 4 })
  })

  it('a try that ran late waits at least an hour rather than following at once', () => {
    const late = new Date(periodEnd.getTime() + 2 * DAY_MS)
    expect(afterRefusedRenewal(periodEnd, 1, late)).toEqual({ kind: 'retry', retryAt: new Date(late.getTime() + HOUR_MS), failures: 1 })
  })

  it('names each try of a period with its own key, the same for the same try', () => {
    const first = renewalKey('t1', periodEnd, 1, 'pm_1')
    expect(renewalKey('t1', periodEnd, 1, 'pm_1')).toBe(first)
    expect(renewalKey('t1', periodEnd, 2, 'pm_1')).not.toBe(first)
    expect(renewalKey('t2', periodEnd, 1, 'pm_1')).not.toBe(first)
    expect(renewalKey('t1', new Date(periodEnd.getTime() + 30 * DAY_MS), 1, 'pm_1')).not.toBe(first)
  })
})
