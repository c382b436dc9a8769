import { asSystem } from '#db/tenant-scope'
import { seedDatabase } from '#db/seed'
import { hashPassword } from '#server/auth/password'
import { deleteIdleCarts, UNPAID_ORDER_NOTE, voidUnpaidOrders } from '#server/checkout/checkout-housekeeping'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const DAY = 24 * 60 * 60 * 1000

describe(`checkout housekeeping (${engine})`, () => {
  let platform: TestPlatform
  const now = new Date('2027-03-10T12:00:00Z')
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY)

  beforeAll(async () => {
    platform = await createTestPlatform()
    await seedDatabase(platform.database, { masterOrgId: 'master', includeDemo: true, demoPassword: 'housekeeping-password', hashPassword })
  }, 120_000)

  afterAll(async () => {
    await platform?.close()
  })

  const demo = async () => (await platform.tenants.findByOrgId('demo'))!
  const offer = async (code: string) => asSystem(platform.database, 'test: offer', (trx) => trx.selectFrom('offers').select(['id', 'times_used']).where('code', '=', code).executeTakeFirstOrThrow())

  let number = 9000
  const order = async (input: { tenantId: string; contactId: string; status: 'pending' | 'paid'; source?: 'checkout' | 'membership'; createdAt: Date; offerId?: string | null }) =>
    asSystem(platform.database, 'test: an order', async (trx) => {
      number += 1
      const invoice = await trx
        .insertInto('invoices')
        .values({
          tenant_id: input.tenantId,
          number,
          contact_id: input.contactId,
          status: input.status,
          source: input.source ?? 'checkout',
          payment_method: input.status === 'paid' ? 'card' : null,
          currency: 'USD',
          subtotal_minor: 5000,
          total_minor: 5000,
          balance_minor: input.status === 'paid' ? 0 : 5000,
          paid_minor: input.status === 'paid' ? 5000 : 0,
          first_name: 'Ada',
          last_name: 'Unpaid',
          email: 'ada.unpaid@example.test',
          offer_id: input.offerId ?? null,
          paid_at: input.status === 'paid' ? input.createdAt : null,
          created_at: input.createdAt,
          updated_at: input.createdAt,
        })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('payments')
        .values({
          tenant_id: input.tenantId,
          invoice_id: invoice.id,
          provider: 'STRIPE',
          account_id: 'acct_x',
          checkout_ref: `cs_${invoice.id}`,
          amount_minor: 5000,
          currency: 'USD',
          status: 'open',
          created_at: input.createdAt,
        })
        .execute()
      return invoice
    })
  const invoiceState = (id: string) =>
    asSystem(platform.database, 'test: invoice', async (trx) => ({
      invoice: await trx.selectFrom('invoices').select(['status', 'note', 'voided_at']).where('id', '=', id).executeTakeFirstOrThrow(),
      payments: await trx.selectFrom('payments').select('status').where('invoice_id', '=', id).execute(),
    }))

  it('voids checkout orders left unpaid for two days, closes their attempts and gives their offer use back; paid, recent and membership invoices stay', async () => {
    const tenant = await demo()
    const buyer = await createContact(platform, tenant, { email: 'ada.unpaid@example.test', role: null })
    const welcome = await offer('WELCOME10')
    const stale = await order({ tenantId: tenant.id, contactId: buyer.id, status: 'pending', createdAt: daysAgo(3), offerId: welcome.id })
    await asSystem(platform.database, 'test: the stale order took a use', (trx) =>
      trx
        .updateTable('offers')
        .set({ times_used: welcome.times_used + 1 })
        .where('id', '=', welcome.id)
        .execute(),
    )
    const recent = await order({ tenantId: tenant.id, contactId: buyer.id, status: 'pending', createdAt: daysAgo(1) })
    const paid = await order({ tenantId: tenant.id, contactId: buyer.id, status: 'paid', createdAt: daysAgo(10) })
    const membership = await order({ tenantId: tenant.id, contactId: buyer.id, status: 'pending', source: 'membership', createdAt: daysAgo(10) })

    expect(await voidUnpaidOrders(platform, now)).toBe(1)

    const voided = await invoiceState(stale.id)
    expect(voided.invoice).toMatchObject({ status: 'void', note: UNPAID_ORDER_NOTE })
    expect(voided.invoice.voided_at?.toISOString()).toBe(now.toISOString())
    expect(voided.payments.map((row) => row.status)).toEqual(['expired'])
    expect((await offer('WELCOME10')).times_used).toBe(welcome.times_used)
    for (const kept of [recent, paid, membership]) {
      const state = await invoiceState(kept.id)
      expect(state.invoice.status).not.toBe('void')
      expect(state.payments.map((row) => row.status)).toEqual(['open'])
    }
    // A second run finds nothing more.
    expect(await voidUnpaidOrders(platform, now)).toBe(0)
  })

  it("deletes visitors' carts idle for 30 days and members' for 180, with their lines, in every studio", async () => {
    const tenant = await demo()
    const other = await createTenant(platform)
    const member = await createContact(platform, tenant, { role: 'ROLE_STUDENT' })
    const item = await asSystem(platform.database, 'test: an item', (trx) => trx.selectFrom('catalog_items').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow())
    const cart = (tenantId: string, key: string, updatedAt: Date, contactId: string | null = null) =>
      asSystem(platform.database, 'test: a cart', async (trx) => {
        const row = await trx
          .insertInto('carts')
          .values({ tenant_id: tenantId, token_hash: key, contact_id: contactId, created_at: updatedAt, updated_at: updatedAt })
          .returning('id')
          .executeTakeFirstOrThrow()
        if (tenantId === tenant.id) await trx.insertInto('cart_lines').values({ tenant_id: tenantId, cart_id: row.id, item_id: item.id }).execute()
        return row.id
      })
    const idleVisitor = await cart(tenant.id, 'hash-idle-visitor', daysAgo(31))
    const idleElsewhere = await cart(other.id, 'hash-idle-elsewhere', daysAgo(40))
    const freshVisitor = await cart(tenant.id, 'hash-fresh-visitor', daysAgo(29))
    const idleMember = await cart(tenant.id, 'hash-idle-member', daysAgo(181), member.id)
    const keptMember = await cart(tenant.id, 'hash-kept-member', daysAgo(60), member.id)

    expect(await deleteIdleCarts(platform, now)).toBe(3)

    const left = await asSystem(platform.database, 'test: carts left', (trx) =>
      trx.selectFrom('carts').select('id').where('id', 'in', [idleVisitor, idleElsewhere, freshVisitor, idleMember, keptMember]).execute(),
    )
    expect(left.map((row) => row.id).sort()).toEqual([freshVisitor, keptMember].sort())
    const orphanLines = await asSystem(platform.database, 'test: lines left', (trx) => trx.selectFrom('cart_lines').select('id').where('cart_id', 'in', [idleVisitor, idleMember]).execute())
    expect(orphanLines).toHaveLength(0)
  })
})
