import type { Generated } from 'kysely'
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

export interface ContactTables {
  tags: TagsTable
  contact_tags: ContactTagsTable
}
