import { sql, type Kysely } from 'kysely'

/**
 * Plan renewals charged on the kept card (docs/decisions/146): the card's words for the plan
 * page (brand, last four digits, expiry; never its number), the refused renewals of the
 * current period and when the next try is due, and when the studio last dropped to Free after
 * the last try failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tenant_plans')
    .addColumn('card_brand', 'text', (c) => c.check(sql`length(card_brand) <= 40`))
    .addColumn('card_last4', 'text', (c) => c.check(sql`card_last4 ~ '^[0-9]{4}$'`))
    .addColumn('card_exp_month', 'integer', (c) => c.check(sql`card_exp_month between 1 and 12`))
    .addColumn('card_exp_year', 'integer')
    .addColumn('renewal_failures', 'integer', (c) => c.notNull().defaultTo(0).check(sql`renewal_failures >= 0`))
    .addColumn('renewal_retry_at', 'timestamptz')
    .addColumn('renewal_error', 'text', (c) => c.check(sql`length(renewal_error) <= 500`))
    .addColumn('dropped_to_free_at', 'timestamptz')
    .execute()
  await sql`create index tenant_plans_renewal_due on tenant_plans ((coalesce(renewal_retry_at, renews_at))) where renews_at is not null and plan_id <> 'free_plan'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists tenant_plans_renewal_due`.execute(db)
  await db.schema
    .alterTable('tenant_plans')
    .dropColumn('card_brand')
    .dropColumn('card_last4')
    .dropColumn('card_exp_month')
    .dropColumn('card_exp_year')
    .dropColumn('renewal_failures')
    .dropColumn('renewal_retry_at')
    .dropColumn('renewal_error')
    .dropColumn('dropped_to_free_at')
    .execute()
}
