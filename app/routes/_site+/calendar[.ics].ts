import type { LoaderFunctionArgs } from '@remix-run/node'
import { isPublicScheduleShown } from '#server/catalog/public/public-item-gates'
import { requireTenant } from '#app/utils/tenant.server'
import { publicScheduleIcs } from '#server/catalog/schedule/public-schedule-ics'
import { notFound } from '#server/errors/responses'

/** /calendar.ics: the public class schedule for the next 90 days; 404 while the tenant hides the schedule. */
export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  if (!isPublicScheduleShown(tenant.settings)) throw notFound()
  const body = await publicScheduleIcs(context.platform.database, tenant, new Date())
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="calendar.ics"',
      // Calendar apps poll it; a few minutes old is fine for them and keeps polls cheap.
      'Cache-Control': 'public, max-age=300',
    },
  })
}
