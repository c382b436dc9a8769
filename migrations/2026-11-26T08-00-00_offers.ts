import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Offer codes (spec 002 section 3 Offer; decision 114).
 *
 * - offers: one code per tenant, kept upper case (codes are typed however the buyer likes).
 *   A percentage is kept in basis points (1250 is 12.5%) so no float reaches a price; an
 *   amount in minor units. Validity is a pair of days in the studio's zone. times_used only
 *   grows inside the sale that uses the code, and never passes the usage limit.
 * - carts.offer_code: the code a buyer applied, priced afresh each time the cart is shown.
 * - invoices.offer_id: the offer a sale used, so a sale that is undone gives its use back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('offers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[A-Z0-9_-]{3,30}$'`))
    .addColumn('offer_type', 'text', (c) => c.notNull().defaultTo('flat'))
    .addColumn('discount_type', 'text', (c) => c.notNull())
    .addColumn('discount_basis_points', 'integer', (c) => c.check(sql`discount_basis_points between 1 and 10000`))
    .addColumn('discount_minor', 'bigint', (c) => c.check(sql`discount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('primary_item_category', 'text', (c) => c.notNull().defaultTo('item'))
    .addColumn('primary_item_id', 'uuid')
    .addColumn('secondary_item_category', 'text')
    .addColumn('secondary_item_id', 'uuid')
    .addColumn('secondary_item_count', 'integer', (c) => c.check(sql`secondary_item_count between 1 and 99`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    // Days in the studio's zone, both included.
    .addColumn('valid_from', 'date')
    .addColumn('valid_until', 'date')
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit between 1 and 1000000`))
    .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('offers_tenant_id_id_key', ['tenant_id', 'id'])
    .addUniqueConstraint('offers_code_per_tenant', ['tenant_id', 'code'])
    .addCheckConstraint('offers_type_known', sql`offer_type in ('flat', 'buyFirstAndGetOther')`)
    .addCheckConstraint('offers_status_known', sql`status in ('ACTIVE', 'DISABLED', 'EXPIRED')`)
    .addCheckConstraint('offers_category_known', sql`primary_item_category in ('item', 'product', 'course', 'account', 'membership')`)
    .addCheckConstraint(
      'offers_secondary_category_known',
      sql`secondary_item_category is null or secondary_item_category in ('item', 'product', 'course', 'account', 'membership')`,
    )
    .addCheckConstraint(
      'offers_discount_matches_type',
      sql`(discount_type = 'percentage' and discount_basis_points is not null and discount_minor is null)
        or (discount_type = 'amount' and discount_minor is not null and discount_basis_points is null)`,
    )
    .addCheckConstraint('offers_dates_in_order', sql`valid_from is null or valid_until is null or valid_from <= valid_until`)
    .addCheckConstraint('offers_use_within_limit', sql`times_used >= 0 and (usage_limit is null or times_used <= usage_limit)`)
    .execute()
  // An item that is deleted leaves its offers standing for any item of the category, never the tenant id null.
  await sql`alter table offers add constraint offers_primary_item foreign key (tenant_id, primary_item_id)
    references catalog_items (tenant_id, id) on delete set null (primary_item_id)`.execute(db)
  await sql`alter table offers add constraint offers_secondary_item foreign key (tenant_id, secondary_item_id)
    references catalog_items (tenant_id, id) on delete set null (secondary_item_id)`.execute(db)
  await makeTenantOwned(db, 'offers')

  await db.schema.alterTable('carts').addColumn('offer_code', 'text', (c) => c.check(sql`length(offer_code) <= 30`)).execute()
  await db.schema.alterTable('invoices').addColumn('offer_id', 'uuid').execute()
  await sql`alter table invoices add constraint invoices_offer foreign key (tenant_id, offer_id)
    references offers (tenant_id, id) on delete set null (offer_id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').dropConstraint('invoices_offer').execute()
  await db.schema.alterTable('invoices').dropColumn('offer_id').execute()
  await db.schema.alterTable('carts').dropColumn('offer_code').execute()
  await db.schema.dropTable('offers').ifExists().execute()
}
