import type { Generated } from 'kysely'
import type { CreatedAt, Json } from './column-types'

/** A studio's own website template (the shared ones ship as code: server/website/master-templates). */
export interface WebTemplatesTable {
  id: Generated<string>
  tenant_id: string
  name: string
  page_type: string
  /** Sanitised body HTML. */
  html: string
  /** The template's CSS, unscoped. */
  css: Generated<string>
  /** The visual editor's project data, when the template was saved from it. */
  design: Json<unknown> | null
  created_at: CreatedAt
}

export interface WebTemplateTables {
  web_templates: WebTemplatesTable
}
