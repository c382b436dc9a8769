import { describe, expect, test } from 'vitest'
import { writeBody, type BodyTarget } from '#server/http/write-body'

function recorder() {
  const events: string[] = []
  const target: BodyTarget = {
    write: (chunk) => events.push(`write ${Buffer.from(chunk).toString()}`),
    flush: () => events.push('flush'),
    end: () => events.push('end'),
    destroy: (error) => events.push(`destroy ${error?.message ?? ''}`),
  }
  return { events, target }
}

const text = (value: string) => new TextEncoder().encode(value)

describe('a streamed body is written one burst at a time', () => {
  test('chunks that arrive together leave as one write and one flush', async () => {
    const { events, target } = recorder()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ['<html>', '<body>', '</body></html>']) controller.enqueue(text(part))
        controller.close()
      },
    })
    await writeBody(body, target)
    expect(events).toEqual(['write <html><body></body></html>', 'flush', 'end'])
  })

  test('a part that comes later still goes out before the end, on its own', async () => {
    const { events, target } = recorder()
    let later: (() => void) | undefined
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(text('shell'))
        later = () => {
          controller.enqueue(text('deferred'))
          controller.close()
        }
      },
    })
    const written = writeBody(body, target)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(events).toEqual(['write shell', 'flush'])
    later?.()
    await written
    expect(events).toEqual(['write shell', 'flush', 'write deferred', 'flush', 'end'])
  })

  test('a body that fails destroys the response', async () => {
    const { events, target } = recorder()
    const body = new ReadableStream<Uint8Array>({
      pull() {
        throw new Error('render failed')
      },
    })
    await expect(writeBody(body, target)).rejects.toThrow('render failed')
    expect(events).toEqual(['destroy render failed'])
  })
})
