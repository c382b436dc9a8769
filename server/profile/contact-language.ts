import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type Result } from '#server/errors/result'
import { LANGUAGES, type Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'

/** My Profile's language form: one of the languages the product speaks. */
export const languageFormSchema = z.object({ intent: z.literal('language'), language: z.enum(LANGUAGES) })

export const LANGUAGE_MESSAGES = {
  saved: 'Language saved.',
  notSaved: 'Choose English or Türkçe.',
} as const

/**
 * Keeps a person's language on their own contact (the session's id, never the form's), so
 * their pages speak it on any browser that carries no choice of its own. not_found when the
 * contact is not in this tenant (a franchise's profile lives in its master organisation).
 */
export async function saveContactLanguage(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Pick<Tenant, 'id'>,
  contactId: string,
  language: Language,
): Promise<Result<undefined, 'not_found'>> {
  const result = await withTenant(platform.database, tenant.id, (trx) =>
    trx.updateTable('contacts').set({ language, updated_at: new Date() }).where('id', '=', contactId).executeTakeFirst(),
  )
  if (result.numUpdatedRows === 0n) return err('not_found')
  platform.caches.changed(tenant.id, ['contacts'])
  return ok()
}
