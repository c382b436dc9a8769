import { sql, type Kysely } from 'kysely'

/**
 * A card refund the provider took can still fail days later (the card's bank sends it back;
 * Stripe's 'refund.failed'). Such a refund stays in the ledger, marked failed with the
 * provider's reason, and no longer counts as given back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invoice_refunds')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('failure_reason', 'text', (c) => c.check(sql`length(failure_reason) <= 255`))
    .execute()
  await sql`create index invoice_refunds_by_ref on invoice_refunds (refund_ref) where refund_ref is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists invoice_refunds_by_ref`.execute(db)
  await db.schema.alterTable('invoice_refunds').dropColumn('failure_reason').dropColumn('failed_at').execute()
}
