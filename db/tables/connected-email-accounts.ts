import type { Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './column-types'

/** The mail providers a staff member can connect (settings spec: googlemail, zohomail, outlookmail). */
export const EMAIL_PROVIDERS = ['googlemail', 'zohomail', 'outlookmail'] as const
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number]

/** A staff member's own mailbox, connected by OAuth; unique per owner and address. */
export interface ConnectedEmailAccountsTable {
  id: Generated<string>
  tenant_id: string
  /** The staff member who connected it; only they (or an admin) revoke it. */
  owner_contact_id: string
  provider: EmailProvider
  /** The mailbox's address, lower case (the spec's userName). */
  user_name: string
  /** Offered to the tenant's other staff as a sender (the spec's isShareAccount). */
  is_shared: Generated<boolean>
  /** Sealed (server/security/secret-box.ts); never sent to a browser. */
  access_token_sealed: string
  refresh_token_sealed: string | null
  /** When the access token stops working; null: the provider did not say. */
  expires_at: Timestamp | null
  connected_at: CreatedAt
  updated_at: CreatedAt
}

export interface ConnectedEmailAccountTables {
  connected_email_accounts: ConnectedEmailAccountsTable
}
