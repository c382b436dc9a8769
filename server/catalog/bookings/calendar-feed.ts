import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { createOpaqueToken, hashToken, looksLikeToken } from '#server/auth/session-token'
import { icalendarDocument } from '#server/catalog/schedule/icalendar'
import type { Tenant } from '#server/tenancy/tenant'

/** The personal feed's address for a token (calendar apps subscribe to it without a session). */
export function calendarFeedPath(token: string): string {
  return `/classes/feed/${token}.ics`
}

/** The token in a feed address's last segment ('<token>.ics'), or null when it cannot be one. */
export function feedTokenOf(segment: string | undefined): string | null {
  if (!segment?.endsWith('.ics')) return null
  const token = segment.slice(0, -'.ics'.length)
  return looksLikeToken(token) ? token : null
}

/**
 * Issues the contact's feed token, revoking the one before: the address is shown once (only
 * its hash is kept), and a new one is how a student stops an address they shared by mistake.
 */
export async function issueCalendarFeedToken(database: DatabaseHandle, input: { tenantId: string; contactId: string; now: Date }): Promise<string> {
  const token = createOpaqueToken()
  await withTenant(database, input.tenantId, async (trx) => {
    await revokeLive(trx, input)
    await trx.insertInto('calendar_feed_tokens').values({ tenant_id: input.tenantId, contact_id: input.contactId, token_hash: hashToken(token) }).execute()
  })
  return token
}

/** Stops the contact's feed address; calendar apps get 404 from then on. */
export async function revokeCalendarFeedToken(database: DatabaseHandle, input: { tenantId: string; contactId: string; now: Date }): Promise<boolean> {
  return withTenant(database, input.tenantId, (trx) => revokeLive(trx, input))
}

/** When the contact's live feed address was made, or null when they have none. */
export async function calendarFeedIssuedAt(database: DatabaseHandle, input: { tenantId: string; contactId: string }): Promise<Date | null> {
  const row = await withTenant(database, input.tenantId, (trx) =>
    trx.selectFrom('calendar_feed_tokens').select('created_at').where('contact_id', '=', input.contactId).where('revoked_at', 'is', null).executeTakeFirst(),
  )
  return row?.created_at ?? null
}

type Trx = Parameters<Parameters<typeof withTenant>[2]>[0]

async function revokeLive(trx: Trx, input: { contactId: string; now: Date }): Promise<boolean> {
  const result = await trx
    .updateTable('calendar_feed_tokens')
    .set({ revoked_at: input.now })
    .where('contact_id', '=', input.contactId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

const FEED_DAYS_BACK = 30
const FEED_DAYS_AHEAD = 365
const DAY_MS = 86_400_000

/**
 * The contact's bookings as an iCalendar file, from a month back to a year ahead; null when the
 * token is unknown, revoked, or the tenant's. A booking the student cancelled leaves the file;
 * an occurrence the studio cancelled stays, marked cancelled, so the calendar app drops it.
 */
export async function personalFeedIcs(database: DatabaseHandle, tenant: Tenant, token: string, now: Date): Promise<string | null> {
  const bookings = await withTenant(database, tenant.id, async (trx) => {
    const owner = await trx
      .selectFrom('calendar_feed_tokens')
      .select('contact_id')
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (!owner) return null
    return trx
      .selectFrom('class_bookings')
      .innerJoin('class_occurrences', 'class_occurrences.id', 'class_bookings.occurrence_id')
      .innerJoin('catalog_items', 'catalog_items.id', 'class_occurrences.class_id')
      .leftJoin('rooms', 'rooms.id', 'class_occurrences.room_id')
      .select(['class_bookings.id', 'class_occurrences.starts_at', 'class_occurrences.ends_at', 'class_occurrences.status', 'catalog_items.name', 'rooms.name as room_name'])
      .where('class_bookings.contact_id', '=', owner.contact_id)
      .where('class_bookings.status', '<>', 'cancelled')
      .where('class_occurrences.starts_at', '>=', new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS))
      .where('class_occurrences.starts_at', '<', new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS))
      .orderBy('class_occurrences.starts_at')
      .execute()
  })
  if (bookings === null) return null
  const siteName = tenant.settings.title.trim() || tenant.name
  return icalendarDocument({
    productId: `-//${siteName}//My classes//EN`,
    name: `${siteName}: my classes`,
    generatedAt: now,
    events: bookings.map((booking) => ({
      uid: `booking-${booking.id}@${tenant.orgId}`,
      start: booking.starts_at,
      end: booking.ends_at,
      summary: booking.name,
      location: tenant.settings.isShowRoomName ? booking.room_name : null,
      cancelled: booking.status === 'cancelled',
    })),
  })
}
