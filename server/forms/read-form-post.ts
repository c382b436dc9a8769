import { withoutControlCharacters } from '#server/text/without-control-characters'

/** A public form post is text (plus a small signature PNG); anything bigger is refused unread. */
export const MAX_FORM_POST_BYTES = 1024 * 1024

export type FormPost = { ok: true; posted: Record<string, string> } | { ok: false; reason: 'too-large' | 'unreadable' }

/**
 * Reads a url-encoded or multipart post without ever holding more than the limit, and flattens
 * it: rjsf's `root[name]` becomes `name`, other names stay as they are, the first value of a
 * repeated name wins, files are ignored, and control characters (which Postgres cannot store
 * in text, and nobody types) are dropped, keeping tabs and line breaks.
 */
export async function readFormPost(request: Request, maxBytes = MAX_FORM_POST_BYTES): Promise<FormPost> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes) return { ok: false, reason: 'too-large' }
  const body = await readCapped(request, maxBytes)
  if (body === 'too-large') return { ok: false, reason: 'too-large' }
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  let entries: Iterable<[string, FormDataEntryValue]>
  try {
    if (type.startsWith('multipart/form-data')) {
      entries = await new Response(new Blob([body as Uint8Array<ArrayBuffer>]), { headers: { 'content-type': type } }).formData()
    } else {
      entries = new URLSearchParams(new TextDecoder('utf-8', { fatal: false }).decode(body))
    }
  } catch {
    return { ok: false, reason: 'unreadable' }
  }
  const posted: Record<string, string> = {}
  for (const [rawName, value] of entries) {
    if (typeof value !== 'string') continue
    const match = /^root\[([^\]]{1,100})\]$/.exec(rawName)
    const name = match ? match[1] : rawName
    if (name.length > 100 || Object.hasOwn(posted, name)) continue
    posted[name] = withoutControlCharacters(value)
  }
  return { ok: true, posted }
}

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | 'too-large'> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return 'too-large'
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}
