import { createReadableStreamFromReadable, type LoaderFunctionArgs } from '@remix-run/node'
import { Readable } from 'node:stream'
import { parseByteRange } from '#server/files/byte-range'
import { openTenantUpload } from '#server/files/tenant-uploads'
import { requireTenant } from '#app/utils/tenant.server'
import { notFound } from '#server/errors/responses'

/**
 * A tenant's uploaded image (logo, favicon, cover images, media gallery) or media gallery video,
 * from this host's tenant only: the same name on another tenant's host is a 404. Names are
 * random and never reused, so the file may be cached for a year. A `Range` request (a video
 * player seeking) gets those bytes only.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const upload = await openTenantUpload(context.platform.env, tenant, params.name ?? '')
  if (!upload) throw notFound(undefined, { headers: { 'Cache-Control': 'no-store' } })
  const headers = {
    'Content-Type': upload.kind.contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  }
  const range = parseByteRange(request.headers.get('Range'), upload.size)
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${upload.size}` } })
  }
  if (range) {
    return new Response(createReadableStreamFromReadable(upload.stream(range) as Readable), {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${upload.size}`, 'Content-Length': String(range.end - range.start + 1) },
    })
  }
  return new Response(createReadableStreamFromReadable(upload.stream() as Readable), {
    headers: { ...headers, 'Content-Length': String(upload.size) },
  })
}
