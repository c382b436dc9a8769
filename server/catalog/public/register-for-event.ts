import { writeCatalog } from '#server/catalog/write-catalog'
import type { Platform } from '#server/platform'
import { eventStateOf } from './item-views'
import { selectEventDetails, selectPublicItems } from './public-item-rows'

/**
 * - registered: the place is taken;
 * - already-registered: the contact held a place already (nothing written);
 * - full, closed: no place was free, or registration is over;
 * - not-free: the event is paid for through checkout;
 * - not-found: no published event of this tenant has the slug.
 */
export type FreeEventRegistration = 'registered' | 'already-registered' | 'full' | 'closed' | 'not-free' | 'not-found'

const UNIQUE_VIOLATION = '23505'
const CHECK_VIOLATION = '23514'

function pgCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined
}

/**
 * Gives a signed-in contact one place at a free event. The place count is kept by the
 * event_registrations trigger under a check that it never passes capacity: when two people
 * take the last place at once, the second insert's count update waits for the first, then
 * breaks the check and rolls back, so that person is told the event is full.
 */
export async function registerForFreeEvent(
  platform: Pick<Platform, 'database' | 'caches'>,
  input: { tenantId: string; contactId: string; unverifiedSlug: string; now: Date },
): Promise<FreeEventRegistration> {
  try {
    return await writeCatalog(platform, input.tenantId, async (trx): Promise<FreeEventRegistration> => {
      const [item] = await selectPublicItems(trx, { kinds: ['event'], slug: input.unverifiedSlug })
      if (!item) return 'not-found'
      const [details] = await selectEventDetails(trx, [item.id])
      if (!details) return 'not-found'
      if (item.paymentType !== 'FREE') return 'not-free'
      const held = await trx
        .selectFrom('event_registrations')
        .select('id')
        .where('event_id', '=', item.id)
        .where('contact_id', '=', input.contactId)
        .where('status', '<>', 'cancelled')
        .executeTakeFirst()
      if (held) return 'already-registered'
      const state = eventStateOf(details, input.now)
      if (state === 'full') return 'full'
      if (state !== 'open') return 'closed'
      await trx.insertInto('event_registrations').values({ tenant_id: input.tenantId, event_id: item.id, contact_id: input.contactId, quantity: 1 }).execute()
      return 'registered'
    })
  } catch (error) {
    if (pgCode(error) === UNIQUE_VIOLATION) return 'already-registered'
    if (pgCode(error) === CHECK_VIOLATION) return 'full'
    throw error
  }
}

/** What the event page says after a registration attempt. */
/** The event page's refusals of a Register post that never reached a registration. */
export const REGISTER_POST_MESSAGES = {
  pressRegister: 'Please press the register button to register.',
  preview: 'Registration is not available while you preview the site.',
} as const

export const REGISTRATION_MESSAGES: Record<Exclude<FreeEventRegistration, 'not-found'>, { type: 'success' | 'error'; message: string }> = {
  registered: { type: 'success', message: 'You are registered. See you there!' },
  'already-registered': { type: 'success', message: 'You are already registered for this event.' },
  full: { type: 'error', message: 'Sorry, this event is full.' },
  closed: { type: 'error', message: 'Registration for this event is closed.' },
  'not-free': { type: 'error', message: 'This event is paid for at checkout.' },
}
