import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './column-types'

/** A single-use link that proves a contact reads the mailbox it was sent to. */
export interface EmailVerificationTokensTable {
  id: Generated<string>
  tenant_id: string
  contact_id: string
  /** The address the link went to; verifying marks the contact only while it still has it. */
  email: string
  /** sha256 hex of the token in the link; the token itself is never stored. */
  token_hash: string
  expires_at: Timestamp
  used_at: Timestamp | null
  created_at: CreatedAt
}

export type ActivityReportStatus = 'IN_PROGRESS' | 'COMPLETE' | 'ERROR'

/** A contact's activity report PDF, made by a job; the state is what the download page shows. */
export interface ContactActivityReportsTable {
  id: Generated<string>
  tenant_id: string
  contact_id: string
  requested_by: string | null
  status: ColumnType<ActivityReportStatus, ActivityReportStatus | undefined, ActivityReportStatus>
  file_key: string | null
  error: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface ContactActionTables {
  email_verification_tokens: EmailVerificationTokensTable
  contact_activity_reports: ContactActivityReportsTable
}
