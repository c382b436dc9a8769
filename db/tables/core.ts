import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Json, Timestamp } from './column-types'


export interface TenantsTable {
  id: Generated<string>
  /** Numeric id shown to staff as "Org Id (tenantId)". pg returns int8 as string. */
  tenant_id: ColumnType<string, never, never>
  org_id: string
  name: string
  parent_tenant_id: string | null
  /** Any status: only a verified one resolves to the tenant (docs/decisions/131). */
  custom_domain: string | null
  custom_domain_status: 'pending' | 'verified' | 'failed' | null
  custom_domain_failure: 'not_found' | 'taken' | null
  /** The value of the TXT record that proves ownership; shown to the tenant, not a secret. */
  custom_domain_token: string | null
  custom_domain_claimed_at: Timestamp | null
  custom_domain_checked_at: Timestamp | null
  is_master_franchise: Generated<boolean>
  /** Validated by `tenantSettingsSchema` on every read and write. */
  settings: Json<Record<string, unknown>>
  created_at: CreatedAt
  updated_at: CreatedAt
  /** A deleted franchise (docs/decisions/133): not resolved by host, not listed, kept 30 days. */
  archived_at: Date | null
  /** Suspended by the platform owner (the master's Tenants screen): not resolved by host until reinstated. */
  suspended_at: Date | null
}

export interface ContactsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  first_name: Generated<string>
  last_name: Generated<string>
  email: string | null
  phone: string | null
  role: string | null
  password_hash: string | null
  is_teacher: Generated<boolean>
  is_account_locked: Generated<boolean>
  is_email_verified: Generated<boolean>
  has_signed_waiver_form: Generated<boolean>
  subscribe_to_mailing_list: Generated<boolean>
  grn_number: string | null
  last_login_at: Timestamp | null
  /** The person's own language, 'en' or 'tr', or null for none chosen (migration contact-language). */
  language: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
  /** User detail notifications: Sales, Contact, Product (migration user-notifications). */
  notify_sales: Generated<boolean>
  notify_contact: Generated<boolean>
  notify_product: Generated<boolean>
  /** The contacts list's fields (migration contacts-list). */
  alt_email1: string | null
  alt_email2: string | null
  alt_email3: string | null
  barcode: string | null
  category: string | null
  sales_stage: string | null
  account_stage: string | null
  is_status_client: Generated<boolean>
  is_status_lead: Generated<boolean>
  is_status_member: Generated<boolean>
  is_status_staff: Generated<boolean>
  is_status_followup: Generated<boolean>
  is_status_inactive: Generated<boolean>
  is_status_other: Generated<boolean>
  is_walk_in: Generated<boolean>
  is_archived: Generated<boolean>
  /** Minor units of the tenant's currency; pg returns int8 as a string, PGlite as a number. */
  balance_minor: ColumnType<string | number, string | number | undefined, string | number>
  /** Kept by Postgres from the name, emails, barcode and phone; never written. */
  sort_name: ColumnType<string, never, never>
  search_text: ColumnType<string, never, never>
  phone_digits: ColumnType<string, never, never>
  /** The profile's fields (migration contact-profile). */
  address_line1: string | null
  address_line2: string | null
  city: string | null
  state: string | null
  zip: string | null
  country: string | null
  /** A calendar date, 'YYYY-MM-DD' (pg's date parser is switched off for it). */
  date_of_birth: string | null
  company: string | null
  description: string | null
  emergency_contact_name: string | null
  emergency_contact_phone: string | null
  lead_source: string | null
  is_send_reminder: Generated<boolean>
  is_send_sms_reminder: Generated<boolean>
  mother_name: string | null
  mother_email: string | null
  mother_phone: string | null
  father_name: string | null
  father_email: string | null
  father_phone: string | null
  picture_key: string | null
}

export interface SessionsTable {
  id: Generated<string>
  tenant_id: string
  token_hash: string
  /** The token before the last rotation, accepted until previous_valid_until. */
  previous_token_hash: string | null
  previous_valid_until: Timestamp | null
  contact_id: string
  state: Json<Record<string, unknown>>
  remember_me: Generated<boolean>
  expires_at: Timestamp
  last_seen_at: CreatedAt
  ip: string | null
  user_agent: string | null
  created_at: CreatedAt
}

export type OutboundEmailStatus = 'queued' | 'sent' | 'failed' | 'outbox'

export interface OutboundEmailsTable {
  id: Generated<string>
  tenant_id: string | null
  to_address: string
  from_address: string
  subject: string
  text_body: string
  html_body: string | null
  status: ColumnType<OutboundEmailStatus, OutboundEmailStatus | undefined, OutboundEmailStatus>
  attempts: Generated<number>
  last_error: string | null
  sent_at: Timestamp | null
  created_at: CreatedAt
}

export interface AuditLogTable {
  id: ColumnType<string, never, never>
  tenant_id: string | null
  actor_contact_id: string | null
  action: string
  target_type: string | null
  target_id: string | null
  details: Json<Record<string, unknown>>
  ip: string | null
  created_at: CreatedAt
}

export interface WebPagesTable {
  id: Generated<string>
  tenant_id: string
  name: string
  title: string
  url: string
  sequence: number
  is_standard: Generated<boolean>
  is_published: Generated<boolean>
  is_external_link: Generated<boolean>
  external_link: string | null
  is_show_navigation: Generated<boolean>
  is_show_footer: Generated<boolean>
  is_legal: Generated<boolean>
  header: Generated<string>
  sub_header: Generated<string>
  html: Generated<string>
  /** The page's own CSS, scoped to the page body when shown. */
  css: Generated<string>
  design: Json<unknown> | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface CoreTables {
  tenants: TenantsTable
  contacts: ContactsTable
  sessions: SessionsTable
  outbound_emails: OutboundEmailsTable
  audit_log: AuditLogTable
  web_pages: WebPagesTable
}
