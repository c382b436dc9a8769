/** What a body is written to: an express response, which the compression middleware gives a `flush`. */
export interface BodyTarget {
  /** false when the socket (or the compressor) has more than it wants buffered: wait for 'drain'. */
  write(chunk: Uint8Array): unknown
  end(): unknown
  destroy(error?: Error): unknown
  flush?: () => void
  once?(event: 'drain' | 'close', listener: () => void): unknown
}

/**
 * Writes a streamed body with one write and one flush per burst. React hands over a rendered
 * page in chunks of about 2 KB, all in the same turn of the event loop; written and flushed one
 * by one (as @remix-run/node's writer does), each chunk cost a compressor flush and a socket
 * write, a third of a staff page's server time. Chunks that arrive while the burst lasts are
 * joined and sent when the event loop next gets to run, so a page still streams: a part that
 * comes later (a deferred value, an event) goes out when it comes.
 *
 * Back-pressure is kept: when a write says the buffer is full, no more is read from the body
 * until the response drains, so a long download (a CSV export) produced by a pull stream waits
 * for a slow client instead of piling up in memory. A client that goes away stops the body.
 */
/** A page is far smaller; a download is written at least this often. */
export const MAX_BURST_BYTES = 64 * 1024

export async function writeBody(body: ReadableStream<Uint8Array>, res: BodyTarget): Promise<void> {
  const reader = body.getReader()
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let scheduled: NodeJS.Immediate | null = null
  let full: Promise<void> | null = null
  let closed = false
  res.once?.('close', () => (closed = true))
  const sendPending = () => {
    scheduled = null
    if (pending.length === 0) return
    const accepted = res.write(pending.length === 1 ? pending[0] : Buffer.concat(pending))
    pending = []
    pendingBytes = 0
    res.flush?.()
    if (accepted === false && res.once && !full) {
      full = new Promise<void>((resolve) => {
        res.once?.('drain', resolve)
        res.once?.('close', resolve)
      }).then(() => {
        full = null
      })
    }
  }
  try {
    for (;;) {
      if (full) await full
      if (closed) {
        await reader.cancel()
        return
      }
      const { done, value } = await reader.read()
      if (done) break
      pending.push(value)
      pendingBytes += value.byteLength
      // A body that comes faster than the event loop turns (a download) is written once a burst
      // is this large, so that the client's pace can hold it back.
      if (pendingBytes >= MAX_BURST_BYTES) {
        if (scheduled) clearImmediate(scheduled)
        sendPending()
      } else scheduled ??= setImmediate(sendPending)
    }
  } catch (error) {
    if (scheduled) clearImmediate(scheduled)
    res.destroy(error as Error)
    throw error
  }
  if (scheduled) clearImmediate(scheduled)
  sendPending()
  res.end()
}
