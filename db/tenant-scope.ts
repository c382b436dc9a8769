import { sql, type Transaction } from 'kysely'
import type { DatabaseHandle } from './connection'
import type { Database } from './types'

/** An executor whose every statement is filtered to one tenant by Postgres row-level security. */
export type TenantExecutor = Transaction<Database>

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Runs `fn` in one transaction as the non-superuser `app_tenant` role, with `app.tenant_id`
 * set for this transaction only. Rows of any other tenant are invisible to it, cannot be
 * updated or deleted, and cannot be inserted: Postgres enforces this, not our queries.
 */
export async function withTenant<T>(
  handle: DatabaseHandle,
  tenantId: string,
  fn: (trx: TenantExecutor) => Promise<T>,
): Promise<T> {
  if (!uuidPattern.test(tenantId)) throw new Error('withTenant needs a tenant uuid')
  return handle.db.transaction().execute(async (trx) => {
    // Both settings are transaction-local. Written in (the id is a checked uuid), without
    // parameters, so the driver sends them with the transaction's begin (begin-fusing-dialect.ts).
    await sql.raw(`select set_config('role', 'app_tenant', true), set_config('app.tenant_id', '${tenantId.toLowerCase()}', true)`).execute(trx)
    return fn(trx)
  })
}

/**
 * The system executor: the owner connection, not switched into the tenant role. Forced RLS
 * hides every tenant row from it unless the transaction turns `app.system_access` on, which
 * only `asSystem` does, for that transaction only, with a stated reason.
 *
 * Dangerous by design: only tenant resolution, login across organisations, franchise
 * management, migrations/seed and jobs that fan out may call it. Grep for `asSystem(`.
 */
export async function asSystem<T>(
  handle: DatabaseHandle,
  reason: string,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!reason.trim()) throw new Error('asSystem needs a reason')
  return handle.db.transaction().execute(async (trx) => {
    await sql.raw(`select set_config('app.system_access', 'on', true)`).execute(trx)
    return fn(trx)
  })
}

