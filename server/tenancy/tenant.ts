import type { TenantRow } from '#db/types'
import { readTenantSettings, type TenantSettings } from './tenant-settings'

/** A resolved tenant, as request code sees it. */
export interface Tenant {
  id: string
  /** The numeric id shown as "Org Id (tenantId)". */
  tenantId: string
  orgId: string
  name: string
  parentTenantId: string | null
  /** The custom domain once verified (the one the tenant is served on); null while pending. */
  customDomain: string | null
  isMasterFranchise: boolean
  /** The platform's own tenant: its orgId equals MASTER_ORG_ID. */
  isMaster: boolean
  settings: TenantSettings
  updatedAt: Date
}

export function tenantFromRow(row: TenantRow, masterOrgId: string): Tenant {
  return {
    id: row.id,
    // PGlite returns int8 as a number, pg as a string.
    tenantId: String(row.tenant_id),
    orgId: row.org_id,
    name: row.name,
    parentTenantId: row.parent_tenant_id,
    customDomain: row.custom_domain_status === 'verified' ? row.custom_domain : null,
    isMasterFranchise: row.is_master_franchise,
    isMaster: row.org_id === masterOrgId,
    settings: readTenantSettings(row.settings),
    updatedAt: row.updated_at,
  }
}
