import type { TenantExecutor } from '#db/tenant-scope'

export type UserAuditAction = 'user.added' | 'user.role_changed' | 'user.suspended' | 'user.reinstated'

/**
 * One audit line about a change to a user, written in the caller's transaction so that the
 * change and its record land together or not at all.
 */
export async function recordUserAudit(
  trx: TenantExecutor,
  entry: {
    tenantId: string
    actorContactId: string
    action: UserAuditAction
    targetGuid: string
    before: Record<string, unknown>
    after: Record<string, unknown>
    ip: string | null
  },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      tenant_id: entry.tenantId,
      actor_contact_id: entry.actorContactId,
      action: entry.action,
      target_type: 'contact',
      target_id: entry.targetGuid,
      details: JSON.stringify({ before: entry.before, after: entry.after }),
      ip: entry.ip?.slice(0, 100) ?? null,
    })
    .execute()
}
