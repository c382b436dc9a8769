import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { listMeetingConnections, usableAccessToken } from './meeting-connections'
import { createMeeting } from './meeting-oauth'
import { MEETING_MESSAGES, MEETING_PROVIDER_NAMES, MEETING_PROVIDERS, meetingProviderConfig, type MeetingProvider } from './meeting-providers'

/** What may have a meeting: a class series or an event (the spec's class rule). */
export type MeetingItemKind = 'class' | 'event'

export interface MeetingItem {
  id: string
  guid: string
  kind: MeetingItemKind
  name: string
}

/** The link as staff see it on the class or event screen. */
export interface StaffMeetingLink {
  url: string
  provider: MeetingProvider
  providerName: string
  generatedAt: string
}

/** The meeting panel of a class or event edit screen. */
export interface MeetingPanel {
  itemGuid: string
  link: StaffMeetingLink | null
  connected: Array<{ provider: MeetingProvider; name: string }>
}

const guidSchema = z.string().uuid()

/** How a refusal names a provider that was not one of the connected ones. */
export const THAT_PROVIDER = 'That provider'

/** A class or event of this tenant by its guid; null for anything else, another tenant's included. */
export async function findMeetingItem(platform: Pick<Platform, 'database'>, tenantId: string, unverifiedGuid: string | undefined): Promise<MeetingItem | null> {
  const guid = guidSchema.safeParse(unverifiedGuid)
  if (!guid.success) return null
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx.selectFrom('catalog_items').select(['id', 'guid', 'kind', 'name']).where('guid', '=', guid.data).where('kind', 'in', ['class', 'event']).executeTakeFirst(),
  )
  return row && (row.kind === 'class' || row.kind === 'event') ? { id: row.id, guid: row.guid, kind: row.kind, name: row.name } : null
}

export async function loadMeetingPanel(platform: Pick<Platform, 'database'>, tenantId: string, item: { guid: string }): Promise<MeetingPanel> {
  const [connections, row] = await Promise.all([
    listMeetingConnections(platform, tenantId),
    withTenant(platform.database, tenantId, (trx) =>
      trx
        .selectFrom('meeting_links')
        .innerJoin('catalog_items', 'catalog_items.id', 'meeting_links.item_id')
        .select(['meeting_links.meeting_url', 'meeting_links.provider', 'meeting_links.generated_at'])
        .where('catalog_items.guid', '=', item.guid)
        .executeTakeFirst(),
    ),
  ])
  return {
    itemGuid: item.guid,
    link: row ? { url: row.meeting_url, provider: row.provider, providerName: MEETING_PROVIDER_NAMES[row.provider], generatedAt: row.generated_at.toISOString() } : null,
    connected: connections.map((connection) => ({ provider: connection.provider, name: MEETING_PROVIDER_NAMES[connection.provider] })),
  }
}

export type RegenerateRefusal = 'invalid_input' | 'unavailable'

/**
 * Generate or regenerate: a new meeting at the chosen connected provider (or the only one, Zoom
 * first), replacing the item's link. No provider connected, an expired grant or a provider
 * refusal each answer a message and write nothing.
 */
export async function regenerateMeetingLink(
  platform: Pick<Platform, 'database' | 'env' | 'logger'>,
  tenantId: string,
  input: { item: MeetingItem; provider: MeetingProvider | null; actorContactId: string; now: Date },
): Promise<WordedResult<{ url: string; replaced: boolean }, RegenerateRefusal>> {
  const connected = (await listMeetingConnections(platform, tenantId)).map((connection) => connection.provider)
  if (connected.length === 0) return err('invalid_input', MEETING_MESSAGES.notConnected)
  const provider = input.provider ?? MEETING_PROVIDERS.find((each) => connected.includes(each)) ?? null
  if (!provider || !connected.includes(provider)) return err('invalid_input', MEETING_MESSAGES.providerNotConnected(provider ? MEETING_PROVIDER_NAMES[provider] : THAT_PROVIDER))
  const token = await usableAccessToken(platform, tenantId, provider, input.now)
  if (!token.ok) return err('unavailable', token.message)
  const config = meetingProviderConfig(platform.env, provider)
  let meeting: Awaited<ReturnType<typeof createMeeting>>
  try {
    meeting = await createMeeting(config, token.value, { topic: input.item.name })
  } catch (error) {
    platform.logger.warn({ err: error, provider }, 'meeting provider did not create a meeting')
    return err('unavailable', MEETING_MESSAGES.providerRefused(config.name))
  }
  const values = { provider, meeting_id: meeting.meetingId, meeting_url: meeting.meetingUrl, generated_by: input.actorContactId, generated_at: input.now }
  const previous = await withTenant(platform.database, tenantId, async (trx) => {
    const before = await trx.selectFrom('meeting_links').select('id').where('item_id', '=', input.item.id).executeTakeFirst()
    await trx
      .insertInto('meeting_links')
      .values({ tenant_id: tenantId, item_id: input.item.id, ...values })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'item_id']).doUpdateSet(values))
      .execute()
    return before
  })
  return ok({ url: meeting.meetingUrl, replaced: previous !== undefined })
}

/** The meeting link of an event, for a contact registered on it (a live registration); null otherwise. */
export async function meetingUrlForRegisteredEvent(platform: Pick<Platform, 'database'>, tenantId: string, contactId: string, eventGuid: string): Promise<string | null> {
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('meeting_links')
      .innerJoin('catalog_items', 'catalog_items.id', 'meeting_links.item_id')
      .innerJoin('event_registrations', 'event_registrations.event_id', 'catalog_items.id')
      .select('meeting_links.meeting_url')
      .where('catalog_items.guid', '=', eventGuid)
      .where('catalog_items.kind', '=', 'event')
      .where('event_registrations.contact_id', '=', contactId)
      .where('event_registrations.status', '<>', 'cancelled')
      .executeTakeFirst(),
  )
  return row?.meeting_url ?? null
}
