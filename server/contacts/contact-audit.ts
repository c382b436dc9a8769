import type { TenantExecutor } from '#db/tenant-scope'

export type ContactAuditAction = 'contact.created' | 'contact.updated'

/**
 * One audit line about a contact, in the caller's transaction. It names the fields that
 * changed, not their values: the audit log is read by more people than the profile.
 */
export async function recordContactAudit(
  trx: TenantExecutor,
  entry: { tenantId: string; actorContactId: string; action: ContactAuditAction; targetGuid: string; changed: readonly string[]; ip: string | null },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      tenant_id: entry.tenantId,
      actor_contact_id: entry.actorContactId,
      action: entry.action,
      target_type: 'contact',
      target_id: entry.targetGuid,
      details: JSON.stringify({ changed: entry.changed }),
      ip: entry.ip?.slice(0, 100) ?? null,
    })
    .execute()
}
