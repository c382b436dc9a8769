import type { TenantExecutor } from '#db/tenant-scope'
import { writeAuditLog } from '#server/auth/audit-log'

export type ContactAuditAction = 'contact.created' | 'contact.updated'

/**
 * One audit line about a contact, in the caller's transaction. It names the fields that
 * changed, not their values: the audit log is read by more people than the profile.
 */
export async function recordContactAudit(
  trx: TenantExecutor,
  entry: { tenantId: string; actorContactId: string; action: ContactAuditAction; targetGuid: string; changed: readonly string[]; ip: string | null },
): Promise<void> {
  await writeAuditLog(trx, {
    tenantId: entry.tenantId,
    actorContactId: entry.actorContactId,
    action: entry.action,
    targetType: 'contact',
    targetId: entry.targetGuid,
    details: { changed: entry.changed },
    ip: entry.ip,
  })
}
