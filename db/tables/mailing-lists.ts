import type { Generated } from 'kysely'
import type { CreatedAt } from './column-types'

/** The resync's status words as stored (settings spec, Mailing list sync status). */
export type MailingListSyncStatus = 'not_started' | 'in_progress' | 'complete' | 'failed'

/** A studio's mailing list at its Mailchimp-style provider, with the resync's state. */
export interface MailingListsTable {
  id: Generated<string>
  tenant_id: string
  name: string
  list_id: string
  /** The API key, sealed (server/security/secret-box.ts); never sent to a browser. */
  api_key_sealed: string
  /** The key's last four characters, to show it masked. */
  api_key_last4: string
  from_name: string
  from_email: string
  is_active_list: Generated<boolean>
  status: Generated<MailingListSyncStatus>
  /** The run in progress or last run; a run that finds another id has been replaced and stops. */
  run_id: string | null
  sync_total: Generated<number>
  sync_done: Generated<number>
  /** The last contact id of the last batch the provider took in this run. */
  sync_cursor: string | null
  member_errors: Generated<number>
  last_member_error: string | null
  failure: string | null
  started_at: Date | null
  finished_at: Date | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface MailingListTables {
  mailing_lists: MailingListsTable
}
