import type { DatabaseHandle } from '#db/connection'
import type { Tenant } from '#server/tenancy/tenant'
import { icalendarDocument } from './icalendar'
import { loadPublicSchedule } from './load-public-schedule'

/** How far ahead the public .ics export reaches. */
export const PUBLIC_ICS_DAYS = 90
const DAY_MS = 86_400_000

/**
 * The tenant's public schedule from now for PUBLIC_ICS_DAYS days as an iCalendar file. Each
 * event's UID is the occurrence's stable name (class and scheduled local start, decision 103)
 * at the tenant, so a subscribed calendar updates a moved or cancelled occurrence in place.
 * The room is the LOCATION only when the tenant shows room names.
 */
export async function publicScheduleIcs(database: DatabaseHandle, tenant: Tenant, now: Date): Promise<string> {
  const schedule = await loadPublicSchedule(database, tenant.id, { from: now, to: new Date(now.getTime() + PUBLIC_ICS_DAYS * DAY_MS) })
  const siteName = tenant.settings.title.trim() || tenant.name
  return icalendarDocument({
    productId: `-//${siteName}//Public calendar//EN`,
    name: siteName,
    generatedAt: now,
    events: schedule.occurrences.map((occurrence) => ({
      uid: `${occurrence.id}@${tenant.orgId}`,
      start: occurrence.start,
      end: occurrence.end,
      summary: occurrence.className,
      location: tenant.settings.isShowRoomName ? occurrence.roomName : null,
      description: occurrence.teacherName ? `Teacher: ${occurrence.teacherName}` : null,
      cancelled: occurrence.cancelled,
    })),
  })
}
