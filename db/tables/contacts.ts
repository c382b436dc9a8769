import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Json, Timestamp } from './column-types'

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

/** A staff note on a contact's profile. */
export interface ContactNotesTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  contact_id: string
  author_contact_id: string | null
  author_name: Generated<string>
  body: string
  created_at: CreatedAt
  updated_at: CreatedAt
}

export type GuardianRelation = 'guardian' | 'mother' | 'father'

/** A guardian (parent) of a child, both contacts; siblings share a guardian. */
export interface ContactGuardiansTable {
  tenant_id: string
  guardian_id: string
  child_id: string
  relation: ColumnType<GuardianRelation, GuardianRelation | undefined, GuardianRelation>
  is_emergency_contact: Generated<boolean>
  created_at: CreatedAt
}

/** One contact's value of one custom field, in the column its type calls for (exactly one is set). */
export interface ContactFieldValuesTable {
  tenant_id: string
  contact_id: string
  field_id: string
  value_text: string | null
  /** numeric: pg returns it as a string. */
  value_number: ColumnType<string | null, string | number | null | undefined, string | number | null>
  value_bool: boolean | null
  updated_at: CreatedAt
}

export type ContactImportStatus = 'mapping' | 'queued' | 'running' | 'done' | 'failed'

/** A CSV import of contacts: the uploaded file, its column mapping and the job's progress. */
export interface ContactImportsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  created_by: string | null
  file_name: string
  file_key: string
  file_bytes: ColumnType<string | number, string | number, string | number>
  delimiter: ColumnType<',' | ';', ',' | ';' | undefined, ',' | ';'>
  header: Json<string[]>
  mapping: Json<Record<string, string>>
  on_duplicate: ColumnType<'skip' | 'update', 'skip' | 'update' | undefined, 'skip' | 'update'>
  status: ColumnType<ContactImportStatus, ContactImportStatus | undefined, ContactImportStatus>
  total_rows: Generated<number>
  rows_done: Generated<number>
  created_count: Generated<number>
  updated_count: Generated<number>
  skipped_count: Generated<number>
  error_count: Generated<number>
  failure: string | null
  created_at: CreatedAt
  started_at: Timestamp | null
  finished_at: Timestamp | null
}

/** One refused row of an import, with the row's values so the error file can repeat them. */
export interface ContactImportErrorsTable {
  tenant_id: string
  import_id: string
  row_number: number
  message: string
  row_values: Json<string[]>
}

export interface ContactTables {
  contact_counts: ContactCountsTable
  tags: TagsTable
  contact_tags: ContactTagsTable
  contact_notes: ContactNotesTable
  contact_guardians: ContactGuardiansTable
  contact_field_values: ContactFieldValuesTable
  contact_imports: ContactImportsTable
  contact_import_errors: ContactImportErrorsTable
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
