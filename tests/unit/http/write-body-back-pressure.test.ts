import { EventEmitter } from 'node:events'
import { describe, expect, test } from 'vitest'
import { MAX_BURST_BYTES, writeBody, type BodyTarget } from '#server/http/write-body'

/** A response whose buffer is full after every write until it is told to drain. */
function slowClient() {
  const events = new EventEmitter()
  const written: string[] = []
  const target: BodyTarget = {
    write: (chunk) => {
      written.push(Buffer.from(chunk).toString().slice(0, 7))
      return false
    },
    end: () => written.push('end'),
    destroy: () => {},
    once: (event, listener) => events.once(event, listener),
  }
  return { target, written, drain: () => events.emit('drain'), close: () => events.emit('close') }
}

/** A pull stream that answers at once (as fast as a download's source can be), counting how often it was asked for more. */
function countingBody(parts: number) {
  let pulls = 0
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls += 1
        if (pulls > parts) controller.close()
        else controller.enqueue(new TextEncoder().encode(`part ${pulls};`.padEnd(MAX_BURST_BYTES, '.')))
      },
    },
    { highWaterMark: 0 },
  )
  return { body, pulls: () => pulls }
}

const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('a streamed body waits for a slow client', () => {
  test('no more is read from the body until the response drains', async () => {
    const client = slowClient()
    const source = countingBody(3)
    const done = writeBody(source.body, client.target)
    for (let index = 0; index < 5; index += 1) await turn()
    expect(client.written).toEqual(['part 1;'])
    expect(source.pulls()).toBeLessThanOrEqual(2)
    for (let round = 0; round < 4; round += 1) {
      client.drain()
      for (let index = 0; index < 3; index += 1) await turn()
    }
    await done
    expect(client.written).toEqual(['part 1;', 'part 2;', 'part 3;', 'end'])
  })

  test('a client that goes away stops the body', async () => {
    const client = slowClient()
    const source = countingBody(1_000)
    const done = writeBody(source.body, client.target)
    for (let index = 0; index < 3; index += 1) await turn()
    client.close()
    await done
    expect(source.pulls()).toBeLessThan(5)
    expect(client.written).not.toContain('end')
  })
})
