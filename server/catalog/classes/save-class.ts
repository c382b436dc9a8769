import { tenantToday } from '#server/dates/tenant-today'
import type { TenantExecutor } from '#db/tenant-scope'
import { uniqueSeoSlug } from '#server/catalog/seo-slug'
import { writeCatalog } from '#server/catalog/write-catalog'
import { err, ok, type Err, type Ok, type Refusal, type WordedResult } from '#server/errors/result'
import { sanitizeFormHtml } from '#server/forms/sanitize-form-html'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { CLASS_FORM_MESSAGES, ROOM_MESSAGES, type ClassDetailsInput } from './class-form-schema'
import { findClass, selectSchedules, type StoredSchedule } from './class-rows'
import type { ClassRuleInput } from './class-rule-schema'
import { BookedOccurrencesDropped, changeSeries, insertSeries, isCurrent, seriesValuesOf } from './class-series'

export type ClassPlatform = Pick<Platform, 'database' | 'caches' | 'clock'>

/** Messages by form field ('' for the whole form), as a refused class form shows them. */
export type ClassFieldErrors = Record<string, string[]>

/** Why a class form was refused; nothing was written. */
export type ClassFormRefusal = Refusal<'invalid_input' | 'conflict', ClassFieldErrors>

/** The saved class's guid; or no such class; or a refusal with its message next to the field. */
export type ClassSaveResult = Ok<{ guid: string }> | Err<'not_found'> | ClassFormRefusal

/** A class form refused with one message, shown next to `field` ('' for the whole form). */
export function refuseClassForm(error: ClassFormRefusal['error'], field: string, message: string): ClassFormRefusal {
  return err(error, message, { [field]: [message] })
}

/** The name of the single price option a paid class is sold by (issue 10). */
export const DROP_IN_PRICE_NAME = 'Drop-in'


/** A new class with its first rule (weekly or a one-off session), unpublished or published as asked. */
export async function createClass(platform: ClassPlatform, tenant: Tenant, input: { details: ClassDetailsInput; rule: ClassRuleInput; actorContactId: string | null }): Promise<Ok<{ guid: string }> | ClassFormRefusal> {
  const { details, rule } = input
  return writeCatalog(platform, tenant.id, async (trx): Promise<Ok<{ guid: string }> | ClassFormRefusal> => {
    const slug = await chooseSlug(trx, details, null)
    if (!slug) return refuseClassForm('conflict', 'slug', CLASS_FORM_MESSAGES.slugTaken)
    const item = await trx
      .insertInto('catalog_items')
      .values({
        tenant_id: tenant.id,
        kind: 'class',
        name: details.name,
        slug,
        summary: details.summary,
        description_html: sanitizeFormHtml(details.descriptionHtml),
        payment_type: details.paymentType,
        is_published: details.isPublished,
        created_by: input.actorContactId,
      })
      .returning(['id', 'guid'])
      .executeTakeFirstOrThrow()
    await keepDropInPrice(trx, tenant, item.id, details.dropInMinor)
    await insertSeries(trx, tenant.id, item.id, seriesValuesOf(rule, sharedOf(details, tenant)))
    return ok({ guid: item.guid })
  })
}

/**
 * The class's details. Teacher, room, length and capacity are the class's series' values, so
 * they change from today on (decision 111); the colour changes everywhere.
 */
export async function updateClassDetails(platform: ClassPlatform, tenant: Tenant, input: { unverifiedGuid: string | undefined; details: ClassDetailsInput }): Promise<ClassSaveResult> {
  const { details } = input
  const today = tenantToday(platform, tenant)
  try {
    return await writeCatalog(platform, tenant.id, async (trx): Promise<ClassSaveResult> => {
      const item = await findClass(trx, input.unverifiedGuid)
      if (!item) return err('not_found')
      const slug = await chooseSlug(trx, details, item.id)
      if (!slug) return refuseClassForm('conflict', 'slug', CLASS_FORM_MESSAGES.slugTaken)
      await trx
        .updateTable('catalog_items')
        .set({
          name: details.name,
          slug,
          summary: details.summary,
          description_html: sanitizeFormHtml(details.descriptionHtml),
          payment_type: details.paymentType,
          is_published: details.isPublished,
          updated_at: new Date(),
        })
        .where('id', '=', item.id)
        .execute()
      await keepDropInPrice(trx, tenant, item.id, details.dropInMinor)
      const shared = sharedOf(details, tenant)
      for (const row of await selectSchedules(trx, [item.id])) {
        // A rule that has ended is history: only its colour follows the class.
        const next = isCurrent(row, today) ? { ...valuesOf(row), ...shared, time_zone: row.time_zone } : { ...valuesOf(row), colour: shared.colour }
        await changeSeries(trx, tenant.id, row, next, today)
      }
      return ok({ guid: item.guid })
    })
  } catch (error) {
    if (error instanceof BookedOccurrencesDropped) return refuseClassForm('conflict', '', error.message)
    throw error
  }
}

/** Archives or restores a class: archived classes leave the calendar and the list (unless shown). */
export async function setClassArchived(platform: ClassPlatform, tenant: Tenant, input: { unverifiedGuid: string | undefined; archived: boolean }): Promise<{ name: string } | null> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const item = await findClass(trx, input.unverifiedGuid)
    if (!item) return null
    await trx.updateTable('catalog_items').set({ is_archived: input.archived, updated_at: new Date() }).where('id', '=', item.id).execute()
    return { name: item.name }
  })
}

/** A new room; its name is unique per tenant, whatever its case. */
export async function addRoom(platform: ClassPlatform, tenant: Tenant, name: string): Promise<WordedResult<{ id: string }, 'conflict'>> {
  return writeCatalog(platform, tenant.id, async (trx): Promise<WordedResult<{ id: string }, 'conflict'>> => {
    const taken = await trx.selectFrom('rooms').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase())).executeTakeFirst()
    if (taken) return err('conflict', ROOM_MESSAGES.taken)
    const row = await trx.insertInto('rooms').values({ tenant_id: tenant.id, name }).returning('id').executeTakeFirstOrThrow()
    return ok({ id: row.id })
  })
}

export function valuesOf(row: StoredSchedule) {
  return {
    recurrence: row.recurrence,
    start_date: row.start_date,
    start_time: row.start_time,
    time_zone: row.time_zone,
    weekdays: row.weekdays,
    until_date: row.until_date,
    weeks: row.weeks,
    duration_minutes: row.duration_minutes,
    capacity: row.capacity,
    colour: row.colour,
    teacher_id: row.teacher_id,
    room_id: row.room_id,
  }
}

function sharedOf(details: ClassDetailsInput, tenant: Tenant) {
  return {
    time_zone: tenant.settings.timezone,
    duration_minutes: details.durationMinutes,
    capacity: details.capacity,
    colour: details.colour,
    teacher_id: details.teacherId,
    room_id: details.roomId,
  }
}

/** The slug to store, or null when the one typed belongs to another class. */
async function chooseSlug(trx: TenantExecutor, details: ClassDetailsInput, ownId: string | null): Promise<string | null> {
  const others = await trx
    .selectFrom('catalog_items')
    .select('slug')
    .where('kind', '=', 'class')
    .$if(ownId !== null, (query) => query.where('id', '<>', ownId as string))
    .execute()
  const taken = new Set(others.map((row) => row.slug))
  if (details.slug) return taken.has(details.slug) ? null : details.slug
  return uniqueSeoSlug(details.name, taken, 'class')
}

/** A paid class has one live 'Drop-in' price in the tenant's currency; a free class none. */
async function keepDropInPrice(trx: TenantExecutor, tenant: Tenant, itemId: string, amountMinor: number | null): Promise<void> {
  const existing = await trx.selectFrom('item_price_options').select(['id']).where('item_id', '=', itemId).where('name', '=', DROP_IN_PRICE_NAME).executeTakeFirst()
  if (amountMinor === null) {
    if (existing) await trx.updateTable('item_price_options').set({ is_archived: true, updated_at: new Date() }).where('id', '=', existing.id).execute()
    return
  }
  const currency = tenant.settings.defaultCurrency || 'USD'
  if (existing) {
    await trx.updateTable('item_price_options').set({ price_minor: amountMinor, currency, is_archived: false, updated_at: new Date() }).where('id', '=', existing.id).execute()
  } else {
    await trx.insertInto('item_price_options').values({ tenant_id: tenant.id, item_id: itemId, name: DROP_IN_PRICE_NAME, price_minor: amountMinor, currency }).execute()
  }
}
