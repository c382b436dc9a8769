import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './column-types'

/** A tenant's contact tag (website spec: GET /rest/tag?type=tag); names are unique per tenant, any case. */
export interface TagsTable {
  id: Generated<string>
  tenant_id: string
  name: string
  created_at: CreatedAt
}

export interface ContactTagsTable {
  tenant_id: string
  contact_id: string
  tag_id: string
  created_at: CreatedAt
}

/** Totals per status of a tenant's contacts (archived aside), kept by triggers on contacts. */
export interface ContactCountsTable {
  tenant_id: string
  total: ColumnType<string | number, never, never>
  client: ColumnType<string | number, never, never>
  lead: ColumnType<string | number, never, never>
  member: ColumnType<string | number, never, never>
  staff: ColumnType<string | number, never, never>
  followup: ColumnType<string | number, never, never>
  inactive: ColumnType<string | number, never, never>
  other: ColumnType<string | number, never, never>
}

export interface ContactTables {
  contact_counts: ContactCountsTable
  tags: TagsTable
  contact_tags: ContactTagsTable
}

/** The column behind each status flag of a contact (the spec's contact search filter). */
export const CONTACT_STATUS_COLUMN = {
  client: 'is_status_client',
  lead: 'is_status_lead',
  member: 'is_status_member',
  staff: 'is_status_staff',
  followup: 'is_status_followup',
  inactive: 'is_status_inactive',
  other: 'is_status_other',
} as const
