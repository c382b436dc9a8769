import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Json, Timestamp } from './column-types'

export type CustomFieldType = 'text' | 'email' | 'number' | 'textarea' | 'checkbox' | 'radio' | 'dropdown' | 'header'

export interface CustomFieldsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  name: string
  /** Merge tag: lowercase letters and digits, at most 25, unique in the tenant. */
  tag: string | null
  type: CustomFieldType
  placeholder: Generated<string>
  /** The spec's fieldName: helper text under the input. */
  help_text: Generated<string>
  is_mandatory: Generated<boolean>
  is_phone_number: Generated<boolean>
  /** option1 to option6 of radio and dropdown fields, in order, empty ones left out. */
  options: Json<string[]>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export type CustomFormType = 'STUDENT_REGISTRATION' | 'WAIVER' | 'EVENT_REGISTRATION' | 'GENERAL'

export interface CustomFormsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  name: string
  form_type: CustomFormType
  is_name: Generated<boolean>
  is_email: Generated<boolean>
  is_phone: Generated<boolean>
  is_show_emergency_contact: Generated<boolean>
  is_show_birthdate: Generated<boolean>
  is_show_guardian: Generated<boolean>
  is_sign_required: Generated<boolean>
  /** Checkout asks this Student Registration form's questions (one per tenant). */
  is_asked_at_checkout: Generated<boolean>
  /** Sanitised HTML (rich text). */
  before_form_html: Generated<string>
  sub_header_html: Generated<string>
  after_form_html: Generated<string>
  is_published: Generated<boolean>
  /** Bumped on every edit; a signed submission records the version it was signed against. */
  version: Generated<number>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface CustomFormFieldsTable {
  tenant_id: string
  form_id: string
  field_id: string
  sequence: number
}

export type PdfStatus = 'IN_PROGRESS' | 'COMPLETE' | 'ERROR'
export type SignMethod = 'drawn' | 'typed'

export interface FormSubmissionsTable {
  id: Generated<string>
  tenant_id: string
  form_id: string
  form_version: number
  form_name: string
  contact_id: string | null
  first_name: Generated<string>
  last_name: Generated<string>
  email: string | null
  phone: string | null
  /** The canonical submission (see server/forms/canonical-submission.ts). */
  data: Json<Record<string, unknown>>
  sign_method: SignMethod | null
  /** Base64 PNG of a drawn signature. */
  signature_png: string | null
  signed_name: string | null
  signed_at: Timestamp | null
  signer_ip: string | null
  signer_user_agent: string | null
  /** SHA-256 hex over the canonical submission and the signature record. */
  integrity_hash: string
  pdf_status: ColumnType<PdfStatus, PdfStatus | undefined, PdfStatus>
  pdf_file_key: string | null
  pdf_error: string | null
  /** sha256 hex of the unguessable token in the thank-you and download links. */
  download_token_hash: string
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface ActivitiesTable {
  id: Generated<string>
  tenant_id: string
  contact_id: string
  type: string
  text: string
  details: Json<Record<string, unknown>>
  created_at: CreatedAt
}

export interface FormsTables {
  custom_fields: CustomFieldsTable
  custom_forms: CustomFormsTable
  custom_form_fields: CustomFormFieldsTable
  form_submissions: FormSubmissionsTable
  activities: ActivitiesTable
}
