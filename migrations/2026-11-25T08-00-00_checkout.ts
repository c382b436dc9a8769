import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Carts and the invoices checkout turns them into (decision 112).
 *
 * - A cart is named by a secret in the visitor's cookie (only its SHA-256 is kept) and may
 *   belong to a signed-in contact. Its lines name what is wanted; prices are read afresh from
 *   the catalog each time the cart is shown, so a line never carries a stale price.
 * - An invoice is the record of a sale, with its lines copied from the catalog at the moment
 *   of sale (the spec's Invoice and Checkout line). Its idempotency key makes a double-clicked
 *   Place order one invoice. Numbers count up per tenant from invoice_numbers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('carts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('carts_tenant_id_id_key', ['tenant_id', 'id'])
    .addForeignKeyConstraint('carts_contact', ['tenant_id', 'contact_id'], 'contacts', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await sql`create index carts_by_contact on carts (tenant_id, contact_id) where contact_id is not null`.execute(db)
  await makeTenantOwned(db, 'carts')

  await db.schema
    .createTable('cart_lines')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('cart_id', 'uuid', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    // Null for a donation, which has amounts instead of price options.
    .addColumn('price_option_id', 'uuid')
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`quantity between 1 and 9`))
    // What the buyer typed where the option takes another price, or the donor's amount.
    .addColumn('amount_minor', 'integer', (c) => c.check(sql`amount_minor > 0`))
    .addColumn('donation_frequency', 'text')
    // A class drop-in names its occurrence by schedule and scheduled local date (occurrence-key.ts).
    .addColumn('schedule_id', 'uuid')
    .addColumn('occurrence_date', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('cart_lines_cart', ['tenant_id', 'cart_id'], 'carts', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('cart_lines_item', ['tenant_id', 'item_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('cart_lines_price_option', ['tenant_id', 'price_option_id'], 'item_price_options', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('cart_lines_donation_frequency_known', sql`donation_frequency is null or donation_frequency in ('one-time', 'recurring')`)
    .addCheckConstraint('cart_lines_occurrence_complete', sql`(schedule_id is null) = (occurrence_date is null)`)
    .execute()
  await sql`create index cart_lines_by_cart on cart_lines (tenant_id, cart_id, created_at)`.execute(db)
  await makeTenantOwned(db, 'cart_lines')

  await db.schema
    .createTable('invoice_numbers')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number > 0`))
    .execute()
  await makeTenantOwned(db, 'invoice_numbers')

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number > 0`))
    .addColumn('contact_id', 'uuid', (c) => c.notNull())
    // pending: waiting for a payment; paid; unpaid: owed on account; void: cancelled by staff.
    .addColumn('status', 'text', (c) => c.notNull())
    // checkout: a visitor or student; till: staff selling at /store/cart-checkout; staff: written by hand.
    .addColumn('source', 'text', (c) => c.notNull())
    // How it was paid (the spec's purchase types creditcard, account, cash; 'other' at the till; free for nothing to pay).
    .addColumn('payment_method', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('subtotal_minor', 'bigint', (c) => c.notNull().check(sql`subtotal_minor >= 0`))
    .addColumn('discount_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`discount_minor >= 0`))
    .addColumn('card_fees_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`card_fees_minor >= 0`))
    .addColumn('tax_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`tax_minor >= 0`))
    .addColumn('total_minor', 'bigint', (c) => c.notNull().check(sql`total_minor >= 0`))
    // What is still owed.
    .addColumn('balance_minor', 'bigint', (c) => c.notNull().check(sql`balance_minor >= 0`))
    .addColumn('tax_label', 'text', (c) => c.notNull().defaultTo('').check(sql`length(tax_label) <= 100`))
    .addColumn('offer_code', 'text', (c) => c.check(sql`length(offer_code) <= 50`))
    // The buyer as they gave themselves at checkout (the spec's Invoice contact fields).
    .addColumn('first_name', 'text', (c) => c.notNull().check(sql`length(first_name) <= 100`))
    .addColumn('last_name', 'text', (c) => c.notNull().check(sql`length(last_name) <= 100`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) <= 254`))
    .addColumn('phone', 'text', (c) => c.check(sql`length(phone) <= 30`))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo('').check(sql`length(note) <= 1000`))
    // The staff member who sold at the till (staff are contacts).
    .addColumn('sales_person_id', 'uuid')
    // Sent with the Place order form; a second post with the same key finds this invoice.
    .addColumn('idempotency_key', 'text', (c) => c.check(sql`length(idempotency_key) between 16 and 100`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('invoices_tenant_id_id_key', ['tenant_id', 'id'])
    .addUniqueConstraint('invoices_number_per_tenant', ['tenant_id', 'number'])
    .addUniqueConstraint('invoices_idempotency_key', ['tenant_id', 'idempotency_key'])
    .addForeignKeyConstraint('invoices_contact', ['tenant_id', 'contact_id'], 'contacts', ['tenant_id', 'id'], (c) => c.onDelete('no action'))
    .addCheckConstraint('invoices_status_known', sql`status in ('pending', 'paid', 'unpaid', 'void')`)
    .addCheckConstraint('invoices_source_known', sql`source in ('checkout', 'till', 'staff')`)
    .addCheckConstraint('invoices_payment_method_known', sql`payment_method is null or payment_method in ('free', 'card', 'cash', 'other', 'account')`)
    .addCheckConstraint('invoices_sums', sql`total_minor = subtotal_minor - discount_minor + card_fees_minor + tax_minor and balance_minor <= total_minor`)
    .addCheckConstraint('invoices_paid_when', sql`(status = 'paid') = (paid_at is not null)`)
    .addCheckConstraint('invoices_void_when', sql`(status = 'void') = (voided_at is not null)`)
    .execute()
  await sql`alter table invoices
    add constraint invoices_sales_person foreign key (tenant_id, sales_person_id) references contacts (tenant_id, id) on delete set null (sales_person_id)`.execute(db)
  await sql`create index invoices_by_contact on invoices (tenant_id, contact_id, created_at desc)`.execute(db)
  await sql`create index invoices_by_created on invoices (tenant_id, created_at desc)`.execute(db)
  await makeTenantOwned(db, 'invoices')

  await db.schema
    .createTable('invoice_lines')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('invoice_id', 'uuid', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('price_option_id', 'uuid')
    // Copied at the sale, so a later edit of the item changes nothing sold.
    .addColumn('item_name', 'text', (c) => c.notNull().check(sql`length(item_name) between 1 and 200`))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('option_name', 'text', (c) => c.check(sql`length(option_name) <= 200`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 9`))
    .addColumn('unit_price_minor', 'bigint', (c) => c.notNull().check(sql`unit_price_minor >= 0`))
    .addColumn('price_minor', 'bigint', (c) => c.notNull().check(sql`price_minor >= 0`))
    .addColumn('discount_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`discount_minor >= 0`))
    .addColumn('card_fees_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`card_fees_minor >= 0`))
    .addColumn('tax_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`tax_minor >= 0`))
    .addColumn('total_minor', 'bigint', (c) => c.notNull().check(sql`total_minor >= 0`))
    .addColumn('membership_type', 'text')
    .addColumn('credits', 'integer')
    // The later charges of a recurring membership or gift (the spec's checkout line subscription).
    .addColumn('subscription', 'jsonb')
    // A class drop-in's occurrence start, for the receipt.
    .addColumn('occurrence_starts_at', 'timestamptz')
    // What the sale gave the buyer, written in the same transaction.
    .addColumn('membership_id', 'uuid')
    .addColumn('enrolment_id', 'uuid')
    .addColumn('booking_id', 'uuid')
    .addColumn('event_registration_id', 'uuid')
    .addUniqueConstraint('invoice_lines_order', ['invoice_id', 'sequence'])
    .addForeignKeyConstraint('invoice_lines_invoice', ['tenant_id', 'invoice_id'], 'invoices', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    // An item that has been sold is archived, not deleted (no action, so a tenant's deletion still cascades).
    .addForeignKeyConstraint('invoice_lines_item', ['tenant_id', 'item_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('no action'))
    .addCheckConstraint('invoice_lines_item_type_known', sql`item_type in ('course', 'class', 'event', 'product', 'bundle', 'donation', 'membership')`)
    .addCheckConstraint('invoice_lines_sums', sql`total_minor = price_minor - discount_minor + card_fees_minor + tax_minor`)
    .execute()
  await sql`alter table invoice_lines
    add constraint invoice_lines_price_option foreign key (tenant_id, price_option_id) references item_price_options (tenant_id, id) on delete set null (price_option_id),
    add constraint invoice_lines_membership foreign key (tenant_id, membership_id) references contact_memberships (tenant_id, id) on delete set null (membership_id),
    add constraint invoice_lines_enrolment foreign key (tenant_id, enrolment_id) references course_enrolments (tenant_id, id) on delete set null (enrolment_id),
    add constraint invoice_lines_booking foreign key (booking_id) references class_bookings (id) on delete set null,
    add constraint invoice_lines_event_registration foreign key (event_registration_id) references event_registrations (id) on delete set null`.execute(db)
  await sql`create index invoice_lines_by_item on invoice_lines (tenant_id, item_id)`.execute(db)
  await makeTenantOwned(db, 'invoice_lines')
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['invoice_lines', 'invoices', 'invoice_numbers', 'cart_lines', 'carts']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
