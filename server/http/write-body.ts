/** What a body is written to: an express response, which the compression middleware gives a `flush`. */
export interface BodyTarget {
  write(chunk: Uint8Array): unknown
  end(): unknown
  destroy(error?: Error): unknown
  flush?: () => void
}

/**
 * Writes a streamed body with one write and one flush per burst. React hands over a rendered
 * page in chunks of about 2 KB, all in the same turn of the event loop; written and flushed one
 * by one (as @remix-run/node's writer does), each chunk cost a compressor flush and a socket
 * write, a third of a staff page's server time. Chunks that arrive while the burst lasts are
 * joined and sent when the event loop next gets to run, so a page still streams: a part that
 * comes later (a deferred value, an event) goes out when it comes.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: BodyTarget): Promise<void> {
  const reader = body.getReader()
  let pending: Uint8Array[] = []
  let scheduled: NodeJS.Immediate | null = null
  const sendPending = () => {
    scheduled = null
    if (pending.length === 0) return
    res.write(pending.length === 1 ? pending[0] : Buffer.concat(pending))
    pending = []
    res.flush?.()
  }
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      pending.push(value)
      scheduled ??= setImmediate(sendPending)
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
