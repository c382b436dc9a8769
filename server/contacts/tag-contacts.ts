import { sql } from 'kysely'
import { z } from 'zod'
import type { TenantExecutor } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import type { ContactSelection } from './contact-selection'
import { notFoundCount, selectedContactsWhere } from './selected-contacts'
import type { Platform } from '#server/platform'
import { writeContactBook } from '#server/contacts/write-contact-book'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { shownCount } from './shown-count'

export const TAG_NAME_MAX = 100

/** The tag form's refusals; the page shows them in its language. */
export const TAG_FORM_MESSAGES = {
  chooseFromList: 'Choose a tag from the list.',
  tooLong: `A tag name is at most ${TAG_NAME_MAX} characters.`,
  chooseOrType: 'Choose a tag or type a new one.',
  onlyExisting: 'Only a tag that exists can be removed: choose it from the list.',
  gone: 'That tag no longer exists.',
} as const

/**
 * The tag form of the bulk 'Tag' confirmation: an existing tag (`tagId`) or a new name
 * (`newTag`, which wins when both are given), and whether to add or remove it.
 */
export const bulkTagSchema = z
  .object({
    mode: z.enum(['add', 'remove']).default('add'),
    tagId: z.preprocess((value) => (value === '' ? undefined : value), z.string().uuid({ message: TAG_FORM_MESSAGES.chooseFromList }).optional()),
    newTag: z.preprocess(
      (value) => (typeof value === 'string' ? value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim() : value),
      z.string().max(TAG_NAME_MAX, { message: TAG_FORM_MESSAGES.tooLong }).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (!value.newTag && !value.tagId) ctx.addIssue({ code: 'custom', path: ['tagId'], message: TAG_FORM_MESSAGES.chooseOrType })
    if (value.mode === 'remove' && value.newTag) ctx.addIssue({ code: 'custom', path: ['newTag'], message: TAG_FORM_MESSAGES.onlyExisting })
  })

export type BulkTagInput = z.infer<typeof bulkTagSchema>

export interface TagContactsOutcome {
  tagName: string
  /** Contacts that gained (or lost) the tag; those that had it already (or never had it) are not counted. */
  changed: number
  selected: number
  notFound: number
  createdTag: boolean
  message: string
}

/** The tag by name in any case, created when the tenant has none by that name. */
async function tagNamed(trx: TenantExecutor, tenantId: string, name: string): Promise<{ id: string; name: string; created: boolean }> {
  const inserted = await sql<{ id: string; name: string }>`insert into tags (tenant_id, name) values (${tenantId}, ${name})
    on conflict (tenant_id, lower(name)) do nothing returning id, name`.execute(trx)
  if (inserted.rows[0]) return { ...inserted.rows[0], created: true }
  const found = await trx.selectFrom('tags').select(['id', 'name']).where(sql<boolean>`lower(name) = lower(${name})`).executeTakeFirstOrThrow()
  return { ...found, created: false }
}

/**
 * Adds a tag to (or removes it from) every selected contact in one statement; adding twice
 * changes nothing (contact_tags' primary key).
 */
export async function tagContacts(input: {
  platform: Pick<Platform, 'database' | 'caches'>
  tenant: Tenant
  selection: ContactSelection
  tag: BulkTagInput
  /** The language of the page that shows the outcome's message. */
  language?: Language
}): Promise<WordedResult<TagContactsOutcome, 'not_found'>> {
  const { tenant, selection, tag } = input
  return writeContactBook(input.platform, tenant.id, async (trx) => {
    const where = await selectedContactsWhere(trx, selection, tenant)
    let chosen: { id: string; name: string; created: boolean }
    if (tag.newTag) chosen = await tagNamed(trx, tenant.id, tag.newTag)
    else {
      const found = await trx.selectFrom('tags').select(['id', 'name']).where('id', '=', tag.tagId ?? '').executeTakeFirst()
      if (!found) return err('not_found', TAG_FORM_MESSAGES.gone)
      chosen = { ...found, created: false }
    }
    const selected = await trx.selectFrom('contacts').select((eb) => eb.fn.countAll<string | number>().as('count')).where(where).executeTakeFirstOrThrow()
    const selectedCount = Number(selected.count)
    let changed: number
    if (tag.mode === 'add') {
      const result = await trx
        .insertInto('contact_tags')
        .columns(['tenant_id', 'contact_id', 'tag_id'])
        .expression((eb) => eb.selectFrom('contacts').select(['tenant_id', 'id', sql<string>`cast(${chosen.id} as uuid)`.as('tag_id')]).where(where))
        .onConflict((oc) => oc.columns(['contact_id', 'tag_id']).doNothing())
        .executeTakeFirst()
      changed = Number(result.numInsertedOrUpdatedRows ?? 0)
    } else {
      const result = await trx
        .deleteFrom('contact_tags')
        .where('tag_id', '=', chosen.id)
        .where('contact_id', 'in', (eb) => eb.selectFrom('contacts').select('id').where(where))
        .executeTakeFirst()
      changed = Number(result.numDeletedRows)
    }
    const notFound = notFoundCount(selection, selectedCount)
    return ok({ tagName: chosen.name, changed, selected: selectedCount, notFound, createdTag: chosen.created, message: tagMessage(tag.mode, chosen.name, changed, selectedCount, notFound, input.language) })
  })
}

/** "Tag 'X' added to 2 contacts." and who was left as they were, in the page's language. */
export function tagMessage(mode: 'add' | 'remove', name: string, changed: number, selected: number, notFound: number, language: Language = 'en'): string {
  const t = tFor(language, 'contacts')
  const counted = (count: number) => ({ count, shown: shownCount(count, language) })
  const unchanged = selected - changed
  const sentences =
    mode === 'add'
      ? [t('tagAdded', { ...counted(changed), name }), unchanged > 0 ? t('hadItAlready', counted(unchanged)) : '']
      : [t('tagRemoved', { ...counted(changed), name }), unchanged > 0 ? t('didNotHaveIt', counted(unchanged)) : '']
  if (notFound > 0) sentences.push(t('notFoundLeftAlone', counted(notFound)))
  return sentences.filter(Boolean).join(' ')
}
