import { err, ok, type WordedResult } from '#server/errors/result'
import { withoutControlCharacters } from '#server/text/without-control-characters'
import { FORM_MESSAGES } from './form-messages'

/** A public form post is text (plus a small signature PNG); anything bigger is refused unread. */
export const MAX_FORM_POST_BYTES = 1024 * 1024

/** The posted fields by name, or payload_too_large / invalid_input (a body that is not a form). */
export type FormPost = WordedResult<Record<string, string>, 'payload_too_large' | 'invalid_input'>

/**
 * Reads a url-encoded or multipart post without ever holding more than the limit, and flattens
 * it: rjsf's `root[name]` becomes `name`, other names stay as they are, the first value of a
 * repeated name wins, files are ignored, and control characters (which Postgres cannot store
 * in text, and nobody types) are dropped, keeping tabs and line breaks.
 */
export async function readFormPost(request: Request, maxBytes = MAX_FORM_POST_BYTES): Promise<FormPost> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes) return err('payload_too_large', FORM_MESSAGES.tooLarge)
  const body = await readCapped(request, maxBytes)
  if (body === 'too-large') return err('payload_too_large', FORM_MESSAGES.tooLarge)
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  let entries: Iterable<[string, FormDataEntryValue]>
  try {
    if (type.startsWith('multipart/form-data')) {
      entries = await new Response(new Blob([body as Uint8Array<ArrayBuffer>]), { headers: { 'content-type': type } }).formData()
    } else {
      entries = new URLSearchParams(new TextDecoder('utf-8', { fatal: false }).decode(body))
    }
  } catch {
    return err('invalid_input', FORM_MESSAGES.invalidForm)
  }
  const posted: Record<string, string> = {}
  for (const [rawName, value] of entries) {
    if (typeof value !== 'string') continue
    const match = /^root\[([^\]]{1,100})\]$/.exec(rawName)
    const name = match ? match[1] : rawName
    if (name.length > 100 || Object.hasOwn(posted, name)) continue
    posted[name] = withoutControlCharacters(value)
  }
  return ok(posted)
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
