// `.server`: the routes that import this module are also built for the browser, which must be
// given an empty module in its place (Remix does that for `.server` imports from app/), never sharp.
import { sql } from 'kysely'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { recordContactAudit } from '#server/contacts/contact-audit'
import { parseContactGuid } from '#server/contacts/contact-guid'
import type { Env } from '#server/env.server'
import type { Platform } from '#server/platform'
import { writeContactBook } from '#server/contacts/write-contact-book'
import { err, ok, type WordedResult } from '#server/errors/result'
import { removeImageVariants, renderImageVariants, storeImageVariants, type ImageRefusal } from '#server/files/image-variants'
import type { UploadForm } from '#server/files/read-upload-form'
import { IMAGE_TOO_LARGE } from '#server/files/upload-limits'
import type { Tenant } from '#server/tenancy/tenant'
import { CONTACT_PICTURE_VARIANT_NAMES, CONTACT_PICTURE_VARIANTS } from './contact-picture-url'
import { CONTACT_PICTURE_MESSAGES, PICTURE_INPUT, type PictureIntent } from './picture-form'

interface PictureChange {
  platform: Pick<Platform, 'database' | 'caches'>
  env: Pick<Env, 'DATA_DIR'>
  tenant: Pick<Tenant, 'id'>
  actor: { contactId: string; ip: string | null }
  /** The contact's guid from the address (or the signed-in person's own guid). */
  unverifiedGuid: unknown
}

/** The picture form's post, whichever intent it carries: the contact's guid and what to tell the person. */
export async function changeContactPicture(
  change: PictureChange & { intent: PictureIntent; upload: UploadForm },
): Promise<WordedResult<{ guid: string; message: string }, 'not_found' | ImageRefusal>> {
  const result = change.intent === 'upload-picture' ? await setContactPicture(change) : await removeContactPicture(change)
  if (!result.ok) return result
  const message = change.intent === 'upload-picture' ? CONTACT_PICTURE_MESSAGES.updated : CONTACT_PICTURE_MESSAGES.removed
  return ok({ guid: result.value.guid, message })
}

/**
 * Sets or replaces a contact's picture from an uploaded file. Every check (a file chosen, its
 * size, its bytes, that it decodes) runs before anything is written; then the variants are
 * stored, the contact points at them with an audit line, and the files of the picture it had
 * are deleted. Another tenant's contact is not_found and nothing is kept.
 */
export async function setContactPicture(change: PictureChange & { upload: UploadForm }): Promise<WordedResult<{ guid: string }, 'not_found' | ImageRefusal>> {
  const guid = parseContactGuid(change.unverifiedGuid)
  if (!guid) return err('not_found', CONTACT_PICTURE_MESSAGES.notFound)
  const exists = await withTenant(change.platform.database, change.tenant.id, (trx) => trx.selectFrom('contacts').select('id').where('guid', '=', guid).executeTakeFirst())
  // Another tenant's contact is a 404 before any word about the file.
  if (!exists) return err('not_found', CONTACT_PICTURE_MESSAGES.notFound)

  if (change.upload.oversized.has(PICTURE_INPUT)) return err('payload_too_large', IMAGE_TOO_LARGE)
  const file = change.upload.form.get(PICTURE_INPUT)
  if (!(file instanceof Blob) || file.size === 0) return err('invalid_input', CONTACT_PICTURE_MESSAGES.chooseImage)
  const rendered = await renderImageVariants(file, CONTACT_PICTURE_VARIANTS)
  if (!rendered.ok) return rendered

  const stored = await storeImageVariants(change.env, change.tenant, rendered.value)
  let previous: string | null
  try {
    const written = await writeContactBook(change.platform, change.tenant.id, (trx) => pointContactAt(trx, change, guid, stored.key))
    if (written === undefined) {
      await removeImageVariants(change.env, change.tenant, stored.key, CONTACT_PICTURE_VARIANT_NAMES)
      return err('not_found', CONTACT_PICTURE_MESSAGES.notFound)
    }
    previous = written
  } catch (error) {
    await removeImageVariants(change.env, change.tenant, stored.key, CONTACT_PICTURE_VARIANT_NAMES)
    throw error
  }
  // Only once the contact no longer points at them: a failed save keeps the old picture whole.
  await removeImageVariants(change.env, change.tenant, previous, CONTACT_PICTURE_VARIANT_NAMES)
  return ok({ guid })
}

/** Takes a contact's picture away and deletes its files; a contact without one is left as it is. */
export async function removeContactPicture(change: PictureChange): Promise<WordedResult<{ guid: string }, 'not_found'>> {
  const guid = parseContactGuid(change.unverifiedGuid)
  if (!guid) return err('not_found', CONTACT_PICTURE_MESSAGES.notFound)
  const previous = await writeContactBook(change.platform, change.tenant.id, (trx) => pointContactAt(trx, change, guid, null))
  if (previous === undefined) return err('not_found', CONTACT_PICTURE_MESSAGES.notFound)
  await removeImageVariants(change.env, change.tenant, previous, CONTACT_PICTURE_VARIANT_NAMES)
  return ok({ guid })
}

/**
 * Points the contact at a picture key (or none) with an audit line when that changes; answers
 * the key it had, or undefined when the contact is not this tenant's.
 */
async function pointContactAt(trx: TenantExecutor, change: PictureChange, guid: string, key: string | null): Promise<string | null | undefined> {
  const current = await trx.selectFrom('contacts').select(['id', 'picture_key']).where('guid', '=', guid).forUpdate().executeTakeFirst()
  if (!current) return undefined
  if (current.picture_key === key) return null
  await trx.updateTable('contacts').set({ picture_key: key, updated_at: sql`now()` }).where('id', '=', current.id).execute()
  await recordContactAudit(trx, {
    tenantId: change.tenant.id,
    actorContactId: change.actor.contactId,
    action: 'contact.updated',
    targetGuid: guid,
    changed: ['picture'],
    ip: change.actor.ip,
  })
  return current.picture_key
}
