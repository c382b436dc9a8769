import { APPROVAL_WATCH_MS, nextApprovalCheckAt } from '#server/sms/plivo-approval-schedule'

const MIN = 60_000
const HOUR = 60 * MIN

describe('when the background check asks Plivo again about a number waiting for approval', () => {
  it.each([
    ['just bought', 0, 5 * MIN],
    ['after the first check', 5 * MIN, 20 * MIN],
    ['after the second check', 20 * MIN, 80 * MIN],
    ['after the third check', 80 * MIN, 80 * MIN + 6 * HOUR],
    ['a run a little late', 80 * MIN + 6 * HOUR + 30_000, 80 * MIN + 12 * HOUR],
    ['a run early, before its time', 3 * MIN, 5 * MIN],
  ])('%s (%i ms in): next at %i ms', (_case, elapsed, next) => {
    expect(nextApprovalCheckAt(elapsed)).toBe(next)
  })

  it('waits 5, 15 and 60 minutes, then 6 hours each time, for 7 days, and then stops', () => {
    expect(APPROVAL_WATCH_MS).toBe(7 * 24 * HOUR)
    const times: number[] = []
    for (let at = nextApprovalCheckAt(0); at !== null; at = nextApprovalCheckAt(at)) times.push(at)
    const waits = times.map((at, index) => at - (times[index - 1] ?? 0))
    expect(waits.slice(0, 4)).toEqual([5 * MIN, 15 * MIN, 60 * MIN, 6 * HOUR])
    expect(new Set(waits.slice(3))).toEqual(new Set([6 * HOUR]))
    expect(times.at(-1)).toBeLessThanOrEqual(APPROVAL_WATCH_MS)
    expect(times.at(-1)! + 6 * HOUR).toBeGreaterThan(APPROVAL_WATCH_MS)
    expect(nextApprovalCheckAt(APPROVAL_WATCH_MS)).toBeNull()
  })
})
