import { sql } from 'kysely'
import { addPeople, createTenant } from '#db/create-tenant'
import { asSystem, withTenant } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import { isUniqueViolation } from '#server/contacts/insert-contact'
import { listAccountOwners, type AccountOwnerOption } from '#server/settings/account-owners'
import { ROLE_ADMIN } from '#server/shell/roles'
import { err, ok, type WordedResult } from '#server/errors/result'
import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import { isUuid } from '#server/text/is-uuid'
import type { Tenant } from '#server/tenancy/tenant'
import { readTenantSettings } from '#server/tenancy/tenant-settings'
import { FRANCHISE_MESSAGES, type CreateFranchiseInput, type FranchiseFormErrors, type UpdateFranchiseInput } from './franchise-form'
import type { FranchiseListQuery } from './franchise-list-query'

/*
 * A master franchise's franchises (settings spec, Franchise screens): child tenants it lists,
 * creates, edits and deletes. Reads go through the master's own row-level security, which shows
 * it only its own children; writes to another tenant's row need the system executor, and each
 * one names the master as the parent in its WHERE clause, so no master can reach a tenant that
 * is not its own child. A deleted franchise is archived, not destroyed (docs/decisions/133).
 */

export interface FranchiseListRow {
  guid: string
  name: string
  orgId: string
  tenantId: string
  /** dd/MM/yyyy in the master's time zone (dd.MM.yyyy in Turkish). */
  dateCreatedStr: string
}

/** The Franchise entity of the spec, as the edit form shows it. */
export interface Franchise {
  guid: string
  name: string
  orgId: string
  tenantId: string
  phone: string
  timezone: string
  fromEmail: string
  fromEmailName: string
  accountOwner: string
  accountOwnerName: string
  /** The franchise's admins, who may own its account. */
  owners: AccountOwnerOption[]
  dateCreatedStr: string
  address: { line1: string; line2: string; city: string; state: string; zip: string }
}

type FranchisePlatform = Pick<Platform, 'database' | 'caches'>

/** The spec's dd/MM/yyyy in English; another language writes day, month and year its own way ('29.11.2026'). */
export function formatCreatedDate(date: Date, timeZone: string, language: Language = 'en'): string {
  const locale = language === 'en' ? 'en-GB' : LANGUAGE_LOCALES[language]
  const format = (zone: string) => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zone }).format(date)
  try {
    return format(timeZone)
  } catch {
    // A stored time zone the runtime does not know still shows a date.
    return format('UTC')
  }
}

/** One page of the master's live franchises, newest first; the filter matches name, org id or tenant id. */
export async function listFranchisePage(
  platform: Pick<Platform, 'database'>,
  master: Tenant,
  query: FranchiseListQuery,
  language: Language = 'en',
): Promise<{ rows: FranchiseListRow[]; total: number; pageCount: number; query: FranchiseListQuery }> {
  if (!master.isMasterFranchise) return { rows: [], total: 0, pageCount: 0, query }
  const pattern = `%${query.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`
  const { rows, total } = await withTenant(platform.database, master.id, async (trx) => {
    let base = trx.selectFrom('tenants').where('parent_tenant_id', '=', master.id).where('archived_at', 'is', null)
    if (query.q) {
      base = base.where((eb) =>
        eb.or([eb('name', 'ilike', pattern), eb('org_id', 'ilike', pattern), eb(sql<string>`tenant_id::text`, 'like', pattern)]),
      )
    }
    const counted = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()
    const page = await base
      .select(['id', 'name', 'org_id', 'tenant_id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute()
    return { rows: page, total: Number(counted.total) }
  })
  return {
    rows: rows.map((row) => ({
      guid: row.id,
      name: row.name,
      orgId: row.org_id,
      tenantId: String(row.tenant_id),
      dateCreatedStr: formatCreatedDate(row.created_at, master.settings.timezone, language),
    })),
    total,
    pageCount: Math.ceil(total / query.size),
    query,
  }
}

/** A live franchise of this master, or null (not a uuid, another tenant's, archived). */
export async function loadFranchise(platform: Pick<Platform, 'database'>, master: Tenant, guid: string, language: Language = 'en'): Promise<Franchise | null> {
  if (!master.isMasterFranchise || !isUuid(guid)) return null
  const row = await withTenant(platform.database, master.id, (trx) =>
    trx
      .selectFrom('tenants')
      .select(['id', 'name', 'org_id', 'tenant_id', 'settings', 'created_at'])
      .where('id', '=', guid)
      .where('parent_tenant_id', '=', master.id)
      .where('archived_at', 'is', null)
      .executeTakeFirst(),
  )
  if (!row) return null
  const settings = readTenantSettings(row.settings)
  // The franchise's people are readable under the franchise's own scope only.
  const owners = await withTenant(platform.database, row.id, (trx) => listAccountOwners(trx))
  const owner = isUuid(settings.accountOwner)
    ? await withTenant(platform.database, row.id, (trx) =>
        trx.selectFrom('contacts').select(['first_name', 'last_name']).where('id', '=', settings.accountOwner).executeTakeFirst(),
      )
    : undefined
  return {
    guid: row.id,
    name: row.name,
    orgId: row.org_id,
    tenantId: String(row.tenant_id),
    phone: settings.phone,
    timezone: settings.timezone,
    fromEmail: settings.fromEmail,
    fromEmailName: settings.fromEmailName,
    accountOwner: settings.accountOwner,
    accountOwnerName: owner ? `${owner.first_name} ${owner.last_name}`.trim() : '',
    owners,
    dateCreatedStr: formatCreatedDate(row.created_at, master.settings.timezone, language),
    address: { line1: settings.address.line1, line2: settings.address.line2, city: settings.address.city, state: settings.address.state, zip: settings.address.zip },
  }
}

export type FranchiseWriteResult = WordedResult<{ guid: string; message: string }, 'not_found' | 'conflict', { errors: FranchiseFormErrors }>

const orgIdTaken = () => err('conflict', FRANCHISE_MESSAGES.invalidForm, { errors: { form: FRANCHISE_MESSAGES.invalidForm, orgId: FRANCHISE_MESSAGES.orgIdTaken } })
const notFound = () => err('not_found', FRANCHISE_MESSAGES.notFound, { errors: { form: FRANCHISE_MESSAGES.notFound } })

function splitName(full: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = full.split(/\s+/)
  return { firstName: first, lastName: rest.join(' ') }
}

/**
 * Creates the franchise's tenant, its standard pages and its admin in one transaction: a failure
 * at any step leaves nothing behind. The org id is checked first for a clear message, and the
 * unique index decides when two masters ask for the same one at once.
 */
export async function createFranchise(platform: FranchisePlatform, master: Tenant, input: CreateFranchiseInput): Promise<FranchiseWriteResult> {
  if (!master.isMasterFranchise) return notFound()
  const passwordHash = await hashPassword(input.password)
  try {
    const childId = await asSystem(platform.database, 'create a franchise of a master franchise', async (trx) => {
      const parent = await trx
        .selectFrom('tenants')
        .select('id')
        .where('id', '=', master.id)
        .where('is_master_franchise', '=', true)
        .where('archived_at', 'is', null)
        .executeTakeFirst()
      if (!parent) return null
      const taken = await trx.selectFrom('tenants').select('id').where('org_id', '=', input.orgId).executeTakeFirst()
      if (taken) return 'taken' as const
      const id = await createTenant(trx, {
        orgId: input.orgId,
        name: input.businessName,
        isMasterFranchise: false,
        parentTenantId: master.id,
        // The franchise's own admin signs it up: their first sign-in opens onboarding.
        settings: {
          isNewTenant: true,
          phone: input.phone,
          timezone: input.timezone,
          email: input.email,
          address: { line1: input.line1, line2: input.line2, city: input.city, state: input.state, zip: input.zip },
        },
      })
      const [adminId] = await addPeople(trx, id, [{ ...splitName(input.userName), email: input.email, role: 'ROLE_ADMIN' }], passwordHash)
      await trx
        .updateTable('tenants')
        .set({ settings: sql`settings || ${JSON.stringify({ accountOwner: adminId })}::jsonb` })
        .where('id', '=', id)
        .execute()
      return id
    })
    if (childId === null) return notFound()
    if (childId === 'taken') return orgIdTaken()
    platform.caches.changed(childId, ['tenant', 'site', 'contacts'])
    // The master's 'Switch franchise' menu is kept under its own 'tenant' tag.
    platform.caches.changed(master.id, ['tenant'])
    return ok({ guid: childId, message: FRANCHISE_MESSAGES.created })
  } catch (error) {
    if (isUniqueViolation(error)) return orgIdTaken()
    throw error
  }
}

/** Saves the update payload on one of this master's live franchises. */
export async function updateFranchise(platform: FranchisePlatform, master: Tenant, guid: string, input: UpdateFranchiseInput): Promise<FranchiseWriteResult> {
  if (!master.isMasterFranchise || !isUuid(guid)) return notFound()
  const patch: Record<string, unknown> = {
    ...(input.accountOwner ? { accountOwner: input.accountOwner } : {}),
    phone: input.phone,
    fromEmailName: input.fromEmailName,
    fromEmail: input.fromEmail,
    address: { line1: input.line1, line2: input.line2, city: input.city, state: input.state, zip: input.zip },
  }
  try {
    const updated = await asSystem(platform.database, 'edit a franchise of a master franchise', async (trx) => {
      const own = await trx.selectFrom('tenants').select('id').where('id', '=', guid).where('parent_tenant_id', '=', master.id).where('archived_at', 'is', null).executeTakeFirst()
      if (!own) return undefined
      const taken = await trx.selectFrom('tenants').select('id').where('org_id', '=', input.orgId).where('id', '!=', guid).executeTakeFirst()
      if (taken) return 'taken' as const
      if (input.accountOwner) {
        const owner = isUuid(input.accountOwner)
          ? await trx.selectFrom('contacts').select('id').where('id', '=', input.accountOwner).where('tenant_id', '=', guid).where('role', '=', ROLE_ADMIN).executeTakeFirst()
          : undefined
        if (!owner) return 'owner' as const
      }
      return trx
        .updateTable('tenants')
        .set({ name: input.businessName, org_id: input.orgId, settings: sql`settings || ${JSON.stringify(patch)}::jsonb`, updated_at: sql`clock_timestamp()` })
        .where('id', '=', guid)
        .where('parent_tenant_id', '=', master.id)
        .where('archived_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
    })
    if (updated === 'taken') return orgIdTaken()
    if (updated === 'owner') return err('conflict', FRANCHISE_MESSAGES.invalidForm, { errors: { form: FRANCHISE_MESSAGES.invalidForm, accountOwner: FRANCHISE_MESSAGES.accountOwner } })
    if (!updated) return notFound()
    platform.caches.changed(guid, ['tenant'])
    platform.caches.changed(master.id, ['tenant'])
    return ok({ guid, message: FRANCHISE_MESSAGES.updated })
  } catch (error) {
    if (isUniqueViolation(error)) return orgIdTaken()
    throw error
  }
}

/**
 * 'Delete Franchise!': archives one of this master's live franchises. It stops resolving by host
 * and leaves the lists at once; its data stays 30 days so the platform can restore it.
 */
export async function archiveFranchise(platform: FranchisePlatform, master: Tenant, guid: string): Promise<FranchiseWriteResult> {
  if (!master.isMasterFranchise || !isUuid(guid)) return notFound()
  const archived = await asSystem(platform.database, 'archive a franchise of a master franchise', async (trx) => {
    // Checked before the write, so a refused delete writes nothing at all.
    const own = await trx.selectFrom('tenants').select('id').where('id', '=', guid).where('parent_tenant_id', '=', master.id).where('archived_at', 'is', null).executeTakeFirst()
    if (!own) return undefined
    return trx
      .updateTable('tenants')
      .set({ archived_at: sql`clock_timestamp()`, updated_at: sql`clock_timestamp()` })
      .where('id', '=', guid)
      .where('parent_tenant_id', '=', master.id)
      .returning('id')
      .executeTakeFirst()
  })
  if (!archived) return notFound()
  platform.caches.changed(guid, ['tenant'])
  platform.caches.changed(master.id, ['tenant'])
  return ok({ guid, message: FRANCHISE_MESSAGES.deleted })
}
