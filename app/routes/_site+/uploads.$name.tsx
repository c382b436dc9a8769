import { createReadableStreamFromReadable, type LoaderFunctionArgs } from '@remix-run/node'
import { Readable } from 'node:stream'
import { openTenantUpload } from '#server/files/tenant-uploads'
import { requireTenant } from '#app/utils/tenant.server'
import { notFound } from '#server/errors/responses'

/**
 * A tenant's uploaded image (logo, favicon, cover images), from this host's tenant only: the
 * same name on another tenant's host is a 404. Names are random and never reused, so the
 * file may be cached for a year.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const upload = await openTenantUpload(context.platform.env, tenant, params.name ?? '')
  if (!upload) throw notFound(undefined, { headers: { 'Cache-Control': 'no-store' } })
  return new Response(createReadableStreamFromReadable(upload.stream() as Readable), {
    headers: {
      'Content-Type': upload.kind.contentType,
      'Content-Length': String(upload.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
