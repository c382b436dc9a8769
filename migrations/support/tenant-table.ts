import { sql, type Kysely } from 'kysely'

/**
 * Frozen helper for migrations: never change what it does, since landed migrations call it.
 * If the isolation rule ever changes, add a new helper and a new migration.
 *
 * Makes a table tenant-owned: row-level security enabled and forced (so even the table owner
 * is filtered), one policy keyed on the transaction-local `app.tenant_id`, and the privileges
 * the request role needs. `nullif(..., '')` because an unset local setting reads back as ''
 * after a transaction ends, and ''::uuid would raise instead of matching nothing.
 */
export async function makeTenantOwned(db: Kysely<any>, table: string): Promise<void> {
  const t = sql.table(table)
  await sql`alter table ${t} enable row level security`.execute(db)
  await sql`alter table ${t} force row level security`.execute(db)
  await sql`create policy tenant_isolation on ${t}
    using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
    with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`.execute(db)
  await allowSystemAccess(db, table)
  await sql`grant select, insert, update, delete on ${t} to app_tenant`.execute(db)
}

/**
 * Frozen helper: lets the owning role (the one running migrations, which the system executor
 * connects as) see every row, but only in a transaction that set `app.system_access` on.
 * Superusers bypass RLS anyway; this makes a non-superuser owner work the same way.
 */
export async function allowSystemAccess(db: Kysely<any>, table: string): Promise<void> {
  await sql`create policy system_access on ${sql.table(table)} to current_user
    using (current_setting('app.system_access', true) = 'on')
    with check (current_setting('app.system_access', true) = 'on')`.execute(db)
}

/** Frozen helper: the role request code runs as inside `withTenant`. Roles are cluster-wide. */
export async function ensureTenantRole(db: Kysely<any>): Promise<void> {
  await sql`do $$
    begin
      if not exists (select from pg_roles where rolname = 'app_tenant') then
        create role app_tenant nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`.execute(db)
  // A non-superuser owner must be a member of the role to switch into it.
  await sql`do $$
    begin
      execute format('grant app_tenant to %I', current_user);
    exception when others then null;
    end $$`.execute(db)
  await sql`grant usage on schema public to app_tenant`.execute(db)
}
