import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { publishForm } from './custom-form-editor'
import type { CustomFormSummary } from './custom-form-view'
import { loadFormDefinition } from './form-definition'
import { listCustomForms } from './list-custom-forms'

export async function loadFormsList(platform: Pick<Platform, 'database'>, tenant: Tenant): Promise<CustomFormSummary[]> {
  return withTenant(platform.database, tenant.id, (trx) => listCustomForms(trx))
}

/** Publishes or unpublishes one of this tenant's forms; null when the guid names none. */
export async function togglePublished(
  platform: Pick<Platform, 'database' | 'tenants' | 'caches'>,
  tenant: Tenant,
  input: { guId: string; publish: boolean },
): Promise<string | null> {
  const form = await withTenant(platform.database, tenant.id, (trx) => loadFormDefinition(trx, { guId: input.guId }))
  if (!form) return null
  return publishForm(platform, tenant, form, input.publish)
}
