import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'

export const BENCH_CONTACT_COUNT = 100_000

export const BENCH_FIRST_NAMES = ['María', 'José', 'Chloé', 'François', 'Zoë', 'Søren', 'Olivia', 'Noah', 'Liam', 'Emma', 'Ava', 'Mateo', 'Lucía', 'Amara', 'Kenji', 'Yuki', 'Raj', 'Ananya', 'Ibrahim', 'Fatima', 'Grace', 'Daniel', 'Élodie', 'Björn', 'Aisha', 'Carlos', 'Olga', 'Sean', 'Hannah', 'Tomás', 'Priya', 'Marco', 'Lena', 'Ada', 'Mei', 'Sam', 'Jürgen', 'Siobhán', 'Beatriz', 'Nikolai']
export const BENCH_LAST_NAMES = ['García', 'Dubois', 'Müller', 'Kierkegaard', "O'Connor", 'Watanabe', 'Nwosu', 'Bennett', 'Chen', 'Sharma', 'Iyer', 'Silva', 'Santos', 'Levi', 'Haddad', 'Kim', 'Kowalski', 'Martin', 'Andersson', 'Bello', 'Mendoza', 'Tanaka', 'Petrova', 'Murphy', 'Patel', 'Rossi', 'Okafor', 'Schmidt', 'Nguyen', 'Johansson', 'Fernández', 'Novak', 'Horvat', 'Costa', 'Ivanova', 'Lindqvist', 'Brennan', 'Yilmaz', 'Acheampong', 'Duarte']

/**
 * Fills a tenant with `count` contacts in one statement (generate_series), fast enough to run
 * before every bench: names with accents from two lists, unique emails, phones, barcodes, a mix
 * of every status, categories, stages, walk-ins, balances, join dates over five years, and tags.
 * Returns how long it took. Vacuums afterwards so the list's counts can use index-only scans.
 */
export async function seedBenchContacts(handle: DatabaseHandle, tenantId: string, count = BENCH_CONTACT_COUNT): Promise<number> {
  const started = performance.now()
  await asSystem(handle, 'bench seeder fills one tenant', async (trx) => {
    // The demo studio's plan (Leap) stops at 50,000 contacts, and its limit counts on every
    // insert: the bench measures the contact book at 100,000, so the studio has no plan here.
    await sql`delete from tenant_plans where tenant_id = ${tenantId}::uuid`.execute(trx)
    await sql`
      insert into contacts (tenant_id, first_name, last_name, email, phone, barcode, category, sales_stage, account_stage,
        is_status_client, is_status_lead, is_status_member, is_status_staff, is_status_followup, is_status_inactive, is_status_other,
        is_walk_in, balance_minor, created_at, updated_at)
      select ${tenantId}::uuid,
        (${BENCH_FIRST_NAMES}::text[])[1 + n % ${BENCH_FIRST_NAMES.length}],
        (${BENCH_LAST_NAMES}::text[])[1 + (n / ${BENCH_FIRST_NAMES.length}) % ${BENCH_LAST_NAMES.length}],
        'person' || n || '@bench.test',
        '555-' || lpad((n % 1000)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
        'BC-' || lpad(n::text, 7, '0'),
        (array['Yoga', 'Pilates', 'Kids', 'Teacher Training', null])[1 + n % 5],
        (array['New', 'Contacted', 'Qualified', 'Proposal', null, null])[1 + n % 6],
        (array['Active', 'Trial', 'Lapsed', 'Cancelled', null])[1 + n % 5],
        n % 3 = 0, n % 5 = 0, n % 4 = 0, n % 97 = 0, n % 11 = 0, n % 13 = 0, n % 17 = 0,
        n % 19 = 0,
        ((n::bigint * 7919) % 20001) - 10000,
        now() - make_interval(mins => ((n::bigint * 7919) % (5 * 365 * 24 * 60))::int),
        now() - make_interval(mins => ((n::bigint * 104729) % (365 * 24 * 60))::int)
      from generate_series(1, ${count}) as n`.execute(trx)
    await sql`insert into tags (tenant_id, name)
      select ${tenantId}::uuid, 'Bench tag ' || t from generate_series(1, 20) as t
      on conflict do nothing`.execute(trx)
    // Every contact gets one or two of the twenty tags.
    await sql`insert into contact_tags (tenant_id, contact_id, tag_id)
      select c.tenant_id, c.id, t.id
      from (select id, tenant_id, row_number() over (order by id) as n from contacts where tenant_id = ${tenantId}::uuid) c
      join (select id, row_number() over (order by name) as k from tags where tenant_id = ${tenantId}::uuid and name like 'Bench tag %') t
        on t.k = 1 + c.n % 20 or (c.n % 7 = 0 and t.k = 1 + (c.n / 7) % 20)
      on conflict do nothing`.execute(trx)
  })
  await sql`vacuum analyze contacts`.execute(handle.db)
  await sql`vacuum analyze contact_tags`.execute(handle.db)
  return performance.now() - started
}
