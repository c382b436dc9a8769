import { asSystem, withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import type { TestPlatform } from '#tests/support/test-platform'

/** Adds `count` contacts to a tenant: every `unsubscribedEvery`-th did not agree to the mailing list, every `archivedEvery`-th is archived. */
export async function addMailingContacts(
  platform: TestPlatform,
  tenant: Tenant,
  options: { count: number; domain: string; unsubscribedEvery?: number; archivedEvery?: number },
): Promise<void> {
  const rows = Array.from({ length: options.count }, (_, index) => {
    const n = index + 1
    return {
      tenant_id: tenant.id,
      email: `p${n}@${options.domain}`,
      first_name: 'Pat',
      last_name: `Number${n}`,
      subscribe_to_mailing_list: !(options.unsubscribedEvery && n % options.unsubscribedEvery === 0),
      is_archived: Boolean(options.archivedEvery && n % options.archivedEvery === 0),
    }
  })
  await asSystem(platform.database, 'test fixture: mailing list contacts', async (trx) => {
    for (let start = 0; start < rows.length; start += 1000) await trx.insertInto('contacts').values(rows.slice(start, start + 1000)).execute()
  })
}

/** The emails the resync should send: subscribed, not archived, with an email. */
export async function subscribedEmails(platform: TestPlatform, tenant: Tenant): Promise<string[]> {
  const rows = await withTenant(platform.database, tenant.id, (trx) =>
    trx.selectFrom('contacts').select('email').where('subscribe_to_mailing_list', '=', true).where('is_archived', '=', false).where('email', 'is not', null).execute(),
  )
  return rows.map((row) => (row.email ?? '').toLowerCase())
}

export async function mailingListRow(platform: TestPlatform, tenant: Tenant) {
  return withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('mailing_lists').selectAll().executeTakeFirst())
}
