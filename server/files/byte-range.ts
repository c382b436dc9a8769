/** The bytes a `Range` header asks for, inclusive at both ends. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Reads a `Range: bytes=...` header against a file of `size` bytes, as video players send it to
 * seek (Safari plays a video only when its file answers them). One range only: several ranges,
 * another unit or a header that does not parse are answered with the whole file (null), as
 * RFC 9110 allows; a range wholly past the end is 'unsatisfiable' (416).
 */
export function parseByteRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return null
  if (from === '') {
    // The last N bytes.
    const suffix = Number(to)
    if (!Number.isSafeInteger(suffix)) return null
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null
  if (to !== '' && Number(to) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}
