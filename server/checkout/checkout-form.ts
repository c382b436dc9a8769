import { withTenant } from '#db/tenant-scope'
import { loadFormDefinition, type FormDefinition } from '#server/forms/form-definition'
import type { Platform } from '#server/platform'
import { tenantQueryMemo } from '#server/tenancy/tenant-query-memo'

type CheckoutFormPlatform = Pick<Platform, 'database'> & Partial<Pick<Platform, 'tenants'>>

/**
 * The Student Registration form whose questions checkout asks (spec 002 User form: custom
 * fields and guardians), or null when the studio chose none. Every checkout page and post asks,
 * so the answer is kept per tenant until a form or field changes ('forms').
 */
export async function readCheckoutForm(platform: CheckoutFormPlatform, tenantId: string): Promise<FormDefinition | null> {
  const read = () =>
    withTenant(platform.database, tenantId, async (trx) => {
      const chosen = await trx.selectFrom('custom_forms').select('id').where('is_asked_at_checkout', '=', true).executeTakeFirst()
      return chosen ? loadFormDefinition(trx, { id: chosen.id }) : null
    })
  if (!platform.tenants) return read()
  return tenantQueryMemo<FormDefinition | null>(platform.tenants, 'checkout-form', { tags: ['forms'], ttlMs: 60_000, maxEntries: 10_000 }).get(tenantId, 'form', read)
}
