import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { openSecret, sealSecret } from '#server/security/secret-box'
import { MailchimpCallFailed, mailchimpBase, mailchimpClient } from './mailchimp-client'
import { lastFourOf, MAILING_LIST_MESSAGES, needsResetConfirmation, parseMailingListForm, type MailingListFormErrors, type MailingListFormValues } from './mailing-list-form'
import { openMailingListKey, sealMailingListKey } from './mailing-list-store'

export const PROVIDER_REFUSALS = {
  noDataCentre: 'This API Key does not name its data centre (it ends with one, such as -us6). Copy the whole key from Mailchimp.',
  keyRefused: (detail: string) => `Mailchimp refused this API Key: ${detail}`,
  listNotFound: (detail: string) => `Mailchimp has no audience with this Audience ID: ${detail}`,
  unreachable: (detail: string) => `Mailchimp could not be reached, so nothing was saved: ${detail}`,
  keptKeyUnreadable: 'The saved API Key can no longer be read. Please paste it again.',
} as const

export type SaveRefusal = { errors: MailingListFormErrors; values: MailingListFormValues; formError: string | null }

/** Saving asks first: the values (without the key) and the new key sealed for the confirming post only. */
export type SaveOutcome = { kind: 'saved'; created: boolean } | { kind: 'confirm'; values: MailingListFormValues; pendingKey: string }

/** The purpose of a key held in the confirmation form: it opens only there, for this studio. */
const pendingPurpose = (tenantId: string) => `mailing-list-pending-key:${tenantId}`

type SavePlatform = Pick<Platform, 'database' | 'env'>

/**
 * The mailing list form, saved. The key is checked with the provider first (a ping and a read
 * of the audience), so a key or audience the provider refuses is said at once and nothing is
 * written. Changing the audience or the key after a complete sync asks first (spec) and resets
 * the sync status; a confirmed post carries the new key sealed, never in clear. The key is
 * sealed at rest and only its last four characters are kept in clear.
 */
export async function saveMailingList(platform: SavePlatform, tenantId: string, form: FormData, now: Date): Promise<WordedResult<SaveOutcome, 'invalid_input' | 'conflict', SaveRefusal>> {
  const saved = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('mailing_lists').select(['list_id', 'api_key_sealed', 'status']).executeTakeFirst())
  const pendingSealed = typeof form.get('pendingKey') === 'string' ? String(form.get('pendingKey')) : ''
  const pendingKey = pendingSealed ? openSecret(platform.env.APP_SECRET, pendingPurpose(tenantId), pendingSealed) : null
  if (pendingKey && !form.get('apiKey')) form.set('apiKey', pendingKey)
  const parsed = parseMailingListForm(form, saved !== undefined)
  if (!parsed.ok) return err('invalid_input', parsed.message, { ...parsed.details, formError: null })
  const input = parsed.value
  const values: MailingListFormValues = { ...input, apiKey: '' }
  const refuse = (formError: string, errors: MailingListFormErrors = {}) => err('invalid_input', formError, { errors, values, formError })

  const keptKey = saved ? openMailingListKey(platform, tenantId, saved.api_key_sealed) : null
  if (saved && input.apiKey === null && keptKey === null) return refuse(PROVIDER_REFUSALS.keptKeyUnreadable, { apiKey: MAILING_LIST_MESSAGES.apiKeyRequired })
  const apiKey = input.apiKey ?? keptKey ?? ''
  const keyChanged = input.apiKey !== null && input.apiKey !== keptKey
  const resets = needsResetConfirmation(saved ? { status: saved.status, listId: saved.list_id } : null, input, keyChanged)
  if (resets && form.get('confirmReset') !== 'yes') {
    return ok({ kind: 'confirm', values, pendingKey: input.apiKey ? sealSecret(platform.env.APP_SECRET, pendingPurpose(tenantId), input.apiKey) : '' })
  }

  const base = mailchimpBase(platform.env, apiKey)
  if (!base) return refuse(PROVIDER_REFUSALS.noDataCentre, { apiKey: PROVIDER_REFUSALS.noDataCentre })
  const client = mailchimpClient(base, apiKey, 15_000)
  try {
    await client.ping()
  } catch (error) {
    if (!(error instanceof MailchimpCallFailed)) throw error
    if (error.status === 401 || error.status === 403) return refuse(PROVIDER_REFUSALS.keyRefused(error.detail), { apiKey: PROVIDER_REFUSALS.keyRefused(error.detail) })
    return refuse(PROVIDER_REFUSALS.unreachable(error.detail))
  }
  try {
    await client.readList(input.listId)
  } catch (error) {
    if (!(error instanceof MailchimpCallFailed)) throw error
    if (error.status === 404) return refuse(PROVIDER_REFUSALS.listNotFound(error.detail), { listId: PROVIDER_REFUSALS.listNotFound(error.detail) })
    if (error.status === 401 || error.status === 403) return refuse(PROVIDER_REFUSALS.keyRefused(error.detail), { apiKey: PROVIDER_REFUSALS.keyRefused(error.detail) })
    return refuse(PROVIDER_REFUSALS.unreachable(error.detail))
  }

  const listChanged = !saved || saved.list_id !== input.listId || keyChanged
  const fields = {
    name: input.name,
    list_id: input.listId,
    from_name: input.fromName,
    from_email: input.fromEmail,
    is_active_list: true,
    updated_at: now,
    ...(keyChanged || !saved ? { api_key_sealed: sealMailingListKey(platform, tenantId, apiKey), api_key_last4: lastFourOf(apiKey) } : {}),
  }
  // A new audience or key starts over: whatever ran before ran elsewhere (a run still going stops at its next batch).
  const reset = { status: 'not_started' as const, run_id: null, sync_total: 0, sync_done: 0, sync_cursor: null, member_errors: 0, last_member_error: null, failure: null, started_at: null, finished_at: null }
  await withTenant(platform.database, tenantId, async (trx) => {
    if (!saved) {
      await trx
        .insertInto('mailing_lists')
        .values({ tenant_id: tenantId, ...fields, api_key_sealed: sealMailingListKey(platform, tenantId, apiKey), api_key_last4: lastFourOf(apiKey) })
        .execute()
      return
    }
    await trx
      .updateTable('mailing_lists')
      .set({ ...fields, ...(listChanged ? reset : {}) })
      .execute()
  })
  return ok({ kind: 'saved', created: !saved })
}
