import { sql } from 'kysely'
import { z } from 'zod'
import { asSystem } from '#db/tenant-scope'
import { dateInLanguage } from '#server/dates/language-dates'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Platform } from '#server/platform'
import { planNameIn } from '#server/plans/plan-words'
import { isUuid } from '#server/text/is-uuid'
import type { Tenant } from '#server/tenancy/tenant'

export const TENANT_PAGE_SIZES = [10, 25, 50, 100] as const
export const DEFAULT_TENANT_PAGE_SIZE = 25

export const TENANT_ADMIN_MESSAGES = {
  suspended: (name: string) => `${name} is suspended.`,
  reinstated: (name: string) => `${name} is reinstated.`,
  notTheMaster: 'The platform’s own organisation cannot be suspended.',
  notFound: 'No such organisation.',
} as const

const querySchema = z.object({
  q: z.string().trim().max(100).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((size) => (TENANT_PAGE_SIZES as readonly number[]).includes(size))
    .catch(DEFAULT_TENANT_PAGE_SIZE),
})

export type TenantListQuery = z.infer<typeof querySchema>

export function readTenantListQuery(params: URLSearchParams): TenantListQuery {
  return querySchema.parse(Object.fromEntries(params))
}

export type TenantStatus = 'Active' | 'Suspended' | 'Archived'

export interface ListedTenant {
  id: string
  name: string
  /** 'orgId (tenantId)', as the back office shows an organisation. */
  orgIdText: string
  planText: string
  contacts: number
  createdText: string
  status: TenantStatus
  isMaster: boolean
  isFranchise: boolean
}

export interface TenantListPage {
  tenants: ListedTenant[]
  total: number
  query: TenantListQuery
}

/**
 * Every organisation on the platform, for the master tenant's Tenants screen: newest first,
 * searched by name or org id, with its plan (underscores as spaces; 'Free Plan' when none), its
 * contacts, when it was created (in the master's date format and zone) and its status. Plan
 * names and dates are in the page's language.
 */
export async function listAllTenants(platform: Pick<Platform, 'database' | 'env'>, master: Tenant, query: TenantListQuery, language: Language = 'en'): Promise<TenantListPage> {
  const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`).toLowerCase()}%`
  const { rows, total } = await asSystem(platform.database, 'the platform owner lists every organisation', async (trx) => {
    const matching = trx
      .selectFrom('tenants')
      .$if(query.q !== '', (q) => q.where((eb) => eb.or([eb(sql`lower(tenants.name)`, 'like', pattern), eb(sql`lower(tenants.org_id)`, 'like', pattern)])))
    const counted = await matching.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const page = await matching
      .leftJoin('tenant_plans', 'tenant_plans.tenant_id', 'tenants.id')
      .leftJoin('tenant_contact_counts', 'tenant_contact_counts.tenant_id', 'tenants.id')
      .select(['tenants.id', 'tenants.name', 'tenants.org_id', 'tenants.tenant_id', 'tenants.parent_tenant_id', 'tenants.created_at', 'tenants.archived_at', 'tenants.suspended_at', 'tenant_plans.plan_id', 'tenant_contact_counts.contacts'])
      .orderBy('tenants.created_at', 'desc')
      .orderBy('tenants.id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute()
    return { rows: page, total: Number(counted.n) }
  })
  return {
    total,
    query,
    tenants: rows.map((row) => ({
      id: row.id,
      name: row.name,
      orgIdText: `${row.org_id} (${String(row.tenant_id)})`,
      planText: row.plan_id ? planNameIn(row.plan_id, language) : tFor(language, 'settings')('freePlanName'),
      contacts: Number(row.contacts ?? 0),
      createdText: dateInLanguage(row.created_at, master.settings, 'date', language),
      status: row.archived_at ? 'Archived' : row.suspended_at ? 'Suspended' : 'Active',
      isMaster: row.org_id === platform.env.MASTER_ORG_ID,
      isFranchise: row.parent_tenant_id !== null,
    })),
  }
}

/**
 * Suspends or reinstates an organisation. The master itself is never suspended (the platform
 * would lock its owner out). Every process drops its cached resolution of that tenant.
 */
export async function setTenantSuspended(
  platform: Pick<Platform, 'database' | 'env' | 'caches'>,
  input: { unverifiedId: string; suspend: boolean; now: Date },
): Promise<WordedResult<{ message: string }, 'not_found' | 'conflict'>> {
  if (!isUuid(input.unverifiedId)) return err('not_found', TENANT_ADMIN_MESSAGES.notFound)
  const changed = await asSystem(platform.database, 'the platform owner suspends or reinstates an organisation', async (trx) => {
    const row = await trx.selectFrom('tenants').select(['id', 'name', 'org_id']).where('id', '=', input.unverifiedId).where('archived_at', 'is', null).executeTakeFirst()
    if (!row) return null
    if (row.org_id === platform.env.MASTER_ORG_ID) return 'master' as const
    await trx
      .updateTable('tenants')
      .set({ suspended_at: input.suspend ? input.now : null })
      .where('id', '=', row.id)
      .execute()
    return row
  })
  if (changed === null) return err('not_found', TENANT_ADMIN_MESSAGES.notFound)
  if (changed === 'master') return err('conflict', TENANT_ADMIN_MESSAGES.notTheMaster)
  platform.caches.changedAll(changed.id)
  return ok({ message: input.suspend ? TENANT_ADMIN_MESSAGES.suspended(changed.name) : TENANT_ADMIN_MESSAGES.reinstated(changed.name) })
}
