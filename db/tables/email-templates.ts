import type { Generated } from 'kysely'
import type { CreatedAt } from './column-types'

/** A studio's email template; `name` is unique per studio whatever its case. */
export interface EmailTemplatesTable {
  id: Generated<string>
  guid: Generated<string>
  tenant_id: string
  name: string
  /** Plain text with merge tags. */
  subject: string
  /** Sanitised HTML with merge tags. */
  body_html: string
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface EmailTemplateTables {
  email_templates: EmailTemplatesTable
}
