import type { TenantExecutor } from '#db/tenant-scope'

export type AuditAction =
  | 'auth.login'
  | 'auth.logout'
  | 'auth.register'
  | 'auth.password_reset'
  | 'preview.start'
  | 'preview.as_contact'
  | 'preview.end'
  | 'franchise.switch'
  | 'franchise.enter'
  | 'franchise.master_view'
  | 'contact.created'
  | 'contact.updated'
  | 'contacts.deleted'
  | 'contact.credentials_sent'
  | 'contact.password_reset_sent'
  | 'contact.email_verified'
  | 'invoice.refund_failed'

export interface AuditEntry {
  tenantId: string
  actorContactId: string | null
  action: AuditAction
  targetType?: string
  targetId?: string
  details?: Record<string, unknown>
  ip?: string | null
}

/** Appends one line to the tenant's audit log, in the caller's transaction. */
export async function writeAuditLog(trx: TenantExecutor, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      tenant_id: entry.tenantId,
      actor_contact_id: entry.actorContactId,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip?.slice(0, 100) ?? null,
    })
    .execute()
}
