import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * The media gallery (website spec, the mediagallery page; upload rule "only image and video, max
 * 10485760 bytes"): a studio's uploaded images and videos. An image is kept only as WebP variants
 * of a few widths (`variants`: name, width, height each), never as the file that was sent; a
 * video is kept as sent, MP4 or WebM. Both are the tenant's uploads under a random `file_key`,
 * from which every address is derived. `alt_text` is the image's alternative text or the video's
 * title; `original_name` is what staff called the file, shown to staff only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('guid', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'video')`))
    .addColumn('file_key', 'text', (c) => c.notNull().check(sql`file_key ~ '^[A-Za-z0-9_-]{24}$'`))
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4', 'video/webm')`))
    .addColumn('variants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('byte_size', 'integer', (c) => c.notNull().check(sql`byte_size between 1 and 10485760`))
    .addColumn('width', 'integer', (c) => c.check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.check(sql`height > 0`))
    .addColumn('alt_text', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(alt_text) <= 250`),
    )
    .addColumn('original_name', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(original_name) <= 255`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('media_items_image_shape', sql`kind = 'video' or (width is not null and height is not null and jsonb_array_length(variants) > 0)`)
    .execute()
  await sql`create index media_items_by_created on media_items (tenant_id, created_at desc, id)`.execute(db)
  await makeTenantOwned(db, 'media_items')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_items').ifExists().execute()
}
