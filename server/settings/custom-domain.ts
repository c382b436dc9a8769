import { asSystem } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { parseHost } from '#server/tenancy/parse-host'
import type { Tenant } from '#server/tenancy/tenant'
import { PLAN_MESSAGES } from '#server/plans/plan-catalogue'
import { readPlanLimits } from '#server/plans/tenant-plan'

export const DOMAIN_TAKEN = 'This domain is already used by another organisation.'
export const DOMAIN_OF_PLATFORM = 'This domain belongs to the platform: enter a domain of your own.'

/** The domain as stored (null: none), or invalid_input / conflict with the words for the field. */
export type CustomDomainCheck = WordedResult<string | null, 'invalid_input' | 'conflict'>

/**
 * A custom domain as stored: lower case without a trailing dot, null when cleared. It must not
 * be (or sit under) a platform domain, where it would be read as an organisation id, and no
 * other tenant may have verified it. Other tenants' pending claims do not count: a squatter
 * must not block the owner, whose TXT record decides (docs/decisions/131).
 */
export async function checkCustomDomain(
  platform: Pick<Platform, 'database' | 'env'>,
  tenant: Tenant,
  input: string,
  stored: string | null = tenant.customDomain,
): Promise<CustomDomainCheck> {
  const domain = input.trim().toLowerCase().replace(/\.$/, '')
  if (!domain) return ok(null)
  if (parseHost(domain, platform.env.PLATFORM_DOMAINS).kind !== 'custom') return err('invalid_input', DOMAIN_OF_PLATFORM)
  if (domain === stored) return ok(domain)
  // A new domain needs a plan with custom domains; one already kept stays after a downgrade.
  if (!(await readPlanLimits(platform, tenant.id)).customDomain) return err('invalid_input', PLAN_MESSAGES.customDomain)
  const owner = await asSystem(platform.database, 'custom domain uniqueness across tenants', (trx) =>
    trx.selectFrom('tenants').select('id').where('custom_domain', '=', domain).where('custom_domain_status', '=', 'verified').where('id', '<>', tenant.id).executeTakeFirst(),
  )
  return owner ? err('conflict', DOMAIN_TAKEN) : ok(domain)
}
