import type { Kysely } from 'kysely'

/**
 * The platform owner may suspend a studio from the master tenant's Tenants screen: a suspended
 * tenant is not resolved by its host (its site, back office and portal answer as an unknown
 * organisation) until it is reinstated. Its data is untouched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('suspended_at', 'timestamptz').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('suspended_at').execute()
}
