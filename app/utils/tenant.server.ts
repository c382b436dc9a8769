import type { AppLoadContext } from '@remix-run/node'
import type { Tenant } from '#server/tenancy/tenant'
import { notFound } from '#server/errors/responses'

/** The tenant of this host; a 404 on the bare platform host, where no organisation is chosen. */
export function requireTenant(context: AppLoadContext): Tenant {
  if (!context.tenant) throw notFound('Organisation not found')
  return context.tenant
}
