import { err, ok, type Result } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { isStaffRole } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { withTenant } from '#db/tenant-scope'
import { writeAuditLog } from './audit-log'
import { parseSessionState, type SessionState } from './session-state'
import { findSessionByToken, idleExpiry, insertSession, rotateSession, type IssuedSession } from './session-store'
import { sessionContactColumns, type SessionContact, type SessionUser } from './session-user'
import { tenantOrigin } from './tenant-origin'

/*
 * Franchise switching: the one place where a session of one tenant acts on another.
 *
 * Why it is dangerous: sessions live in their tenant under row-level security, so a session
 * normally can never reach another tenant's data. A switch deliberately creates a session in
 * a CHILD tenant whose identity is a staff contact of the MASTER franchise. If any check here
 * were wrong, staff of one organisation could act inside an unrelated one.
 *
 * How it stays narrow:
 * - Only staff of a tenant flagged as master franchise may switch, only into a tenant whose
 *   parent is that master (checked under the master's own RLS, which shows only its children).
 * - The browser moves to the child's own host with a one-time code (2 minutes, hashed, single
 *   use: redeeming it rotates the token). Cookies stay per host, so the master's session is
 *   untouched and 'Master View' simply goes back to it.
 * - On every request of the child session, the parent relation and the master contact (staff,
 *   not locked) are checked again; undoing the franchise link ends the switched session.
 */

const HANDOFF_MINUTES = 2

export type FranchiseState = NonNullable<SessionState['franchise']>

export interface FranchiseSummary {
  id: string
  orgId: string
  name: string
}

/** The master's contact acting in a child tenant, re-checked on every request. */
export async function loadFranchiseActor(
  platform: Pick<Platform, 'database' | 'tenants'>,
  childTenant: Tenant,
  franchise: FranchiseState,
  contactId: string,
): Promise<SessionContact | null> {
  if (childTenant.parentTenantId !== franchise.masterTenantId) return null
  if (contactId !== franchise.masterContactId) return null
  const master = await platform.tenants.findById(franchise.masterTenantId)
  if (!master || !master.isMasterFranchise) return null
  const contact = await withTenant(platform.database, master.id, (trx) =>
    trx.selectFrom('contacts').select(sessionContactColumns).where('id', '=', contactId).executeTakeFirst(),
  )
  if (!contact || contact.is_account_locked || !isStaffRole(contact.role)) return null
  return contact
}

/** The children of a master franchise, for the 'Switch franchise' menu; empty for anyone else. */
export async function listFranchises(platform: Pick<Platform, 'database'>, tenant: Tenant): Promise<FranchiseSummary[]> {
  if (!tenant.isMasterFranchise) return []
  const rows = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('tenants')
      .select(['id', 'org_id', 'name'])
      .where('parent_tenant_id', '=', tenant.id)
      .where('archived_at', 'is', null)
      .orderBy('name')
      .execute(),
  )
  return rows.map((row) => ({ id: row.id, orgId: row.org_id, name: row.name }))
}

/** Where the browser goes next and the franchise it enters, forbidden with the reason, or not_found for a tenant that is not a child here. */
export type SwitchResult = Result<{ enterUrl: string; child: FranchiseSummary }, 'forbidden' | 'not_found'>

/** 'Switch franchise': prepares a session in the child and says where the browser goes next. */
export async function switchIntoFranchise(
  platform: Pick<Platform, 'database' | 'tenants' | 'env' | 'caches'>,
  input: {
    hostTenant: Tenant
    user: SessionUser
    unverifiedChildId: string
    requestUrl: URL
    ip: string | null
    now?: Date
  },
): Promise<SwitchResult> {
  const { hostTenant, user } = input
  const now = input.now ?? new Date()
  if (!hostTenant.isMasterFranchise) return err('forbidden', 'Only a master franchise can switch into a franchise.')
  if (user.isFranchiseMode) return err('forbidden', 'Return to the Master View before switching to another franchise.')
  if (user.isPreviewMode || user.isStudentPreview) return err('forbidden', 'End the preview before switching franchise.')
  if (!isStaffRole(user.role)) return err('forbidden', 'Only staff can switch franchise.')
  if (!/^[0-9a-f-]{36}$/i.test(input.unverifiedChildId)) return err('not_found')

  // Under the master's RLS the tenants table shows only the master and its own children.
  const childRow = await withTenant(platform.database, hostTenant.id, (trx) =>
    trx
      .selectFrom('tenants')
      .select('id')
      .where('id', '=', input.unverifiedChildId)
      .where('parent_tenant_id', '=', hostTenant.id)
      .executeTakeFirst(),
  )
  const child = childRow ? await platform.tenants.findById(childRow.id) : null
  if (!child || child.parentTenantId !== hostTenant.id) return err('not_found')

  const state: SessionState = {
    franchise: { masterTenantId: hostTenant.id, masterContactId: user.contactId, returnOrigin: input.requestUrl.origin },
    handoff: true,
  }
  const handoff = await withTenant(platform.database, child.id, (trx) =>
    insertSession(trx, {
      tenantId: child.id,
      contactId: user.contactId,
      state,
      expiresAt: new Date(now.getTime() + HANDOFF_MINUTES * 60_000),
      ip: input.ip,
    }),
  )
  platform.caches.changed(child.id, ['sessions'])
  await withTenant(platform.database, hostTenant.id, (trx) =>
    writeAuditLog(trx, {
      tenantId: hostTenant.id,
      actorContactId: user.contactId,
      action: 'franchise.switch',
      targetType: 'tenant',
      targetId: child.id,
      details: { orgId: child.orgId },
      ip: input.ip,
    }),
  )
  const origin = tenantOrigin(child, input.requestUrl, platform.env)
  return ok({
    enterUrl: `${origin}/franchise/enter?code=${encodeURIComponent(handoff.token)}`,
    child: { id: child.id, orgId: child.orgId, name: child.name },
  })
}

/** On the child's host: redeems the one-time code for a real session (new token). */
export async function enterFranchise(
  platform: Pick<Platform, 'database' | 'tenants' | 'env' | 'caches'>,
  input: { childTenant: Tenant; code: string; ip: string | null; now?: Date },
): Promise<IssuedSession | null> {
  const now = input.now ?? new Date()
  const { childTenant } = input
  const pending = await withTenant(platform.database, childTenant.id, (trx) => findSessionByToken(trx, input.code))
  if (!pending) return null
  const state = parseSessionState(pending.state)
  if (!state?.handoff || !state.franchise || new Date(pending.expires_at) <= now) return null
  const actor = await loadFranchiseActor(platform, childTenant, state.franchise, pending.contact_id)
  if (!actor) return null
  const entered = await withTenant(platform.database, childTenant.id, async (trx) => {
    const issued = await rotateSession(trx, pending.id, {
      state: { franchise: state.franchise },
      expiresAt: idleExpiry(now, platform.env.SESSION_IDLE_MINUTES),
    })
    if (issued) {
      await writeAuditLog(trx, {
        tenantId: childTenant.id,
        actorContactId: actor.id,
        action: 'franchise.enter',
        targetType: 'tenant',
        targetId: childTenant.id,
        details: { masterTenantId: state.franchise?.masterTenantId },
        ip: input.ip,
      })
    }
    return issued
  })
  platform.caches.changed(childTenant.id, ['sessions'])
  return entered
}

/** 'Master View': ends the child session and says where the master's own session is. */
export async function leaveFranchise(
  platform: Pick<Platform, 'database' | 'caches'>,
  input: { childTenant: Tenant; user: SessionUser; ip: string | null },
): Promise<string | null> {
  const returnTo = await withTenant(platform.database, input.childTenant.id, async (trx) => {
    const row = await trx.selectFrom('sessions').select(['id', 'state']).where('id', '=', input.user.sessionId).executeTakeFirst()
    const state = row ? parseSessionState(row.state) : null
    if (!row || !state?.franchise) return null
    await trx.deleteFrom('sessions').where('id', '=', row.id).execute()
    await writeAuditLog(trx, {
      tenantId: input.childTenant.id,
      actorContactId: state.franchise.masterContactId,
      action: 'franchise.master_view',
      targetType: 'tenant',
      targetId: state.franchise.masterTenantId,
      ip: input.ip,
    })
    return `${state.franchise.returnOrigin}/dashboard`
  })
  if (returnTo) platform.caches.changed(input.childTenant.id, ['sessions'])
  return returnTo
}
