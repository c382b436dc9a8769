import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { loadPublicSchedule } from '#server/catalog/schedule/load-public-schedule'
import { dateInputValue, zonedDayBounds } from '#server/dates/local-time'
import { resolveTimeZone } from '#server/dates/time-zone'

/** A class of today as the dashboard lists it. */
export interface TodaysClass {
  id: string
  classId: string
  clsStartTime: string
  className: string
  start: string
  end: string
  teacherName: string | null
  roomName: string | null
  bookedCount: number
  capacity: number | null
  cancelled: boolean
}

/** An upcoming event as the dashboard lists it. */
export interface UpcomingEvent {
  guid: string
  name: string
  startsAt: string
  timeZone: string
  registeredCount: number
  capacity: number | null
  isPublished: boolean
}

export interface DashboardCatalog {
  /** Null while the schedule module is off: the panel is not drawn. */
  todaysClasses: TodaysClass[] | null
  /** Null while the events module is off. */
  upcomingEvents: UpcomingEvent[] | null
}

const UPCOMING_EVENTS_LIMIT = 5

/**
 * What the studio runs today and soon: today's classes in the tenant's zone (with cancellations
 * and bookings laid over the rules, as on the calendar) and the next events that have not
 * ended, drafts included so staff see what still needs publishing.
 */
export async function loadDashboardCatalog(
  database: DatabaseHandle,
  tenant: { id: string; settings: { timezone: string } },
  show: { classes: boolean; events: boolean },
  now: Date = new Date(),
): Promise<DashboardCatalog> {
  const timeZone = resolveTimeZone(tenant.settings.timezone)
  const [todaysClasses, upcomingEvents] = await Promise.all([
    show.classes ? loadTodaysClasses(database, tenant.id, timeZone, now) : Promise.resolve(null),
    show.events ? loadUpcomingEvents(database, tenant.id, now) : Promise.resolve(null),
  ])
  return { todaysClasses, upcomingEvents }
}

async function loadTodaysClasses(database: DatabaseHandle, tenantId: string, timeZone: string, now: Date): Promise<TodaysClass[]> {
  const today = zonedDayBounds(dateInputValue(now, timeZone), timeZone)
  if (!today) return []
  const schedule = await loadPublicSchedule(database, tenantId, { from: today.start, to: today.end })
  return schedule.occurrences
    .slice()
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.className.localeCompare(b.className))
    .map((occurrence) => ({
      id: occurrence.id,
      classId: occurrence.classId,
      clsStartTime: occurrence.clsStartTime,
      className: occurrence.className,
      start: occurrence.start.toISOString(),
      end: occurrence.end.toISOString(),
      teacherName: occurrence.teacherName,
      roomName: occurrence.roomName,
      bookedCount: occurrence.bookedCount,
      capacity: occurrence.capacity,
      cancelled: occurrence.cancelled,
    }))
}

async function loadUpcomingEvents(database: DatabaseHandle, tenantId: string, now: Date): Promise<UpcomingEvent[]> {
  const rows = await withTenant(database, tenantId, (trx) =>
    trx
      .selectFrom('event_details as e')
      .innerJoin('catalog_items as i', 'i.id', 'e.item_id')
      .select(['i.guid', 'i.name', 'i.is_published', 'e.starts_at', 'e.time_zone', 'e.registered_count', 'e.capacity'])
      .where('i.is_archived', '=', false)
      .where('e.ends_at', '>', now)
      .orderBy('e.starts_at')
      .orderBy('i.id')
      .limit(UPCOMING_EVENTS_LIMIT)
      .execute(),
  )
  return rows.map((row) => ({
    guid: row.guid,
    name: row.name,
    startsAt: new Date(row.starts_at).toISOString(),
    timeZone: row.time_zone,
    registeredCount: row.registered_count,
    capacity: row.capacity,
    isPublished: row.is_published,
  }))
}
