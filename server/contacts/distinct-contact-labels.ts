import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'

export type ContactLabelColumn = 'category' | 'sales_stage' | 'account_stage'

/** At most this many values are offered in one filter list. */
const MAX_LABELS = 200

/**
 * The distinct values of a contact label column in this tenant, sorted. A plain DISTINCT would
 * read every contact; this walks the (tenant_id, column) index one value at a time (a loose
 * index scan), so it costs one index probe per distinct value however large the book is.
 */
export async function distinctContactLabels(trx: TenantExecutor, column: ContactLabelColumn): Promise<string[]> {
  const c = sql.ref(column)
  const result = await sql<{ value: string }>`
    with recursive labels(value) as (
      (select ${c} from contacts where ${c} is not null and not is_archived order by ${c} limit 1)
      union all
      select (select ${c} from contacts where ${c} > labels.value and not is_archived order by ${c} limit 1)
      from labels where labels.value is not null
    )
    select value from labels where value is not null limit ${MAX_LABELS}`.execute(trx)
  return result.rows.map((row) => row.value)
}
