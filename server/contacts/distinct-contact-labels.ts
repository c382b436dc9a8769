import { sql, type RawBuilder } from 'kysely'

export type ContactLabelColumn = 'category' | 'sales_stage' | 'account_stage'

/** At most this many values are offered in one filter list. */
const MAX_LABELS = 200

/**
 * An SQL expression: the distinct values of a contact label column in the current tenant, sorted,
 * as a text array. A plain DISTINCT would read every contact; this walks the (tenant_id, column)
 * index one value at a time (a loose index scan), so it costs one index probe per distinct
 * value however large the book is.
 */
export function distinctContactLabels(column: ContactLabelColumn): RawBuilder<string[]> {
  const c = sql.ref(column)
  return sql<string[]>`(
    with recursive labels(value) as (
      (select ${c} from contacts where ${c} is not null and not is_archived order by ${c} limit 1)
      union all
      select (select ${c} from contacts where ${c} > labels.value and not is_archived order by ${c} limit 1)
      from labels where labels.value is not null
    )
    select coalesce(array_agg(value), '{}') from (select value from labels where value is not null limit ${MAX_LABELS}) as found)`
}
