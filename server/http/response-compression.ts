import type { CompressionOptions } from 'compression'
import type { Request, Response } from 'express'
import compression from 'compression'
import { constants } from 'node:zlib'

/**
 * Compression of everything rendered per request (pages, Remix data, JSON). Each write is
 * flushed, so a streamed page still reaches the browser as it renders. Event streams and
 * bodies under 1 KB are left as they are.
 */
export const compressionOptions: CompressionOptions = {
  threshold: 1024,
  flush: constants.Z_SYNC_FLUSH,
  filter(req: Request, res: Response) {
    const type = String(res.getHeader('Content-Type') ?? '')
    if (/text\/event-stream/i.test(type)) return false
    return compression.filter(req, res)
  },
}
