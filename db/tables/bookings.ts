import type { Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './column-types'

/** A student's personal calendar feed address; only the secret's SHA-256 is kept. */
export interface CalendarFeedTokensTable {
  id: Generated<string>
  tenant_id: string
  contact_id: string
  token_hash: string
  created_at: CreatedAt
  revoked_at: Timestamp | null
}

export interface BookingTables {
  calendar_feed_tokens: CalendarFeedTokensTable
}
