import { sql } from 'kysely'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import type { TenantExecutor } from '#db/tenant-scope'
import { ACTIVITY_TYPES, recordActivity } from '#server/activities/record-activity'
import { err, ok } from '#server/errors/result'
import type { ProfileChangeContext, ProfileChangeResult } from './profile-change'
import { PROFILE_MESSAGES, tagCreatedMessage } from './profile-forms'

async function findTagByName(trx: TenantExecutor, name: string) {
  return trx.selectFrom('tags').select(['id', 'name']).where(sql<boolean>`lower(name) = lower(${name})`).executeTakeFirst()
}

/**
 * Puts a tag on the contact by its name: the tenant's tag of that name in any case, or a new tag
 * made on the spot (names are unique per tenant whatever their case, tags_tenant_name_unique).
 */
export async function addContactTag({ trx, tenantId, contact }: ProfileChangeContext, name: string): Promise<ProfileChangeResult> {
  let tag = await findTagByName(trx, name)
  let created = false
  if (!tag) {
    // Another post may create the same name meanwhile: the unique index decides, and we take its tag.
    const inserted = await trx.insertInto('tags').values({ tenant_id: tenantId, name }).onConflict((conflict) => conflict.doNothing()).returning(['id', 'name']).executeTakeFirst()
    created = inserted !== undefined
    tag = inserted ?? (await findTagByName(trx, name))
    if (!tag) throw new Error('a tag refused as a duplicate could not be read back')
  }
  const linked = await trx
    .insertInto('contact_tags')
    .values({ tenant_id: tenantId, contact_id: contact.id, tag_id: tag.id })
    .onConflict((conflict) => conflict.doNothing())
    .returning('tag_id')
    .executeTakeFirst()
  if (!linked) return err('invalid_input', PROFILE_MESSAGES.tagAlreadyOn)
  await recordActivity(trx, { tenantId, contactId: contact.id, type: ACTIVITY_TYPES.tagAdded, text: ACTIVITY_LINES.tagAdded(tag.name), details: { tagId: tag.id } })
  return ok({ message: created ? tagCreatedMessage(tag.name) : PROFILE_MESSAGES.tagAdded, tab: 'tags' })
}
