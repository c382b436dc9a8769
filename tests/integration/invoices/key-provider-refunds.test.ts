import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentProvider } from '#db/tables/payments'
import { asSystem, withTenant } from '#db/tenant-scope'
import { REFUND_MESSAGES, refundInvoicePayment, type RefundFormValues } from '#server/invoices/refund-invoice-payment'
import { paymentSpringFor } from '#server/payments/paymentspring-client'
import { saveProviderKeys } from '#server/payments/provider-keys'
import { razorpayFor } from '#server/payments/razorpay-client'
import type { Tenant } from '#server/tenancy/tenant'
import { paymentSpringEnvFor, startFakePaymentSpring, type FakePaymentSpring } from '#tests/fakes/paymentspring'
import { razorpayEnvFor, startFakeRazorpay, type FakeRazorpay } from '#tests/fakes/razorpay'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`refunds through providers without idempotency keys (${engine})`, () => {
  let platform: TestPlatform
  let razorpay: FakeRazorpay
  let paymentSpring: FakePaymentSpring
  let tenant: Tenant
  let staff: Awaited<ReturnType<typeof createContact>>
  let number = 70_000

  beforeAll(async () => {
    razorpay = await startFakeRazorpay()
    paymentSpring = await startFakePaymentSpring()
    platform = await createTestPlatform({ ...razorpayEnvFor(razorpay), ...paymentSpringEnvFor(paymentSpring) })
    tenant = await createTenant(platform, { orgId: 'keyrefunds', name: 'Key Refunds Studio' })
    staff = await createContact(platform, tenant, { role: 'ROLE_ADMIN', email: 'admin@keyrefunds.test' })
    const now = new Date()
    await saveProviderKeys(platform, tenant.id, 'RAZORPAY', { isTestMode: true, apiKey: '', testApiKey: razorpay.keyId, secretKey: null, testSecretKey: razorpay.keySecret, saltIndex: '' }, now)
    await saveProviderKeys(platform, tenant.id, 'PSPRING', { isTestMode: true, apiKey: '', testApiKey: paymentSpring.publicKey, secretKey: null, testSecretKey: paymentSpring.privateKey, saltIndex: '' }, now)
  })
  afterAll(async () => {
    await platform?.close()
    await razorpay?.close()
    await paymentSpring?.close()
  })

  const razorpayClient = () => razorpayFor(platform.env, { apiKey: razorpay.keyId, secretKey: razorpay.keySecret })
  const paymentSpringClient = () => paymentSpringFor(platform.env, { apiKey: paymentSpring.publicKey, secretKey: paymentSpring.privateKey })

  /** A paid invoice whose one card payment was taken by `provider` as `paymentRef`. */
  const paidInvoice = async (provider: PaymentProvider, accountId: string, paymentRef: string, amountMinor: number) => {
    number += 1
    const now = new Date()
    return withTenant(platform.database, tenant.id, async (trx) => {
      const invoice = await trx
        .insertInto('invoices')
        .values({ tenant_id: tenant.id, number, contact_id: staff.id, status: 'paid', source: 'staff', payment_method: 'card', currency: 'INR', subtotal_minor: amountMinor, total_minor: amountMinor, paid_minor: amountMinor, balance_minor: 0, first_name: 'Pay', last_name: 'Er', email: 'payer@keyrefunds.test', paid_at: now })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      const attempt = await trx
        .insertInto('payments')
        .values({ tenant_id: tenant.id, invoice_id: invoice.id, provider, account_id: accountId, checkout_ref: `${paymentRef}-checkout`, payment_ref: paymentRef, amount_minor: amountMinor, currency: 'INR', status: 'paid', paid_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      const payment = await trx
        .insertInto('invoice_payments')
        .values({ tenant_id: tenant.id, invoice_id: invoice.id, method: 'card', payment_id: attempt.id, provider, amount_minor: amountMinor, currency: 'INR', paid_at: now })
        .returning('guid')
        .executeTakeFirstOrThrow()
      return { id: invoice.id, guid: String(invoice.guid), paymentGuid: String(payment.guid) }
    })
  }
  const refund = (invoice: { guid: string; paymentGuid: string }, values: Partial<RefundFormValues> & { amount: string }) =>
    refundInvoicePayment(platform, tenant, {
      unverifiedGuid: invoice.guid,
      unverifiedPaymentGuid: invoice.paymentGuid,
      values: { reason: '', destination: 'money', refundedBefore: '0', ...values } as RefundFormValues,
      staffContactId: staff.id,
      origin: 'http://keyrefunds.localhost',
      now: new Date(),
    })
  const recorded = (invoice: { id: string }) =>
    asSystem(platform.database, 'test: refunds', async (trx) => {
      const ledger = await trx.selectFrom('invoice_payments').select(['id', 'refunded_minor']).where('invoice_id', '=', invoice.id).executeTakeFirstOrThrow()
      const rows = await trx.selectFrom('invoice_refunds').select(['amount_minor', 'refund_ref']).where('invoice_payment_id', '=', ledger.id).orderBy('created_at').execute()
      return { refunded: Number(ledger.refunded_minor), refunds: rows.map((row) => ({ amount: Number(row.amount_minor), ref: row.refund_ref })) }
    })

  it('Razorpay: a retry after a lost answer finds the refund already made by its key and records it once', async () => {
    const order = await razorpayClient().createOrder({ amount: 50_000, currency: 'INR', receipt: 'r-1', notes: {} })
    const paid = await razorpay.pay(order.id)
    const invoice = await paidInvoice('RAZORPAY', razorpay.keyId, paid.paymentId, 50_000)
    // The first try reached Razorpay, but its answer never came back and nothing was recorded.
    const earlier = await razorpayClient().refund(paid.paymentId, { amount: 20_000, notes: { invoicePayment: invoice.paymentGuid, refundKey: `refund-${invoice.paymentGuid}-0-20000` } })
    const retried = await refund(invoice, { amount: '200.00' })
    expect(retried.ok).toBe(true)
    expect(razorpay.refunds().filter((each) => each.payment_id === paid.paymentId).map((each) => each.id)).toEqual([earlier.id])
    expect(await recorded(invoice)).toEqual({ refunded: 20_000, refunds: [{ amount: 20_000, ref: earlier.id }] })
    // The next refund is a new one, named by its own key.
    expect((await refund(invoice, { amount: '100.00', refundedBefore: '20000' })).ok).toBe(true)
    const made = razorpay.refunds().filter((each) => each.payment_id === paid.paymentId)
    expect(made.map((each) => each.amount)).toEqual([20_000, 10_000])
    expect(made[1]?.notes).toMatchObject({ refundKey: `refund-${invoice.paymentGuid}-20000-10000` })
    expect((await recorded(invoice)).refunded).toBe(30_000)
  })

  it('PaymentSpring: a retry after a lost answer reverses nothing more; refunds made elsewhere stop the refund with words', async () => {
    const token = await paymentSpringClient().cardToken({ cardOwnerName: 'Priya Raman', cardNumber: '4111111111111111', cardExpMonth: 8, cardExpYear: new Date().getUTCFullYear() + 2, csc: '123', zip: '' })
    const charge = await paymentSpringClient().charge({ token: token.id, amount: 9_000, description: 'Invoice', metadata: {} })
    const invoice = await paidInvoice('PSPRING', paymentSpring.publicKey, charge.id, 9_000)
    await paymentSpringClient().reverse(charge.id, 3_000)
    const retried = await refund(invoice, { amount: '30.00' })
    expect(retried.ok).toBe(true)
    expect(paymentSpring.reversals().filter((each) => each.transactionId === charge.id)).toHaveLength(1)
    expect(await recorded(invoice)).toEqual({ refunded: 3_000, refunds: [{ amount: 3_000, ref: charge.id }] })

    // Someone gave 10.00 back in PaymentSpring's dashboard: the ledger does not know it.
    await paymentSpringClient().reverse(charge.id, 1_000)
    const stopped = await refund(invoice, { amount: '20.00', refundedBefore: '3000' })
    expect(stopped).toMatchObject({ ok: false, error: 'conflict' })
    expect(stopped.ok ? '' : stopped.message).toContain(REFUND_MESSAGES.refundedElsewhere('PaymentSpring'))
    expect(paymentSpring.reversals().filter((each) => each.transactionId === charge.id)).toHaveLength(2)
    expect((await recorded(invoice)).refunded).toBe(3_000)
  })
})
