import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * What a studio sells and when it teaches (website spec 3, Item/membership, Product bundle list
 * query, Course demo flow, Checkout line; 4, recurring membership; settings spec enumerations):
 * one `catalog_items` table for every kind of thing on sale, with side tables where a kind's
 * shape differs (course content, event dates, donation amounts, class schedules); price
 * options; rooms and suppliers; the schedule (rules stored as local time + zone, occurrences
 * materialised only when something happens to them); bookings, event registrations, the
 * memberships contacts hold, course enrolments and chapter progress.
 * docs/decisions/104-catalog-tables.md says why it is cut this way.
 *
 * References between tenant-owned rows are composite (tenant_id, id) foreign keys, so a row
 * can only point at a row of its own tenant, whatever the code that writes it does.
 * Money is integer minor units with a currency (an int4 reads back as a number on pg and
 * PGlite alike; 21 million in a price is beyond any studio).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Teachers, buyers, bookers and students are contacts; they are referenced with their tenant.
  await sql`alter table contacts add constraint contacts_tenant_id_id_key unique (tenant_id, id)`.execute(db)

  await db.schema
    .createTable('item_suppliers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 200`))
    .addColumn('email', 'text', (c) => c.check(sql`length(email) <= 254`))
    .addColumn('phone', 'text', (c) => c.check(sql`length(phone) <= 30`))
    .addColumn('is_archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('item_suppliers_tenant_id_id_key', ['tenant_id', 'id'])
    .execute()
  await sql`create unique index item_suppliers_tenant_name on item_suppliers (tenant_id, lower(name))`.execute(db)
  await makeTenantOwned(db, 'item_suppliers')

  await db.schema
    .createTable('rooms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 100`))
    .addColumn('capacity', 'integer', (c) => c.check(sql`capacity between 1 and 10000`))
    .addColumn('is_archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('rooms_tenant_id_id_key', ['tenant_id', 'id'])
    .execute()
  await sql`create unique index rooms_tenant_name on rooms (tenant_id, lower(name))`.execute(db)
  await makeTenantOwned(db, 'rooms')

  await db.schema
    .createTable('catalog_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    // course = SERVICE, product = PRODUCT, bundle = BUNDLE (the spec's category types).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 200`))
    // The spec's SEO URL rule: lowercase ASCII words joined by single hyphens.
    .addColumn('slug', 'text', (c) => c.notNull().check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 200`))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo('').check(sql`length(summary) <= 1000`))
    // Sanitised before it is stored (tenant HTML).
    .addColumn('description_html', 'text', (c) => c.notNull().defaultTo('').check(sql`length(description_html) <= 100000`))
    .addColumn('payment_type', 'text', (c) => c.notNull().defaultTo('PAID'))
    .addColumn('external_link', 'text', (c) => c.check(sql`length(external_link) <= 2000`))
    .addColumn('is_allow_demo_chapters', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_archived', 'boolean', (c) => c.notNull().defaultTo(false))
    // Merchandise only; null means not counted. Never below zero, so never oversold.
    .addColumn('stock_quantity', 'integer', (c) => c.check(sql`stock_quantity >= 0`))
    .addColumn('supplier_id', 'uuid')
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('catalog_items_tenant_id_id_key', ['tenant_id', 'id'])
    .addCheckConstraint('catalog_items_kind_known', sql`kind in ('course', 'class', 'event', 'product', 'bundle', 'donation', 'membership')`)
    .addCheckConstraint('catalog_items_payment_type_known', sql`payment_type in ('FREE', 'PAID', 'EXTERNAL', 'DONATION')`)
    .addCheckConstraint('catalog_items_external_has_link', sql`payment_type <> 'EXTERNAL' or coalesce(external_link, '') <> ''`)
    .addCheckConstraint('catalog_items_stock_is_merchandise', sql`stock_quantity is null or kind = 'product'`)
    .addCheckConstraint('catalog_items_demo_chapters_are_courses', sql`not is_allow_demo_chapters or kind = 'course'`)
    .execute()
  await sql`alter table catalog_items
    add column sort_name text generated always as (search_fold(name)) stored`.execute(db)
  await sql`alter table catalog_items
    add constraint catalog_items_supplier foreign key (tenant_id, supplier_id) references item_suppliers (tenant_id, id) on delete set null (supplier_id),
    add constraint catalog_items_creator foreign key (tenant_id, created_by) references contacts (tenant_id, id) on delete set null (created_by)`.execute(db)
  // Detail pages are /courses/details/{slug} and /events/details/{slug}: one slug per kind.
  await sql`create unique index catalog_items_tenant_kind_slug on catalog_items (tenant_id, kind, slug)`.execute(db)
  // The staff lists and the bundle list query (start, max, isShowArchived, search), by name.
  await sql`create index catalog_items_list on catalog_items (tenant_id, kind, is_archived, sort_name, id)`.execute(db)
  await sql`create index catalog_items_public on catalog_items (tenant_id, kind, sort_name) where is_published and not is_archived`.execute(db)
  await makeTenantOwned(db, 'catalog_items')

  await db.schema
    .createTable('item_price_options')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 200`))
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('price_minor', 'integer', (c) => c.notNull().check(sql`price_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    // The buyer may type an amount instead; other_price_minor is the least they may type.
    .addColumn('is_other_price', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('other_price_minor', 'integer', (c) => c.check(sql`other_price_minor >= 0`))
    .addColumn('discount_minor', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_minor >= 0`))
    // The most a buyer may take at once (the spec's quantity choices 1-9).
    .addColumn('max_quantity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`max_quantity between 1 and 9`))
    .addColumn('is_taxable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_charge_card_fees', 'boolean', (c) => c.notNull().defaultTo(false))
    // Null: a one-time purchase. recurring bills each period; card gives credits; unlimited gives any class until it expires.
    .addColumn('membership_type', 'text')
    .addColumn('credits', 'integer', (c) => c.check(sql`credits between 1 and 1000`))
    .addColumn('frequency', 'text')
    .addColumn('billing_day_of_month', 'integer', (c) => c.check(sql`billing_day_of_month between 1 and 31`))
    .addColumn('is_bill_from_next_month', 'boolean', (c) => c.notNull().defaultTo(false))
    // Null: bills until cancelled.
    .addColumn('number_of_billing_cycles', 'integer', (c) => c.check(sql`number_of_billing_cycles between 1 and 1000`))
    .addColumn('registration_fee_minor', 'integer', (c) => c.notNull().defaultTo(0).check(sql`registration_fee_minor >= 0`))
    .addColumn('is_trial_period', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('trial_duration', 'integer', (c) => c.check(sql`trial_duration between 1 and 1000`))
    .addColumn('trial_duration_unit', 'text')
    .addColumn('is_archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('item_price_options_tenant_id_id_key', ['tenant_id', 'id'])
    .addForeignKeyConstraint('item_price_options_item', ['tenant_id', 'item_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('item_price_options_membership_type_known', sql`membership_type is null or membership_type in ('recurring', 'card', 'unlimited')`)
    .addCheckConstraint('item_price_options_frequency_known', sql`frequency is null or frequency in ('daily', 'weekly', 'monthly', 'quarterly', 'halfyearly', 'yearly')`)
    .addCheckConstraint('item_price_options_trial_unit_known', sql`trial_duration_unit is null or trial_duration_unit in ('days', 'months', 'years')`)
    .addCheckConstraint('item_price_options_card_has_credits', sql`(membership_type = 'card') = (credits is not null)`)
    .addCheckConstraint('item_price_options_recurring_has_frequency', sql`(membership_type = 'recurring') = (frequency is not null)`)
    .addCheckConstraint('item_price_options_billing_is_recurring', sql`membership_type = 'recurring'
      or (billing_day_of_month is null and number_of_billing_cycles is null and not is_bill_from_next_month and not is_trial_period)`)
    .addCheckConstraint('item_price_options_trial_complete', sql`is_trial_period = (trial_duration is not null and trial_duration_unit is not null)`)
    .addCheckConstraint('item_price_options_discount_within_price', sql`discount_minor <= price_minor`)
    .execute()
  await sql`create index item_price_options_by_item on item_price_options (tenant_id, item_id, sequence)`.execute(db)
  await makeTenantOwned(db, 'item_price_options')

  await db.schema
    .createTable('item_images')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    // The stored upload's name (server/files/tenant-uploads.ts); resized variants derive from it.
    .addColumn('image_key', 'text', (c) => c.notNull().check(sql`length(image_key) between 1 and 300`))
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo('').check(sql`length(alt_text) <= 300`))
    .addColumn('width', 'integer', (c) => c.check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.check(sql`height > 0`))
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_cover', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('item_images_item', ['tenant_id', 'item_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await sql`create index item_images_by_item on item_images (tenant_id, item_id, sequence)`.execute(db)
  await sql`create unique index item_images_one_cover on item_images (item_id) where is_cover`.execute(db)
  await makeTenantOwned(db, 'item_images')

  await db.schema
    .createTable('bundle_items')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bundle_id', 'uuid', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`quantity between 1 and 99`))
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('bundle_items_pkey', ['bundle_id', 'item_id'])
    .addForeignKeyConstraint('bundle_items_bundle', ['tenant_id', 'bundle_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    // An item in a bundle cannot be deleted from under it; it is archived instead. No action
    // (checked at the end of the statement), not restrict, so deleting a whole tenant cascades.
    .addForeignKeyConstraint('bundle_items_item', ['tenant_id', 'item_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('no action'))
    .addCheckConstraint('bundle_items_not_self', sql`bundle_id <> item_id`)
    .execute()
  await sql`create index bundle_items_by_item on bundle_items (tenant_id, item_id)`.execute(db)
  await makeTenantOwned(db, 'bundle_items')

  await db.schema
    .createTable('course_sections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('course_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('course_sections_tenant_id_id_key', ['tenant_id', 'id'])
    .addForeignKeyConstraint('course_sections_course', ['tenant_id', 'course_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  // Deferred so a reorder can swap positions inside one transaction.
  await sql`alter table course_sections add constraint course_sections_order unique (course_id, sequence) deferrable initially deferred`.execute(db)
  await makeTenantOwned(db, 'course_sections')

  await db.schema
    .createTable('course_chapters')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('section_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    // Sanitised before it is stored (tenant HTML).
    .addColumn('body_html', 'text', (c) => c.notNull().defaultTo('').check(sql`length(body_html) <= 200000`))
    // As the teacher typed it, and in embed form by the spec's rule ('' when it is not a valid link).
    .addColumn('video_url', 'text', (c) => c.check(sql`length(video_url) <= 2000`))
    .addColumn('video_embed_url', 'text', (c) => c.check(sql`length(video_embed_url) <= 2000`))
    .addColumn('file_key', 'text', (c) => c.check(sql`length(file_key) <= 300`))
    .addColumn('file_name', 'text', (c) => c.check(sql`length(file_name) <= 255`))
    .addColumn('file_bytes', 'integer', (c) => c.check(sql`file_bytes >= 0`))
    // Open to a visitor trying the course, when the course allows demo chapters.
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('course_chapters_tenant_id_id_key', ['tenant_id', 'id'])
    .addForeignKeyConstraint('course_chapters_section', ['tenant_id', 'section_id'], 'course_sections', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('course_chapters_content_type_known', sql`content_type in ('text', 'video', 'file')`)
    .addCheckConstraint('course_chapters_video_has_link', sql`content_type <> 'video' or video_url is not null`)
    .addCheckConstraint('course_chapters_file_has_key', sql`content_type <> 'file' or (file_key is not null and file_name is not null)`)
    .execute()
  await sql`alter table course_chapters add constraint course_chapters_order unique (section_id, sequence) deferrable initially deferred`.execute(db)
  await makeTenantOwned(db, 'course_chapters')

  await db.schema
    .createTable('event_details')
    .addColumn('item_id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    // The zone its times are shown in (the tenant's when it was created).
    .addColumn('time_zone', 'text', (c) => c.notNull().check(sql`length(time_zone) between 1 and 64`))
    // Null: no limit. registered_count is kept by a trigger on event_registrations.
    .addColumn('capacity', 'integer', (c) => c.check(sql`capacity between 1 and 100000`))
    .addColumn('registered_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registration_closes_at', 'timestamptz')
    .addColumn('venue_name', 'text', (c) => c.check(sql`length(venue_name) <= 200`))
    .addColumn('address_line1', 'text', (c) => c.check(sql`length(address_line1) <= 255`))
    .addColumn('address_line2', 'text', (c) => c.check(sql`length(address_line2) <= 255`))
    .addColumn('city', 'text', (c) => c.check(sql`length(city) <= 100`))
    .addColumn('state', 'text', (c) => c.check(sql`length(state) <= 100`))
    .addColumn('zip', 'text', (c) => c.check(sql`length(zip) <= 20`))
    .addColumn('country', 'text', (c) => c.check(sql`length(country) <= 100`))
    .addUniqueConstraint('event_details_tenant_id_item_id_key', ['tenant_id', 'item_id'])
    .addForeignKeyConstraint('event_details_item', ['tenant_id', 'item_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('event_details_ends_after_start', sql`ends_at > starts_at`)
    .addCheckConstraint('event_details_within_capacity', sql`registered_count >= 0 and (capacity is null or registered_count <= capacity)`)
    .addCheckConstraint('event_details_closes_by_end', sql`registration_closes_at is null or registration_closes_at <= ends_at`)
    .execute()
  await sql`create index event_details_by_start on event_details (tenant_id, starts_at)`.execute(db)
  await makeTenantOwned(db, 'event_details')

  await db.schema
    .createTable('donation_details')
    .addColumn('item_id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    // In the order shown; each more than zero.
    .addColumn('suggested_amounts_minor', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('is_other_amount_allowed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_one_time_allowed', 'boolean', (c) => c.notNull().defaultTo(true))
    // A recurring gift bills monthly, for a number of years the donor picks or until stopped
    // (the spec: '-1' is unlimited, otherwise 12 x years - 1 further cycles).
    .addColumn('is_recurring_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('recurring_frequency', 'text', (c) => c.notNull().defaultTo('monthly'))
    .addColumn('goal_minor', 'integer', (c) => c.check(sql`goal_minor > 0`))
    .addForeignKeyConstraint('donation_details_item', ['tenant_id', 'item_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('donation_details_amounts', sql`cardinality(suggested_amounts_minor) <= 6 and 0 < all (suggested_amounts_minor)`)
    .addCheckConstraint('donation_details_some_way_to_give', sql`is_one_time_allowed or is_recurring_allowed`)
    .addCheckConstraint('donation_details_some_amount', sql`is_other_amount_allowed or cardinality(suggested_amounts_minor) > 0`)
    .addCheckConstraint('donation_details_frequency_known', sql`recurring_frequency in ('daily', 'weekly', 'monthly', 'quarterly', 'halfyearly', 'yearly')`)
    .execute()
  await makeTenantOwned(db, 'donation_details')

  // A class's rule: weekly on chosen days at a local time, from a date until a date or for N
  // weeks; or once. Expanded on read in the rule's zone, so 07:00 stays 07:00 across DST.
  await db.schema
    .createTable('class_schedules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('class_id', 'uuid', (c) => c.notNull())
    .addColumn('recurrence', 'text', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull().check(sql`start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('time_zone', 'text', (c) => c.notNull().check(sql`length(time_zone) between 1 and 64`))
    // ISO weekdays, 1 = Monday ... 7 = Sunday.
    .addColumn('weekdays', sql`smallint[]`, (c) => c.notNull().defaultTo(sql`'{}'::smallint[]`))
    .addColumn('until_date', 'date')
    .addColumn('weeks', 'integer', (c) => c.check(sql`weeks between 1 and 520`))
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes between 1 and 1440`))
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity between 1 and 10000`))
    // Six hex digits without '#' (docs/decisions/063).
    .addColumn('colour', 'text', (c) => c.check(sql`colour ~ '^[0-9a-f]{6}$'`))
    .addColumn('teacher_id', 'uuid')
    .addColumn('room_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('class_schedules_tenant_id_id_key', ['tenant_id', 'id'])
    .addForeignKeyConstraint('class_schedules_class', ['tenant_id', 'class_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('class_schedules_recurrence_known', sql`recurrence in ('weekly', 'once')`)
    .addCheckConstraint('class_schedules_weekdays_valid', sql`weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]`)
    .addCheckConstraint('class_schedules_weekly_rule', sql`case recurrence
      when 'weekly' then cardinality(weekdays) > 0 and num_nonnulls(until_date, weeks) = 1
      else cardinality(weekdays) = 0 and until_date is null and weeks is null end`)
    .addCheckConstraint('class_schedules_until_after_start', sql`until_date is null or until_date >= start_date`)
    .execute()
  await sql`alter table class_schedules
    add constraint class_schedules_teacher foreign key (tenant_id, teacher_id) references contacts (tenant_id, id) on delete set null (teacher_id),
    add constraint class_schedules_room foreign key (tenant_id, room_id) references rooms (tenant_id, id) on delete set null (room_id)`.execute(db)
  await sql`create index class_schedules_by_class on class_schedules (tenant_id, class_id)`.execute(db)
  await sql`create index class_schedules_by_start on class_schedules (tenant_id, start_date)`.execute(db)
  await sql`create index class_schedules_by_teacher on class_schedules (tenant_id, teacher_id) where teacher_id is not null`.execute(db)
  await makeTenantOwned(db, 'class_schedules')

  // One occurrence of a schedule, written only when something happens to it: a booking, a
  // cancellation, a move or another override. Its key is the local date the rule gave it.
  await db.schema
    .createTable('class_occurrences')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('schedule_id', 'uuid', (c) => c.notNull())
    .addColumn('class_id', 'uuid', (c) => c.notNull())
    .addColumn('occurrence_date', 'date', (c) => c.notNull())
    // Where and when it actually happens, in UTC (moved or not), for rosters and "today".
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled'))
    // A move, in local terms (null: as the rule says).
    .addColumn('moved_to_date', 'date')
    .addColumn('moved_to_time', 'text', (c) => c.check(sql`moved_to_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    // Overrides of the schedule for this occurrence only (null: the schedule's).
    .addColumn('teacher_id', 'uuid')
    .addColumn('room_id', 'uuid')
    .addColumn('duration_minutes', 'integer', (c) => c.check(sql`duration_minutes between 1 and 1440`))
    // Copied from the schedule when the row is written; booked_count is kept by a trigger on
    // class_bookings and can never pass it, so two people cannot both take the last spot.
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity between 1 and 10000`))
    .addColumn('is_capacity_overridden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('booked_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.check(sql`length(note) <= 2000`))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('class_occurrences_tenant_id_id_key', ['tenant_id', 'id'])
    .addUniqueConstraint('class_occurrences_once_per_date', ['schedule_id', 'occurrence_date'])
    .addForeignKeyConstraint('class_occurrences_schedule', ['tenant_id', 'schedule_id'], 'class_schedules', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('class_occurrences_class', ['tenant_id', 'class_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('class_occurrences_status_known', sql`status in ('scheduled', 'cancelled')`)
    .addCheckConstraint('class_occurrences_within_capacity', sql`booked_count >= 0 and booked_count <= capacity`)
    .addCheckConstraint('class_occurrences_ends_after_start', sql`ends_at > starts_at`)
    .addCheckConstraint('class_occurrences_move_complete', sql`(moved_to_date is null) = (moved_to_time is null)`)
    .addCheckConstraint('class_occurrences_cancelled_when', sql`(status = 'cancelled') = (cancelled_at is not null)`)
    .execute()
  await sql`alter table class_occurrences
    add constraint class_occurrences_teacher foreign key (tenant_id, teacher_id) references contacts (tenant_id, id) on delete set null (teacher_id),
    add constraint class_occurrences_room foreign key (tenant_id, room_id) references rooms (tenant_id, id) on delete set null (room_id)`.execute(db)
  await sql`create index class_occurrences_by_start on class_occurrences (tenant_id, starts_at)`.execute(db)
  await makeTenantOwned(db, 'class_occurrences')

  await db.schema
    .createTable('contact_memberships')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('contact_id', 'uuid', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('price_option_id', 'uuid')
    // Copied from the price option at purchase, so a later edit of the option changes nothing held.
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 200`))
    .addColumn('membership_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    // Card memberships only; a class booking takes one. Never below zero.
    .addColumn('credits_total', 'integer', (c) => c.check(sql`credits_total between 1 and 1000`))
    .addColumn('credits_left', 'integer')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('trial_ends_at', 'timestamptz')
    // Null: no end (a recurring membership runs until its billing stops).
    .addColumn('expires_at', 'timestamptz')
    .addColumn('next_billing_at', 'timestamptz')
    .addColumn('billing_cycles_left', 'integer', (c) => c.check(sql`billing_cycles_left >= 0`))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('contact_memberships_tenant_id_id_key', ['tenant_id', 'id'])
    .addForeignKeyConstraint('contact_memberships_contact', ['tenant_id', 'contact_id'], 'contacts', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    // A plan someone holds is archived, not deleted (no action, so a tenant's deletion still cascades).
    .addForeignKeyConstraint('contact_memberships_item', ['tenant_id', 'item_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('no action'))
    .addCheckConstraint('contact_memberships_type_known', sql`membership_type in ('recurring', 'card', 'unlimited')`)
    .addCheckConstraint('contact_memberships_status_known', sql`status in ('trial', 'active', 'paused', 'cancelled', 'expired')`)
    .addCheckConstraint('contact_memberships_credits', sql`case membership_type
      when 'card' then credits_total is not null and credits_left between 0 and credits_total
      else credits_total is null and credits_left is null end`)
    .addCheckConstraint('contact_memberships_expires_after_start', sql`expires_at is null or expires_at > starts_at`)
    .execute()
  await sql`alter table contact_memberships
    add constraint contact_memberships_price_option foreign key (tenant_id, price_option_id) references item_price_options (tenant_id, id) on delete set null (price_option_id)`.execute(db)
  await sql`create index contact_memberships_by_contact on contact_memberships (tenant_id, contact_id, status, expires_at)`.execute(db)
  await sql`create index contact_memberships_by_item on contact_memberships (tenant_id, item_id)`.execute(db)
  await makeTenantOwned(db, 'contact_memberships')

  await db.schema
    .createTable('class_bookings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('occurrence_id', 'uuid', (c) => c.notNull())
    .addColumn('contact_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('booked'))
    // What paid for it: a membership (and the credits a card gave up), or nothing for a free class.
    .addColumn('membership_id', 'uuid')
    .addColumn('credits_used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`credits_used between 0 and 10`))
    .addColumn('booked_by', 'uuid')
    .addColumn('booked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('class_bookings_occurrence', ['tenant_id', 'occurrence_id'], 'class_occurrences', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('class_bookings_contact', ['tenant_id', 'contact_id'], 'contacts', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('class_bookings_status_known', sql`status in ('booked', 'cancelled', 'checked_in')`)
    .addCheckConstraint('class_bookings_cancelled_when', sql`(status = 'cancelled') = (cancelled_at is not null)`)
    .addCheckConstraint('class_bookings_checked_in_when', sql`(status = 'checked_in') = (checked_in_at is not null)`)
    .execute()
  await sql`alter table class_bookings
    add constraint class_bookings_membership foreign key (tenant_id, membership_id) references contact_memberships (tenant_id, id) on delete set null (membership_id),
    add constraint class_bookings_booker foreign key (tenant_id, booked_by) references contacts (tenant_id, id) on delete set null (booked_by)`.execute(db)
  // One live booking per person and occurrence; a cancelled one stays as history and does not block booking again.
  await sql`create unique index class_bookings_once_per_contact on class_bookings (occurrence_id, contact_id) where status <> 'cancelled'`.execute(db)
  await sql`create index class_bookings_by_contact on class_bookings (tenant_id, contact_id, booked_at desc)`.execute(db)
  await sql`create index class_bookings_by_occurrence on class_bookings (tenant_id, occurrence_id)`.execute(db)
  await makeTenantOwned(db, 'class_bookings')

  await db.schema
    .createTable('event_registrations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('contact_id', 'uuid', (c) => c.notNull())
    // Seats taken (the spec's quantity choices 1-9).
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`quantity between 1 and 9`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('registered'))
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('event_registrations_event', ['tenant_id', 'event_id'], 'event_details', ['tenant_id', 'item_id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('event_registrations_contact', ['tenant_id', 'contact_id'], 'contacts', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('event_registrations_status_known', sql`status in ('registered', 'cancelled', 'checked_in')`)
    .addCheckConstraint('event_registrations_cancelled_when', sql`(status = 'cancelled') = (cancelled_at is not null)`)
    .execute()
  await sql`create unique index event_registrations_once_per_contact on event_registrations (event_id, contact_id) where status <> 'cancelled'`.execute(db)
  await sql`create index event_registrations_by_contact on event_registrations (tenant_id, contact_id, registered_at desc)`.execute(db)
  await makeTenantOwned(db, 'event_registrations')

  await db.schema
    .createTable('course_enrolments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('course_id', 'uuid', (c) => c.notNull())
    .addColumn('contact_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    // Enrolled through the demo flow: only the course's demo chapters are open.
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enrolled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('course_enrolments_tenant_id_id_key', ['tenant_id', 'id'])
    .addUniqueConstraint('course_enrolments_once_per_contact', ['course_id', 'contact_id'])
    .addForeignKeyConstraint('course_enrolments_course', ['tenant_id', 'course_id'], 'catalog_items', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('course_enrolments_contact', ['tenant_id', 'contact_id'], 'contacts', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('course_enrolments_status_known', sql`status in ('active', 'completed', 'cancelled')`)
    .execute()
  await sql`create index course_enrolments_by_contact on course_enrolments (tenant_id, contact_id, enrolled_at desc)`.execute(db)
  await makeTenantOwned(db, 'course_enrolments')

  await db.schema
    .createTable('chapter_progress')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('enrolment_id', 'uuid', (c) => c.notNull())
    .addColumn('chapter_id', 'uuid', (c) => c.notNull())
    .addColumn('last_viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addPrimaryKeyConstraint('chapter_progress_pkey', ['enrolment_id', 'chapter_id'])
    .addForeignKeyConstraint('chapter_progress_enrolment', ['tenant_id', 'enrolment_id'], 'course_enrolments', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('chapter_progress_chapter', ['tenant_id', 'chapter_id'], 'course_chapters', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await makeTenantOwned(db, 'chapter_progress')

  // Counters kept in the same statement as the booking or registration they count: the
  // counted row is locked until commit, so a concurrent writer waits, then re-reads the count
  // and trips the capacity check instead of overbooking.
  await sql`create function class_bookings_keep_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.occurrence_id = new.occurrence_id
         and (old.status <> 'cancelled') = (new.status <> 'cancelled') then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') and old.status <> 'cancelled' then
        update class_occurrences set booked_count = booked_count - 1 where id = old.occurrence_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status <> 'cancelled' then
        update class_occurrences set booked_count = booked_count + 1 where id = new.occurrence_id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger class_bookings_count after insert or update or delete on class_bookings
    for each row execute function class_bookings_keep_count()`.execute(db)

  await sql`create function event_registrations_keep_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.event_id = new.event_id and old.quantity = new.quantity
         and (old.status <> 'cancelled') = (new.status <> 'cancelled') then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') and old.status <> 'cancelled' then
        update event_details set registered_count = registered_count - old.quantity where item_id = old.event_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status <> 'cancelled' then
        update event_details set registered_count = registered_count + new.quantity where item_id = new.event_id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger event_registrations_count after insert or update or delete on event_registrations
    for each row execute function event_registrations_keep_count()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'chapter_progress', 'course_enrolments', 'event_registrations', 'class_bookings', 'contact_memberships', 'class_occurrences',
    'class_schedules', 'donation_details', 'event_details', 'course_chapters', 'course_sections', 'bundle_items', 'item_images',
    'item_price_options', 'catalog_items', 'rooms', 'item_suppliers',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
  await sql`drop function if exists class_bookings_keep_count()`.execute(db)
  await sql`drop function if exists event_registrations_keep_count()`.execute(db)
  await sql`alter table contacts drop constraint if exists contacts_tenant_id_id_key`.execute(db)
}
