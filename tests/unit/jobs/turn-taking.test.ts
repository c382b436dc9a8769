import { lineOf, MAX_TURN, PLATFORM_LINE, turnFor } from '#jobs/runtime/queues'
import { TurnTaking } from '#jobs/runtime/turn-taking'

const tenantA = '6f1c1f2e-8d4b-4a53-9f55-0b7c6a1e0a01'

describe('the line a job waits in', () => {
  it.each([
    [{ tenantId: tenantA, emailId: 'x' }, tenantA],
    [{ tenantId: null, emailId: 'x' }, PLATFORM_LINE],
    [{ tenantId: '' }, PLATFORM_LINE],
    [{ emailId: 'x' }, PLATFORM_LINE],
    [null, PLATFORM_LINE],
    ['text', PLATFORM_LINE],
  ])('%j waits in %s', (payload, line) => {
    expect(lineOf(payload)).toBe(line)
  })
})

describe('a turn', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [100_000, 100_000],
    [MAX_TURN + 5, MAX_TURN],
  ])('place %i in line is turn %i', (place, turn) => {
    expect(turnFor(place)).toBe(turn)
  })
})

describe('turn-taking in one in-process queue', () => {
  it("gives a tenant's first job the first turn, whatever another tenant has waiting", () => {
    const lane = new TurnTaking({ interactive: { concurrency: 1 }, bulk: { concurrency: 1 } }).lane('bulk')
    expect([1, 2, 3].map(() => lane.join('A').turn)).toEqual([1, 2, 3])
    expect(lane.join('B').turn).toBe(1)
  })

  it('counts a place only while its job waits or runs', () => {
    const lane = new TurnTaking({ interactive: { concurrency: 1 }, bulk: { concurrency: 1 } }).lane('bulk')
    const first = lane.join('A')
    const second = lane.join('A')
    first.leave()
    first.leave()
    expect(lane.join('A').turn).toBe(2)
    second.leave()
  })

  it('hands a free slot to the lowest turn, then the oldest', async () => {
    const turns = new TurnTaking({ interactive: { concurrency: 1 }, bulk: { concurrency: 1 } })
    const lane = turns.lane('bulk')
    const started: string[] = []
    expect(await lane.acquire(1, turns.nextOrder())).toBe(true)
    const waiting = [
      ['A2', 2],
      ['A3', 3],
      ['B1', 1],
      ['C1', 1],
    ] as const
    const runs = waiting.map(([label, turn]) =>
      lane.acquire(turn, turns.nextOrder()).then((granted) => {
        if (granted) started.push(label)
        return label
      }),
    )
    for (let i = 0; i < waiting.length; i++) {
      lane.release()
      await new Promise((resolve) => setImmediate(resolve))
    }
    await Promise.all(runs)
    expect(started).toEqual(['B1', 'C1', 'A2', 'A3'])
  })

  it('keeps the queues apart: a full bulk queue leaves the interactive one free', async () => {
    const turns = new TurnTaking({ interactive: { concurrency: 1 }, bulk: { concurrency: 1 } })
    expect(await turns.lane('bulk').acquire(1, turns.nextOrder())).toBe(true)
    expect(await turns.lane('interactive').acquire(1, turns.nextOrder())).toBe(true)
  })

  it('tells waiting jobs not to run once closed', async () => {
    const turns = new TurnTaking({ interactive: { concurrency: 1 }, bulk: { concurrency: 1 } })
    await turns.lane('bulk').acquire(1, turns.nextOrder())
    const waiting = turns.lane('bulk').acquire(1, turns.nextOrder())
    turns.close()
    expect(await waiting).toBe(false)
  })
})
