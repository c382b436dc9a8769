import type { AppLoadContext } from '@remix-run/node'
import { notFound } from '#server/errors/responses'
import { requireAdmin, type GuardAccess } from '#app/utils/auth.server'

/**
 * The franchise screens are a master franchise's (settings spec 6): any other tenant's admin,
 * a franchise's own admin included, finds no such page here.
 */
export async function requireFranchiseManager(request: Request, context: AppLoadContext): Promise<GuardAccess> {
  const access = await requireAdmin(request, context)
  if (!access.tenant.isMasterFranchise) throw notFound('This settings page does not exist.')
  return access
}
