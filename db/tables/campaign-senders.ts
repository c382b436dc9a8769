import type { Generated } from 'kysely'
import type { CreatedAt } from './column-types'

export type SenderVerificationStatus = 'pending' | 'verified' | 'disconnect'

/** A studio's email campaign sender and its domain's DKIM key (one per tenant). */
export interface CampaignSendersTable {
  id: Generated<string>
  tenant_id: string
  from_name: string
  from_email: string
  domain: string
  dkim_selector: string
  /** Base64 SPKI, published in the DKIM TXT record. */
  dkim_public_key: string
  /** PEM sealed with secret-box (purpose 'campaign-sender-dkim'); never leaves the server. */
  dkim_private_key_sealed: string
  verification_token: string
  verification_status: SenderVerificationStatus | null
  is_connected: Generated<boolean>
  records_issued_at: CreatedAt
  check_attempts: Generated<number>
  last_checked_at: Date | null
  last_check_message: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface CampaignSenderTables {
  campaign_senders: CampaignSendersTable
}
