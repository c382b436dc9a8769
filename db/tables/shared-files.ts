import type { Generated } from 'kysely'
import type { CreatedAt } from './column-types'

/** A file staff keep for the studio, its bytes in the tenant's private file store (docs/decisions/147). */
export interface SharedFilesTable {
  id: Generated<string>
  tenant_id: string
  name: string
  content_type: string
  size_bytes: number
  storage_key: string
  /** The uploader's name as it was then. */
  uploaded_by: string | null
  created_at: CreatedAt
}

/** Who may download a file: one contact, or every student when contact_id is null. */
export interface SharedFileSharesTable {
  id: Generated<string>
  tenant_id: string
  file_id: string
  contact_id: string | null
  created_at: CreatedAt
}

export interface SharedFileTables {
  shared_files: SharedFilesTable
  shared_file_shares: SharedFileSharesTable
}
