import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireTenant } from '#app/utils/tenant.server'
import { feedTokenOf, personalFeedIcs } from '#server/catalog/bookings/calendar-feed'
import { notFound } from '#server/errors/responses'

/**
 * /classes/feed/{token}.ics: a student's booked classes as iCalendar, for calendar apps that
 * subscribe without a session. The token is the only key: unknown or stopped tokens are 404.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const token = feedTokenOf(params.file)
  if (!token) throw notFound()
  const body = await personalFeedIcs(context.platform.database, tenant, token, new Date())
  if (body === null) throw notFound()
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="my-classes.ics"',
      // Personal: never kept by a shared cache; calendar apps poll it anyway.
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
