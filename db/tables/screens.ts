import type { Generated } from 'kysely'
import type { CreatedAt, Json } from './column-types'

/** One tenant's customisation of one shipped screen descriptor (see server/screens). */
export interface ScreenOverlaysTable {
  id: Generated<string>
  tenant_id: string
  screen_key: string
  base_version: number
  /** Checked by `screenOverlaySchema` on every read and write. */
  overlay: Json<Record<string, unknown>>
  updated_by: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** A tenant's secret (an API key), stored sealed; see server/security/secret-box.ts. */
export interface TenantSecretsTable {
  tenant_id: string
  name: string
  sealed_value: string
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface ScreenTables {
  screen_overlays: ScreenOverlaysTable
  tenant_secrets: TenantSecretsTable
}
