import type { JobQueueName } from '#server/jobs/job-contract'
import { turnFor, type QueueSettings } from './queues'

interface Waiter {
  turn: number
  order: number
  start: (granted: boolean) => void
}

/**
 * One queue of the in-process runtime: at most `concurrency` jobs run at once, and a free
 * slot goes to the waiting job with the lowest turn, then the oldest, as BullMQ's priorities
 * do with the same turns (decision 077).
 */
class Lane {
  #running = 0
  #waiting: Waiter[] = []
  readonly #placesInLine = new Map<string, number>()

  constructor(private readonly concurrency: number) {}

  /** Takes a place in the tenant's line; the returned function gives it back when the job is done. */
  join(line: string): { turn: number; leave: () => void } {
    const place = (this.#placesInLine.get(line) ?? 0) + 1
    this.#placesInLine.set(line, place)
    let left = false
    return {
      turn: turnFor(place),
      leave: () => {
        if (left) return
        left = true
        const remaining = (this.#placesInLine.get(line) ?? 1) - 1
        if (remaining <= 0) this.#placesInLine.delete(line)
        else this.#placesInLine.set(line, remaining)
      },
    }
  }

  /** Resolves true when the job may run, or false when the queue closed while it waited. */
  acquire(turn: number, order: number): Promise<boolean> {
    if (this.#running < this.concurrency && this.#waiting.length === 0) {
      this.#running += 1
      return Promise.resolve(true)
    }
    return new Promise((start) => {
      const waiter: Waiter = { turn, order, start }
      const at = this.#waiting.findIndex((other) => other.turn > turn || (other.turn === turn && other.order > order))
      if (at === -1) this.#waiting.push(waiter)
      else this.#waiting.splice(at, 0, waiter)
    })
  }

  release(): void {
    const next = this.#waiting.shift()
    if (next) next.start(true)
    else this.#running -= 1
  }

  close(): void {
    for (const waiter of this.#waiting.splice(0)) waiter.start(false)
  }
}

/** The queues of one in-process runtime, each with its own slots and tenant lines. */
export class TurnTaking {
  readonly #lanes: Record<JobQueueName, Lane>
  #order = 0

  constructor(settings: QueueSettings) {
    this.#lanes = { interactive: new Lane(settings.interactive.concurrency), bulk: new Lane(settings.bulk.concurrency) }
  }

  lane(queue: JobQueueName): Lane {
    return this.#lanes[queue]
  }

  nextOrder(): number {
    this.#order += 1
    return this.#order
  }

  close(): void {
    for (const lane of Object.values(this.#lanes)) lane.close()
  }
}
