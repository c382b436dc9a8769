import { constants, crc32, deflateRawSync } from 'node:zlib'
import { combineCrc32, zeroBytesFactor } from './crc32-combine'

/**
 * A gzip body assembled from pieces compressed once, with small per-response values (a CSP
 * nonce, a form's fill-time stamp) stored uncompressed between them.
 *
 * Why: a kept public page is the same bytes for every visitor except those values, and
 * compressing ~40 KB of HTML per hit costs several times what serving it does. Deflate lets a
 * stream be a sequence of blocks: each piece is compressed on its own (so it refers to no
 * bytes before it) and ends with a sync flush (byte-aligned, not the final block); a value is a
 * "stored" block; an empty stored block marked final ends the stream. The gzip trailer needs
 * the CRC-32 and length of the whole page: each part's CRC is computed once, with it, and per
 * response only the values' bytes are read, the parts' CRCs joined to them arithmetically
 * (crc32-combine.ts); reading a whole page of 100 to 200 KB per answer had been a quarter of the
 * CPU of serving a kept signed-in page.
 */
export interface GzipSegments {
  /** Each part of the page raw-deflated on its own, ending in a sync flush. */
  compressed: Buffer[]
  /** Each part's CRC-32, its length in bytes, and the factor its length multiplies a CRC by. */
  crcs: number[]
  lengths: number[]
  factors: number[]
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03])
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])
const MAX_STORED_BLOCK = 0xffff

export function compressSegments(parts: Buffer[]): GzipSegments {
  return {
    compressed: parts.map((part) => deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })),
    crcs: parts.map((part) => continueCrc(part, 0)),
    lengths: parts.map((part) => part.length),
    factors: parts.map((part) => zeroBytesFactor(part.length)),
  }
}

/** parts[0], values[0], parts[1], values[1], ... as one gzip body. */
export function joinGzip(segments: GzipSegments, values: Buffer[]): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let length = 0
  segments.compressed.forEach((compressed, index) => {
    if (index > 0) {
      const value = values[index - 1] ?? Buffer.alloc(0)
      pieces.push(...storedBlocks(value))
      crc = continueCrc(value, crc)
      length += value.length
    }
    pieces.push(compressed)
    crc = combineCrc32(crc, segments.crcs[index] ?? 0, segments.factors[index] ?? zeroBytesFactor(0))
    length += segments.lengths[index] ?? 0
  })
  pieces.push(FINAL_EMPTY_BLOCK)
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  pieces.push(trailer)
  return Buffer.concat(pieces)
}

/** Node's crc32 answers 0 for an empty buffer without backing memory, whatever it continues. */
function continueCrc(data: Buffer, crc: number): number {
  return data.length === 0 ? crc : crc32(data, crc)
}

/** A value as non-final stored blocks (the stream is byte-aligned after each sync flush). */
function storedBlocks(value: Buffer): Buffer[] {
  const blocks: Buffer[] = []
  for (let from = 0; from < value.length; from += MAX_STORED_BLOCK) {
    const chunk = value.subarray(from, from + MAX_STORED_BLOCK)
    const header = Buffer.alloc(5)
    header[0] = 0x00
    header.writeUInt16LE(chunk.length, 1)
    header.writeUInt16LE(~chunk.length & 0xffff, 3)
    blocks.push(header, chunk)
  }
  return blocks
}

/** True when the request's Accept-Encoding allows gzip (q=0 refuses it). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false
  for (const entry of acceptEncoding.toLowerCase().split(',')) {
    const [coding, ...params] = entry.trim().split(';')
    if (coding !== 'gzip' && coding !== '*') continue
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (!q || Number(q.slice(2)) > 0) return true
  }
  return false
}
