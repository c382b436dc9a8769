import type { NextFunction, Request, Response } from 'express'

/**
 * One reader for the body of every state-changing request before it reaches a route, so that
 * no action meets a body it cannot read: what the product's forms post (url-encoded or
 * multipart form data, or nothing) is let through, already read and checked; anything else is
 * answered here with the status that names the problem, never a 500.
 * - 415: a content type no form of ours posts (JSON, XML, text...).
 * - 413: more bytes than the largest upload allows, declared or streamed.
 * - 400: a body that says it is multipart but cannot be parsed (no boundary, cut short).
 */
export const MAX_FORM_BODY_BYTES = 1024 * 1024
/** Multipart carries image uploads (at most 10 MB each) plus the form's text. */
export const MAX_MULTIPART_BODY_BYTES = 12 * 1024 * 1024
/** The contacts import's upload page takes a CSV of up to 50 MB, plus the form around it. */
export const MAX_IMPORT_BODY_BYTES = 51 * 1024 * 1024
// The page's address, and the one its form posts to once JavaScript runs (Remix single fetch).
const IMPORT_UPLOAD_PATHS = new Set(['/contacts/import', '/contacts/import/', '/contacts/import.data'])
/** The media gallery's upload form without JavaScript sends several files of up to 10 MB in one post. */
export const MAX_MEDIA_BODY_BYTES = 41 * 1024 * 1024
const MEDIA_UPLOAD_PATHS = new Set(['/website/media', '/website/media/', '/website/media.data'])

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type BodyVerdict =
  | { kind: 'accept'; limit: number; multipart: boolean }
  | { kind: 'refuse'; status: 400 | 413 | 415; message: string }

export const BODY_MESSAGES = {
  unsupported: 'This address accepts form posts only (application/x-www-form-urlencoded or multipart/form-data).',
  tooLarge: 'The form you sent is too large.',
  unreadable: 'The form you sent could not be read. Please try again.',
} as const

/** What to do with a request's body, from its method and headers alone. */
export function bodyVerdictFor(input: { method: string; contentType: string | undefined; contentLength: string | undefined; path?: string }): BodyVerdict {
  if (READ_METHODS.has(input.method.toUpperCase())) return { kind: 'accept', limit: 0, multipart: false }
  const type = (input.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const declared = input.contentLength === undefined ? null : Number(input.contentLength)
  let limit: number
  let multipart = false
  if (type === 'application/x-www-form-urlencoded') limit = MAX_FORM_BODY_BYTES
  else if (type === 'multipart/form-data') {
    if (!/;\s*boundary=/i.test(input.contentType ?? '')) return { kind: 'refuse', status: 400, message: BODY_MESSAGES.unreadable }
    const path = input.path ?? ''
    limit = IMPORT_UPLOAD_PATHS.has(path) ? MAX_IMPORT_BODY_BYTES : MEDIA_UPLOAD_PATHS.has(path) ? MAX_MEDIA_BODY_BYTES : MAX_MULTIPART_BODY_BYTES
    multipart = true
  } else if (type === '' && (declared === null || declared === 0)) {
    // A button posting nothing (sign-out, session refresh) sends no body and often no type.
    limit = 0
  } else return { kind: 'refuse', status: 415, message: BODY_MESSAGES.unsupported }
  if (declared !== null && (!Number.isSafeInteger(declared) || declared < 0)) return { kind: 'refuse', status: 400, message: BODY_MESSAGES.unreadable }
  if (declared !== null && declared > limit) return { kind: 'refuse', status: 413, message: BODY_MESSAGES.tooLarge }
  return { kind: 'accept', limit, multipart }
}

/** Reads at most `limit` bytes of the request; 'too-large' as soon as it would exceed them. */
export function readCappedBody(req: Request, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (value: Buffer | 'too-large') => {
      if (done) return
      done = true
      resolve(value)
    }
    req.on('data', (chunk: Buffer) => {
      if (done) return
      size += chunk.length
      if (size > limit) {
        finish('too-large')
        // Stop reading; the answer closes the connection so the rest is not waited for.
        req.pause()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => finish(Buffer.concat(chunks, size)))
    req.on('error', (error) => {
      if (!done) {
        done = true
        reject(error)
      }
    })
  })
}

/** Multipart that the platform's own parser cannot read is refused before a route sees it. */
async function isReadableMultipart(body: Buffer, contentType: string): Promise<boolean> {
  try {
    await new globalThis.Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData()
    return true
  } catch {
    return false
  }
}

/** Where the checked body waits for the Remix handler (it was read from the socket here). */
export const READ_BODY = Symbol('readBody')
export type RequestWithBody = Request & { [READ_BODY]?: Buffer }

export function requestBodyGate() {
  return async (req: Request, res: Response, next: NextFunction) => {
    const verdict = bodyVerdictFor({ method: req.method, contentType: req.get('content-type'), contentLength: req.get('content-length'), path: req.path })
    if (verdict.kind === 'refuse') return refuse(res, verdict.status, verdict.message)
    if (READ_METHODS.has(req.method.toUpperCase())) return next()
    try {
      const body = await readCappedBody(req, verdict.limit)
      if (body === 'too-large') return refuse(res, 413, BODY_MESSAGES.tooLarge)
      if (verdict.multipart && !(await isReadableMultipart(body, req.get('content-type') ?? ''))) {
        return refuse(res, 400, BODY_MESSAGES.unreadable)
      }
      ;(req as RequestWithBody)[READ_BODY] = body
      next()
    } catch {
      // The client went away or sent a broken stream: nothing to answer to, nothing written.
      if (!res.headersSent) refuse(res, 400, BODY_MESSAGES.unreadable)
    }
  }
}

function refuse(res: Response, status: number, message: string): void {
  res.status(status).set({ 'Cache-Control': 'no-store', Connection: 'close' }).type('text/plain').send(message)
}
