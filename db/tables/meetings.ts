import type { Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './column-types'

/** The online meeting providers a studio can connect (settings spec: zoom or googlemeet). */
export const MEETING_PROVIDERS = ['zoom', 'googlemeet'] as const
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number]

/** A studio's OAuth grant at a meeting provider; one per provider. */
export interface MeetingConnectionsTable {
  id: Generated<string>
  tenant_id: string
  provider: MeetingProvider
  /** The provider account's email, shown on /oauth/omeeting. */
  account_email: string | null
  /** Sealed (server/security/secret-box.ts); never sent to a browser. */
  access_token_sealed: string
  refresh_token_sealed: string | null
  /** When the access token stops working; null: the provider did not say. */
  expires_at: Timestamp | null
  connected_by: string | null
  connected_at: CreatedAt
  updated_at: CreatedAt
}

/** The meeting of a class series or an event; one per catalog item, replaced when regenerated. */
export interface MeetingLinksTable {
  id: Generated<string>
  tenant_id: string
  item_id: string
  provider: MeetingProvider
  meeting_id: string
  meeting_url: string
  generated_by: string | null
  generated_at: CreatedAt
}

export interface MeetingTables {
  meeting_connections: MeetingConnectionsTable
  meeting_links: MeetingLinksTable
}
