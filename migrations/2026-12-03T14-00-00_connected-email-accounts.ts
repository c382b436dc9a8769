import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Connected email accounts (settings spec: integrations/emails; "Connected email account":
 * productName googlemail, zohomail or outlookmail, userName, isShareAccount).
 *
 * A staff member's own mailbox at Google, Zoho or Microsoft, connected by OAuth so mail to a
 * contact can go out from it. The access and refresh tokens are sealed (secret-box); only the
 * address is kept in clear. A shared account is offered to the tenant's other staff too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('connected_email_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('owner_contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('googlemail', 'zohomail', 'outlookmail')`))
    .addColumn('user_name', 'text', (c) => c.notNull().check(sql`length(user_name) between 3 and 254 and user_name = lower(user_name)`))
    .addColumn('is_shared', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('access_token_sealed', 'text', (c) => c.notNull())
    .addColumn('refresh_token_sealed', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('connected_email_accounts_one_per_owner_address', ['tenant_id', 'owner_contact_id', 'user_name'])
    .execute()
  await db.schema.createIndex('connected_email_accounts_shared').on('connected_email_accounts').columns(['tenant_id', 'is_shared']).execute()
  await makeTenantOwned(db, 'connected_email_accounts')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('connected_email_accounts').ifExists().execute()
}
