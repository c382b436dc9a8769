import type { TenantExecutor } from '#db/tenant-scope'
import { ROLE_ADMIN } from '#server/shell/roles'

export interface AccountOwnerOption {
  value: string
  label: string
}

/** The tenant's administrators, the people who may own the account. */
export async function listAccountOwners(trx: TenantExecutor): Promise<AccountOwnerOption[]> {
  const rows = await trx
    .selectFrom('contacts')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('role', '=', ROLE_ADMIN)
    .orderBy('first_name')
    .orderBy('last_name')
    .limit(500)
    .execute()
  return rows.map((row) => {
    const name = `${row.first_name} ${row.last_name}`.trim() || row.email || 'Administrator'
    return { value: row.id, label: row.email && name !== row.email ? `${name} (${row.email})` : name }
  })
}
