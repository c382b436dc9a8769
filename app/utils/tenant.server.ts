import type { AppLoadContext } from '@remix-run/node'
import type { Tenant } from '#server/tenancy/tenant'

/** The tenant of this host; a 404 on the bare platform host, where no organisation is chosen. */
export function requireTenant(context: AppLoadContext): Tenant {
  if (!context.tenant) throw new Response('Organisation not found', { status: 404 })
  return context.tenant
}
