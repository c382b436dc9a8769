import { sql, type Kysely } from 'kysely'

/**
 * A custom domain serves its tenant only once a DNS TXT record proves the tenant owns it
 * (docs/decisions/131). Several tenants may claim one domain while pending, so a squatter
 * cannot block the owner: uniqueness holds among verified domains only. Domains saved before
 * this check existed already serve their tenants, so they count as verified.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('custom_domain_status', 'text', (c) => c.check(sql`custom_domain_status in ('pending', 'verified', 'failed')`))
    .addColumn('custom_domain_failure', 'text', (c) => c.check(sql`custom_domain_failure in ('not_found', 'taken')`))
    .addColumn('custom_domain_token', 'text')
    .addColumn('custom_domain_claimed_at', 'timestamptz')
    .addColumn('custom_domain_checked_at', 'timestamptz')
    .execute()
  await sql`update tenants set custom_domain_status = 'verified', custom_domain_claimed_at = now() where custom_domain is not null`.execute(db)
  await sql`alter table tenants add constraint tenants_custom_domain_status_set check ((custom_domain is null) = (custom_domain_status is null))`.execute(db)
  await sql`alter table tenants drop constraint tenants_custom_domain_key`.execute(db)
  await sql`create unique index tenants_custom_domain_verified on tenants (custom_domain) where custom_domain_status = 'verified'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index tenants_custom_domain_verified`.execute(db)
  await sql`update tenants set custom_domain = null where custom_domain_status is distinct from 'verified'`.execute(db)
  await sql`alter table tenants drop constraint tenants_custom_domain_status_set`.execute(db)
  await sql`alter table tenants add constraint tenants_custom_domain_key unique (custom_domain)`.execute(db)
  await db.schema
    .alterTable('tenants')
    .dropColumn('custom_domain_status')
    .dropColumn('custom_domain_failure')
    .dropColumn('custom_domain_token')
    .dropColumn('custom_domain_claimed_at')
    .dropColumn('custom_domain_checked_at')
    .execute()
}
