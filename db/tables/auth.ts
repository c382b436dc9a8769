import type { Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './column-types'

export interface PasswordResetTokensTable {
  id: Generated<string>
  tenant_id: string
  contact_id: string
  /** sha256 hex of the token sent by email; the token itself is never stored. */
  token_hash: string
  expires_at: Timestamp
  used_at: Timestamp | null
  requested_ip: string | null
  created_at: CreatedAt
}

export interface AuthTables {
  password_reset_tokens: PasswordResetTokensTable
}
