import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

type Encoding = 'br' | 'gzip'

interface CompressedAsset {
  body: Buffer
  type: string
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/** Assets below this size are sent as they are: compression would save next to nothing. */
const MIN_BYTES = 1024

/**
 * The built browser assets (`/build/...`, content-hashed, never changed in place), compressed
 * once per file and encoding and kept in memory, so a visitor's download is small without
 * compressing the same JavaScript on every first visit. Compression runs off the event loop
 * (zlib's thread pool) at the highest levels, since it happens once per deploy. Files of other
 * types, and browsers that take neither brotli nor gzip, fall through to the static handler.
 */
export function compressedAssets(folder: string, options: { maxBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const kept = new Map<string, Promise<CompressedAsset | null>>()
  let keptBytes = 0
  const root = normalize(folder) + sep

  const compressedOf = (path: string, encoding: Encoding): Promise<CompressedAsset | null> => {
    const key = `${encoding} ${path}`
    let entry = kept.get(key)
    if (!entry) {
      entry = (async () => {
        const type = TYPES[extname(path)]
        if (!type) return null
        const file = normalize(join(folder, path))
        if (!file.startsWith(root)) return null
        const info = await stat(file).catch(() => null)
        if (!info?.isFile() || info.size < MIN_BYTES) return null
        const plain = await readFile(file)
        const body =
          encoding === 'br'
            ? await brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } })
            : await gzipAsync(plain, { level: 9 })
        keptBytes += body.length
        return { body, type }
      })()
      // Past the memory bound, assets are compressed per request by the general middleware.
      if (keptBytes < maxBytes) kept.set(key, entry)
      entry.catch(() => kept.delete(key))
    }
    return entry
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const encoding = preferredEncoding(req.get('accept-encoding'))
    if (!encoding || req.path.includes('\0')) return next()
    try {
      const asset = await compressedOf(decodeURIComponent(req.path), encoding)
      if (!asset) return next()
      res.set({
        'Content-Type': asset.type,
        'Content-Encoding': encoding,
        'Content-Length': String(asset.body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        Vary: 'Accept-Encoding',
      })
      if (req.method === 'HEAD') res.end()
      else res.end(asset.body)
    } catch {
      next()
    }
  }
}

/** Brotli when the browser takes it (smaller), else gzip, else nothing. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((entry) => entry.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([coding]) => coding?.trim() ?? ''),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}
