import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { asSystem, withTenant } from '#db/tenant-scope'
import { withoutPageWords } from '#tests/integration/http/answers'
import { membershipChargeJob } from '#jobs/membership-charge'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { priceLine } from '#server/checkout/pricing'
import { dateInputValue, zonedTimeToInstant } from '#server/dates/local-time'
import type { EnqueueOptions, JobContract, JobQueue } from '#server/jobs/job-contract'
import { billMembership, billMemberships } from '#server/memberships/bill-membership'
import { openDuePeriod } from '#server/memberships/billing-period'
import { chargeKey } from '#server/memberships/charge-kept-card'
import { keepSavedPaymentMethod } from '#server/payments/saved-payment-methods'
import { queueDueMemberships } from '#server/memberships/due-memberships'
import { saveStripeAccount } from '#server/payments/stripe-account'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { createContact, createTenant } from '#tests/support/fixtures'
import { eventually } from '#tests/support/eventually'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''
const ACCOUNT = 'acct_demo_memberships'
const GOOD_CARD = '4242424242424242'
/** Kept without trouble; every charge on it is declined. */
const DECLINING_CARD = '4000000000000341'
const PLATFORM_FEE_PERCENT = 2
const RATES = { cardFees: 2.9, taxValue1: 8.875, taxLabel1: 'Sales tax' }
const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000
/** A period day far enough ahead that the real clock (webhooks, jobs) never finds it due by itself. */
const LATER_ON = '2031-03-14'

/** 'YYYY-MM-DD' `days` on (or back). */
function addDays(on: string, days: number): string {
  return new Date(Date.parse(`${on}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** 'YYYY-MM-DD' one month on, the same day (the days used here are at most the 28th). */
function monthAfter(on: string): string {
  const [year, month, day] = [Number(on.slice(0, 4)), Number(on.slice(5, 7)), Number(on.slice(8, 10))]
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10)
}

interface Member {
  id: string
  contactId: string
  email: string
  firstName: string
  dueOn: string
  dueAt: Date
  customer: string | null
  paymentMethod: string | null
}

describe(`recurring memberships billed by the scheduled job (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  let option: { id: string; item_id: string; name: string; price_minor: number }
  let people = 0

  const db = () => app.platform.database
  const zone = () => app.demo.settings.timezone
  const midnight = (on: string) => {
    const instant = zonedTimeToInstant(on, '00:00', zone())
    if (!instant) throw new Error(`no midnight for ${on}`)
    return instant
  }
  const bill = (member: Pick<Member, 'id'>, now: Date, tenantId = app.demo.id) => billMembership(app.platform, { tenantId, membershipId: member.id, now })
  const settled = async () => {
    await app.platform.jobs.drain()
    await stripe.idle()
    await app.platform.jobs.drain()
  }

  /** A held recurring membership at the option's price, taxed and charged card fees, as checkout leaves one; with a kept card at the fake Stripe unless `card` is null. */
  async function holdMembership(name: string, input: { dueOn: string; card?: string | null; status?: 'active' | 'trial'; cyclesLeft?: number | null; cancelAtPeriodEnd?: boolean }): Promise<Member> {
    people += 1
    const email = `${name.toLowerCase()}.${people}@members.example.test`
    const contact = await createContact(app.platform, app.demo, { email, firstName: name, lastName: `Member${people}` })
    const card = input.card === undefined ? GOOD_CARD : input.card
    const kept = card ? stripe.keepCard(ACCOUNT, { number: card, email }) : null
    const method = kept
      ? await asSystem(db(), 'test: a kept card', (trx) =>
          trx
            .insertInto('saved_payment_methods')
            .values({
              tenant_id: app.demo.id,
              contact_id: contact.id,
              provider: 'STRIPE',
              account_id: ACCOUNT,
              customer_ref: kept.customer,
              method_ref: kept.paymentMethod,
              kind: 'card',
              brand: 'visa',
              last4: card!.slice(-4),
              exp_month: 12,
              exp_year: new Date().getUTCFullYear() + 3,
            })
            .returning('id')
            .executeTakeFirstOrThrow(),
        )
      : null
    const dueAt = midnight(input.dueOn)
    const status = input.status ?? 'active'
    const membership = await asSystem(db(), 'test: a held recurring membership', (trx) =>
      trx
        .insertInto('contact_memberships')
        .values({
          tenant_id: app.demo.id,
          contact_id: contact.id,
          item_id: option.item_id,
          price_option_id: option.id,
          name: option.name,
          membership_type: 'recurring',
          status,
          starts_at: new Date(dueAt.getTime() - 30 * DAY_MS),
          trial_ends_at: status === 'trial' ? dueAt : null,
          next_billing_at: dueAt,
          billing_cycles_left: input.cyclesLeft ?? null,
          payment_method_id: method?.id ?? null,
          period_price_minor: option.price_minor,
          currency: 'USD',
          frequency: 'monthly',
          first_billing_on: input.dueOn,
          is_taxable: true,
          is_charge_card_fees: true,
          cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    )
    return { id: membership.id, contactId: contact.id, email, firstName: name, dueOn: input.dueOn, dueAt, customer: kept?.customer ?? null, paymentMethod: kept?.paymentMethod ?? null }
  }

  /** What one period of the membership costs on its terms with the studio's rates (server/checkout/pricing.ts). */
  const expectedTotal = (held: { period_price_minor: string | number | null; is_taxable: boolean; is_charge_card_fees: boolean }) =>
    priceLine(
      {
        unitPriceMinor: Number(held.period_price_minor),
        unitDiscountMinor: 0,
        quantity: 1,
        isTaxable: held.is_taxable,
        isChargeCardFees: held.is_charge_card_fees,
        offerDiscountMinor: 0,
        recurring: null,
      },
      { cardFeePercent: app.demo.settings.cardFees, taxPercent: app.demo.settings.taxValue1 },
    ).totalMinor
  const platformFee = (totalMinor: number) => Math.round((totalMinor * PLATFORM_FEE_PERCENT) / 100)

  const membershipOf = (member: Pick<Member, 'id'>) =>
    asSystem(db(), 'test: the membership', (trx) => trx.selectFrom('contact_memberships').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow())
  const invoicesOf = (member: Pick<Member, 'contactId'>) =>
    asSystem(db(), 'test: the member invoices', (trx) =>
      trx
        .selectFrom('invoices')
        .select(['id', 'guid', 'number', 'status', 'source', 'subtotal_minor', 'card_fees_minor', 'tax_minor', 'total_minor'])
        .where('contact_id', '=', member.contactId)
        .orderBy('number')
        .execute(),
    )
  const billingsOf = (member: Pick<Member, 'id'>) =>
    asSystem(db(), 'test: the billings', (trx) => trx.selectFrom('membership_billings').select(['period_on', 'status', 'invoice_id']).where('membership_id', '=', member.id).execute())
  const paymentsOf = (invoiceId: string) =>
    asSystem(db(), 'test: the payments', (trx) => trx.selectFrom('payments').select(['status', 'checkout_ref', 'amount_minor']).where('invoice_id', '=', invoiceId).execute())
  const emailsTo = (address: string) =>
    asSystem(db(), 'test: the emails', (trx) => trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', address).orderBy('created_at').execute())
  /** The Sales notices the demo admin got of this member's payments. */
  const staffPaymentNotices = async (member: Pick<Member, 'firstName'>) => (await emailsTo('admin@demo.test')).filter((mail) => mail.subject.startsWith(`Membership payment: ${member.firstName},`))
  const intentsOf = (member: Pick<Member, 'id' | 'customer'>) =>
    stripe.intents().filter((intent) => intent.metadata.membershipId === member.id || (member.customer !== null && intent.customer === member.customer))

  /** A sweep at `now`: the memberships it queued; `run` false records them without running a charge. */
  async function sweep(now: Date, options: { run: boolean; jobs?: JobQueue } = { run: true }): Promise<string[]> {
    const inner = options.jobs ?? app.platform.jobs
    const queued: string[] = []
    const recording: JobQueue = {
      kind: inner.kind,
      async enqueue<P>(job: JobContract<P>, payload: P, enqueueOptions?: EnqueueOptions) {
        if (job.name === membershipChargeJob.name) queued.push(...(payload as { membershipIds: string[] }).membershipIds)
        if (options.run) await inner.enqueue(job, payload, enqueueOptions)
      },
      repeat: (job, payload, repeatOptions) => inner.repeat(job, payload, repeatOptions),
      close: () => inner.close(),
    }
    await queueDueMemberships({ database: db(), logger: app.platform.logger, jobs: recording }, now)
    return queued
  }

  /** A recent day, at most the 28th, whose midnight the real clock has passed (the job bills at the clock's now). */
  const recentDueOn = () => {
    const past = addDays(dateInputValue(new Date(), zone()), -2)
    return Number(past.slice(8, 10)) > 28 ? `${past.slice(0, 8)}28` : past
  }

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({
      env: { ...stripeEnvFor(stripe), STRIPE_PLATFORM_FEE_PERCENT: String(PLATFORM_FEE_PERCENT) },
      prepare: async (platform, demo) => {
        // Card fees and tax at rates that round, so the invoice's total is more than the period's price.
        await asSystem(platform.database, 'test: the studio charges card fees and tax', async (trx) => {
          await trx
            .updateTable('tenants')
            .set({ settings: JSON.stringify({ ...demo.settings, ...RATES }) })
            .where('id', '=', demo.id)
            .execute()
          // The demo admin hears of Sales (a recurring payment arriving, a membership suspended).
          await trx.updateTable('contacts').set({ notify_sales: true }).where('tenant_id', '=', demo.id).where('email', '=', 'admin@demo.test').execute()
        })
        platform.caches.changed(demo.id, ['tenant'])
      },
    })
    stripe.setWebhookUrl(`http://127.0.0.1:${app.port}/webhooks/stripe`)
    stripe.addAccount(ACCOUNT, { businessName: 'Demo Yoga Studio' })
    await saveStripeAccount(app.platform, app.demo.id, { accountId: ACCOUNT, accountName: 'Demo Yoga Studio' }, new Date())
    const found = await asSystem(db(), 'test: the recurring option', (trx) =>
      trx
        .selectFrom('item_price_options')
        .select(['id', 'item_id', 'name', 'price_minor'])
        .where('tenant_id', '=', app.demo.id)
        .where('membership_type', '=', 'recurring')
        .where('frequency', '=', 'monthly')
        .where('name', '=', 'Monthly Unlimited')
        .executeTakeFirstOrThrow(),
    )
    option = { ...found, price_minor: Number(found.price_minor) }
  }, 300_000)

  afterAll(async () => {
    await app?.platform.jobs.drain()
    await stripe?.idle()
    await app?.close()
    await stripe?.close()
  })

  it('the sweep queues a due membership and its kept card pays the period once: invoice, charge with the fee, next month, receipt; the next sweep leaves it', async () => {
    expect(app.demo.settings).toMatchObject({ cardFees: RATES.cardFees, taxValue1: RATES.taxValue1 })
    const member = await holdMembership('Ines', { dueOn: recentDueOn() })
    const now = new Date()
    expect(await sweep(now)).toContain(member.id)
    await settled()

    const total = expectedTotal(await membershipOf(member))
    expect(total).toBeGreaterThan(option.price_minor)
    const invoices = await invoicesOf(member)
    expect(invoices).toHaveLength(1)
    const [invoice] = invoices
    expect(invoice).toMatchObject({ source: 'membership', status: 'paid' })
    expect(Number(invoice?.subtotal_minor)).toBe(option.price_minor)
    expect(Number(invoice?.total_minor)).toBe(total)
    expect(await billingsOf(member)).toEqual([{ period_on: member.dueOn, status: 'paid', invoice_id: invoice?.id }])

    const intents = intentsOf(member)
    expect(intents).toHaveLength(1)
    expect(intents[0]).toMatchObject({
      account: ACCOUNT,
      status: 'succeeded',
      amount: total,
      amount_received: total,
      currency: 'usd',
      customer: member.customer,
      payment_method: member.paymentMethod,
      application_fee_amount: platformFee(total),
      metadata: { tenantId: app.demo.id, invoiceGuid: invoice?.guid, membershipId: member.id },
    })
    expect(await paymentsOf(invoice?.id ?? '')).toEqual([{ status: 'paid', checkout_ref: intents[0]?.id, amount_minor: expect.anything() }])

    const held = await membershipOf(member)
    expect(held).toMatchObject({ status: 'active', failed_charges: 0, billing_retry_at: null, suspended_at: null })
    expect(held.next_billing_at?.toISOString()).toBe(midnight(monthAfter(member.dueOn)).toISOString())
    expect(dateInputValue(held.next_billing_at!, zone()).slice(8)).toBe(member.dueOn.slice(8))

    const mail = await emailsTo(member.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.subject).toMatch(/^Your order #\d+ from Demo Yoga Studio$/)
    expect(mail[0]?.text_body).toContain(`/checkout/orders/${invoice?.guid}`)
    expect(await staffPaymentNotices(member)).toHaveLength(1)

    // The same moment again: the period is paid and the next is a month away.
    expect(await sweep(now)).not.toContain(member.id)
    await settled()
    expect(await invoicesOf(member)).toHaveLength(1)
    expect(intentsOf(member)).toHaveLength(1)
  })

  it('a trial membership becomes active once its first period is paid', async () => {
    const member = await holdMembership('Tomas', { dueOn: LATER_ON, status: 'trial' })
    expect(await bill(member, new Date(member.dueAt.getTime() - HOUR_MS))).toBe('not-due')
    expect((await membershipOf(member)).status).toBe('trial')
    expect(await bill(member, new Date(member.dueAt.getTime() + HOUR_MS))).toBe('paid')
    await settled()
    const held = await membershipOf(member)
    expect(held).toMatchObject({ status: 'active', failed_charges: 0 })
    expect(held.next_billing_at?.toISOString()).toBe(midnight(monthAfter(member.dueOn)).toISOString())
    expect((await invoicesOf(member)).map((invoice) => invoice.status)).toEqual(['paid'])
    expect(intentsOf(member).map((intent) => intent.status)).toEqual(['succeeded'])
  })

  it('a suspended member who keeps a new card is tried again at once and restored, under a new key', async () => {
    const member = await holdMembership('Ines', { dueOn: LATER_ON, card: DECLINING_CARD })
    const due = member.dueAt.getTime()
    for (const [offset, outcome] of [
      [0, 'retry'],
      [DAY_MS, 'retry'],
      [3 * DAY_MS, 'retry'],
      [7 * DAY_MS, 'suspended'],
    ] as const) {
      expect(await bill(member, new Date(due + offset + 60_000))).toBe(outcome)
    }
    const keptAt = new Date(due + 8 * DAY_MS)
    const fresh = stripe.keepCard(ACCOUNT, { number: GOOD_CARD, email: member.email })
    await keepSavedPaymentMethod(app.platform, app.demo.id, {
      contactId: member.contactId,
      provider: 'STRIPE',
      accountId: ACCOUNT,
      customerRef: fresh.customer,
      methodRef: fresh.paymentMethod,
      kind: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      now: keptAt,
    })
    const waiting = await membershipOf(member)
    expect(waiting).toMatchObject({ status: 'active', suspended_at: null, failed_charges: 3 })
    expect(waiting.billing_retry_at?.getTime()).toBe(keptAt.getTime())
    expect(await bill(member, new Date(keptAt.getTime() + 60_000))).toBe('paid')
    await settled()
    const restored = await membershipOf(member)
    expect(restored).toMatchObject({ status: 'active', failed_charges: 0, billing_retry_at: null })
    expect(restored.next_billing_at?.toISOString()).toBe(midnight(monthAfter(member.dueOn)).toISOString())
    expect((await invoicesOf(member)).map((invoice) => invoice.status)).toEqual(['paid'])
    const paid = stripe.intents().filter((intent) => intent.customer === fresh.customer && intent.status === 'succeeded')
    expect(paid).toHaveLength(1)
  })

  it('a declined card is tried again on days 1, 3 and 7, then the membership is suspended and staff told; paying the invoice restores it', async () => {
    const member = await holdMembership('Dara', { dueOn: LATER_ON, card: DECLINING_CARD })
    const due = member.dueAt.getTime()

    expect(await bill(member, new Date(due + 5 * 60 * 1000))).toBe('retry')
    const [invoice] = await invoicesOf(member)
    expect(invoice).toMatchObject({ status: 'failed', source: 'membership' })
    expect(Number(invoice?.total_minor)).toBe(expectedTotal(await membershipOf(member)))
    let held = await membershipOf(member)
    expect(held).toMatchObject({ status: 'active', failed_charges: 1, suspended_at: null })
    expect(held.billing_retry_at?.getTime()).toBe(due + DAY_MS)
    const failedMail = await emailsTo(member.email)
    expect(failedMail).toHaveLength(1)
    expect(failedMail[0]?.subject).toBe('Your payment to Demo Yoga Studio did not go through')
    expect(failedMail[0]?.text_body).toContain('Your card was declined.')
    expect(failedMail[0]?.text_body).toContain(`/checkout/orders/${invoice?.guid}`)

    // Before the retry nothing happens, however often it is asked.
    expect(await bill(member, new Date(due + 12 * HOUR_MS))).toBe('not-due')
    expect(await membershipOf(member)).toMatchObject({ failed_charges: 1, billing_retry_at: held.billing_retry_at })
    expect(intentsOf(member)).toHaveLength(1)
    expect(await emailsTo(member.email)).toHaveLength(1)

    expect(await bill(member, new Date(due + DAY_MS))).toBe('retry')
    held = await membershipOf(member)
    expect(held).toMatchObject({ status: 'active', failed_charges: 2 })
    expect(held.billing_retry_at?.getTime()).toBe(due + 3 * DAY_MS)

    expect(await bill(member, new Date(due + 3 * DAY_MS))).toBe('retry')
    held = await membershipOf(member)
    expect(held).toMatchObject({ status: 'active', failed_charges: 3 })
    expect(held.billing_retry_at?.getTime()).toBe(due + 7 * DAY_MS)

    const suspendedAt = new Date(due + 7 * DAY_MS)
    expect(await bill(member, suspendedAt)).toBe('suspended')
    await settled()
    held = await membershipOf(member)
    expect(held).toMatchObject({ status: 'suspended', failed_charges: 4, billing_retry_at: null })
    expect(held.suspended_at?.getTime()).toBe(suspendedAt.getTime())
    expect(held.next_billing_at?.getTime()).toBe(due)

    // Four tries, four keys, nothing taken; one invoice for the period all along.
    const tries = intentsOf(member)
    expect(tries).toHaveLength(4)
    expect(tries.every((intent) => intent.status === 'requires_payment_method' && intent.amount_received === 0)).toBe(true)
    expect(await invoicesOf(member)).toEqual([expect.objectContaining({ id: invoice?.id, status: 'failed' })])
    expect(await billingsOf(member)).toEqual([{ period_on: member.dueOn, status: 'open', invoice_id: invoice?.id }])
    expect((await paymentsOf(invoice?.id ?? '')).map((payment) => payment.status)).toEqual(['expired', 'expired', 'expired', 'expired'])
    const keys = stripe
      .requests()
      .filter((each) => each.method === 'POST' && each.path === '/v1/payment_intents' && each.idempotencyKey?.startsWith(`membership-${member.id}-`))
      .map((each) => each.idempotencyKey)
    expect(keys).toEqual([1, 2, 3, 4].map((attempt) => chargeKey(member.id, member.dueOn, attempt, member.paymentMethod ?? '')))

    const memberMail = (await emailsTo(member.email)).map((mail) => mail.subject)
    expect(memberMail).toEqual([
      'Your payment to Demo Yoga Studio did not go through',
      'Your payment to Demo Yoga Studio did not go through',
      'Your payment to Demo Yoga Studio did not go through',
      'Your membership at Demo Yoga Studio is suspended',
    ])
    const staffMail = (await emailsTo('admin@demo.test')).filter((mail) => mail.subject.startsWith('Membership suspended') && mail.subject.includes(member.firstName))
    expect(staffMail).toHaveLength(1)
    expect(staffMail[0]?.subject).toBe(`Membership suspended: ${member.firstName}, ${option.name}`)

    // A card that works again is not enough: a suspended membership is not billed.
    stripe.changeCardNumber(member.paymentMethod ?? '', GOOD_CARD)
    const later = new Date(due + 8 * DAY_MS)
    expect(await bill(member, later)).toBe('not-due')
    expect(await sweep(later, { run: false })).not.toContain(member.id)
    expect(intentsOf(member)).toHaveLength(4)
    expect((await membershipOf(member)).status).toBe('suspended')

    // The member pays the failed invoice from its order page with a card typed in the page.
    const page = await request(app.port, `/checkout/orders/${invoice?.guid}`, { host: app.host })
    expect(page.status).toBe(200)
    const asked = await request(app.port, '/item/payment/paymentintent', {
      host: app.host,
      method: 'POST',
      body: new URLSearchParams({ invoiceGuid: invoice?.guid ?? '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}` },
    })
    expect(asked.status).toBe(200)
    const { clientSecret } = JSON.parse(asked.body) as { clientSecret: string }
    const confirmed = await fetch(`${stripe.url}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        key: stripe.publishableKey,
        client_secret: clientSecret,
        _stripe_account: ACCOUNT,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': GOOD_CARD,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 3),
        'payment_method_data[card][cvc]': '123',
      }),
    })
    expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded')
    await settled()

    expect((await invoicesOf(member)).map((each) => each.status)).toEqual(['paid'])
    expect((await billingsOf(member)).map((each) => each.status)).toEqual(['paid'])
    held = await membershipOf(member)
    expect(held).toMatchObject({ status: 'active', suspended_at: null, failed_charges: 0, billing_retry_at: null })
    expect(held.next_billing_at?.toISOString()).toBe(midnight(monthAfter(member.dueOn)).toISOString())
    expect(intentsOf(member).filter((intent) => intent.status === 'succeeded')).toHaveLength(1)
    expect((await emailsTo(member.email)).at(-1)?.subject).toMatch(/^Your order #\d+ from Demo Yoga Studio$/)
  })

  it('without a kept card the member is sent the invoice to pay, then reminded', async () => {
    const member = await holdMembership('Noor', { dueOn: LATER_ON, card: null })
    const due = member.dueAt.getTime()
    expect(await bill(member, new Date(due + 60_000))).toBe('retry')
    const [invoice] = await invoicesOf(member)
    expect(invoice).toMatchObject({ status: 'pending', source: 'membership' })
    expect(await membershipOf(member)).toMatchObject({ status: 'active', failed_charges: 1 })
    expect(intentsOf(member)).toHaveLength(0)
    const sent = await emailsTo(member.email)
    expect(sent).toHaveLength(1)
    expect(sent[0]?.subject).toBe(`Invoice #${String(invoice?.number).padStart(4, '0')} from Demo Yoga Studio`)
    expect(sent[0]?.text_body).toContain(`/checkout/orders/${invoice?.guid}`)

    expect(await bill(member, new Date(due + DAY_MS))).toBe('retry')
    expect(await membershipOf(member)).toMatchObject({ status: 'active', failed_charges: 2 })
    const reminded = await emailsTo(member.email)
    expect(reminded).toHaveLength(2)
    expect(reminded[1]?.subject).toMatch(/^Reminder: invoice #\d+ from Demo Yoga Studio is not paid yet$/)
    expect(reminded[1]?.text_body).toContain(`/checkout/orders/${invoice?.guid}`)
    expect(await invoicesOf(member)).toEqual([expect.objectContaining({ id: invoice?.id, status: 'pending' })])
    // The link opens the invoice as a membership payment to make, not as an order.
    const page = await request(app.port, `/checkout/orders/${invoice?.guid}`, { host: app.host })
    expect(page.status).toBe(200)
    expect(page.body).toContain('Your membership payment is due')
    expect(withoutPageWords(page.body)).not.toContain('Nothing is booked until it is paid')
  })

  it('two billings of the same period at once charge it once', async () => {
    const member = await holdMembership('Sam', { dueOn: LATER_ON })
    const now = new Date(member.dueAt.getTime() + 60_000)
    const outcomes = await Promise.all([bill(member, now), bill(member, now)])
    expect(outcomes).toContain('paid')
    for (const outcome of outcomes) expect(['paid', 'not-due', 'settled']).toContain(outcome)
    await settled()

    const invoices = await invoicesOf(member)
    expect(invoices).toEqual([expect.objectContaining({ status: 'paid' })])
    expect(await billingsOf(member)).toHaveLength(1)
    expect(intentsOf(member).map((intent) => intent.status)).toEqual(['succeeded'])
    expect((await paymentsOf(invoices[0]?.id ?? '')).map((payment) => payment.status)).toEqual(['paid'])
    const held = await membershipOf(member)
    expect(held.next_billing_at?.toISOString()).toBe(midnight(monthAfter(member.dueOn)).toISOString())
    expect(await emailsTo(member.email)).toHaveLength(1)
    expect(await staffPaymentNotices(member)).toHaveLength(1)
  })

  it('a worker that died after Stripe took the money and before we wrote it: the next run gets the same charge back, not a second one', async () => {
    const member = await holdMembership('Kofi', { dueOn: LATER_ON })
    const now = new Date(member.dueAt.getTime() + 60_000)
    // The worker opened the period (its invoice is written) and charged the card, then died.
    const opened = await withTenant(db(), app.demo.id, (trx) => openDuePeriod(trx, app.demo, member.id, now))
    if (opened.kind !== 'due') throw new Error(`expected a due period, got ${opened.kind}`)
    const { invoice, periodOn } = opened.period
    expect(periodOn).toBe(member.dueOn)
    const sdk = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: 'http' })
    const fee = platformFee(invoice.totalMinor)
    const charged = await sdk.paymentIntents.create(
      {
        amount: invoice.totalMinor,
        currency: invoice.currency.toLowerCase(),
        customer: member.customer ?? '',
        payment_method: member.paymentMethod ?? '',
        confirm: true,
        off_session: true,
        description: `Invoice ${invoice.number}: ${option.name}`,
        metadata: { tenantId: app.demo.id, invoiceGuid: invoice.guid, membershipId: member.id },
        application_fee_amount: fee,
      },
      { stripeAccount: ACCOUNT, idempotencyKey: chargeKey(member.id, member.dueOn, 1, member.paymentMethod ?? '') },
    )
    expect(charged.status).toBe('succeeded')
    await stripe.idle()
    expect((await invoicesOf(member)).map((each) => each.status)).toEqual(['pending'])

    expect(await bill(member, now)).toBe('paid')
    await settled()
    expect(intentsOf(member).map((intent) => [intent.id, intent.status])).toEqual([[charged.id, 'succeeded']])
    const replayed = stripe.requests().filter((each) => each.idempotencyKey === chargeKey(member.id, member.dueOn, 1, member.paymentMethod ?? ''))
    expect(replayed).toHaveLength(2)
    expect(await invoicesOf(member)).toEqual([expect.objectContaining({ id: invoice.id, status: 'paid' })])
    expect(await paymentsOf(invoice.id)).toEqual([{ status: 'paid', checkout_ref: charged.id, amount_minor: expect.anything() }])
    expect((await membershipOf(member)).next_billing_at?.toISOString()).toBe(midnight(monthAfter(member.dueOn)).toISOString())
    expect(await emailsTo(member.email)).toHaveLength(1)
    expect(await staffPaymentNotices(member)).toHaveLength(1)
  })

  it('a membership cancelled at the end of its period ends when due: no invoice, no charge', async () => {
    const member = await holdMembership('Lena', { dueOn: LATER_ON, cancelAtPeriodEnd: true })
    const now = new Date(member.dueAt.getTime() + 60_000)
    expect(await bill(member, now)).toBe('cancelled')
    const held = await membershipOf(member)
    expect(held).toMatchObject({ status: 'cancelled', next_billing_at: null, billing_retry_at: null, cancel_at_period_end: false })
    expect(held.expires_at?.getTime()).toBe(member.dueAt.getTime())
    expect(held.cancelled_at?.getTime()).toBe(now.getTime())
    expect(await invoicesOf(member)).toHaveLength(0)
    expect(await billingsOf(member)).toHaveLength(0)
    expect(intentsOf(member)).toHaveLength(0)
    expect(await bill(member, new Date(now.getTime() + 40 * DAY_MS))).toBe('not-due')
  })

  it('the last billing cycle ends the membership at the next period: nothing more is billed', async () => {
    const member = await holdMembership('Ravi', { dueOn: LATER_ON, cyclesLeft: 1 })
    expect(await bill(member, new Date(member.dueAt.getTime() + 60_000))).toBe('paid')
    await settled()
    const held = await membershipOf(member)
    expect(held).toMatchObject({ status: 'active', next_billing_at: null, billing_cycles_left: 0 })
    expect(held.expires_at?.toISOString()).toBe(midnight(monthAfter(member.dueOn)).toISOString())
    const later = new Date(midnight(monthAfter(member.dueOn)).getTime() + DAY_MS)
    expect(await sweep(later, { run: false })).not.toContain(member.id)
    expect(await bill(member, later)).toBe('not-due')
    expect(await invoicesOf(member)).toHaveLength(1)
    expect(intentsOf(member)).toHaveLength(1)
  })

  it("a job naming another studio with this membership's id bills nothing", async () => {
    const elsewhere = await createTenant(app.platform, { orgId: `elsewhere-${randomBytes(3).toString('hex')}`, name: 'Elsewhere Studio' })
    await saveStripeAccount(app.platform, elsewhere.id, { accountId: ACCOUNT, accountName: 'Elsewhere' }, new Date())
    const member = await holdMembership('Yuki', { dueOn: LATER_ON })
    const now = new Date(member.dueAt.getTime() + 60_000)
    expect(await bill(member, now, elsewhere.id)).toBe('not-due')
    expect(await bill(member, now, '00000000-0000-4000-8000-000000000000')).toBe('not-due')
    expect(await invoicesOf(member)).toHaveLength(0)
    expect(await billingsOf(member)).toHaveLength(0)
    expect(intentsOf(member)).toHaveLength(0)
    const theirs = await asSystem(db(), 'test: the other studio', (trx) => trx.selectFrom('invoices').select('id').where('tenant_id', '=', elsewhere.id).execute())
    expect(theirs).toHaveLength(0)
    expect(await membershipOf(member)).toMatchObject({ status: 'active', failed_charges: 0, next_billing_at: member.dueAt })
    // The membership was due all along: its own studio bills it.
    expect(await bill(member, now)).toBe('paid')
  })

  it('a batch with a declined card, run by a worker that dies after Stripe answered: the next run bills each period exactly once', async () => {
    const members = [await holdMembership('Ana', { dueOn: LATER_ON }), await holdMembership('Ben', { dueOn: LATER_ON, card: DECLINING_CARD }), await holdMembership('Cleo', { dueOn: LATER_ON })]
    const ids = members.map((member) => member.id)
    const now = new Date((members[0]?.dueAt.getTime() ?? 0) + 60_000)
    // The worker dies once Stripe has answered every charge of the batch: nothing after that reaches the database.
    const answered = () => members.every((member) => intentsOf(member).length === 1)
    const real = db()
    const dying = {
      ...real,
      db: new Proxy(real.db, {
        get(target, property) {
          if (property === 'transaction' && answered()) return () => ({ execute: () => Promise.reject(new Error('the worker died')) })
          const value: unknown = Reflect.get(target, property)
          return typeof value === 'function' ? value.bind(target) : value
        },
      }),
    }
    await expect(billMemberships({ ...app.platform, database: dying }, { tenantId: app.demo.id, membershipIds: ids, now })).rejects.toThrow('the worker died')
    // It wrote the periods' invoices before charging, and nothing of the charges.
    for (const member of members) expect((await invoicesOf(member)).map((invoice) => invoice.status)).toEqual(['pending'])

    // The job's next try (or the next sweep) runs the same batch.
    const outcomes = await billMemberships(app.platform, { tenantId: app.demo.id, membershipIds: ids, now })
    expect(Object.fromEntries(outcomes)).toEqual({ [ids[0]!]: 'paid', [ids[1]!]: 'retry', [ids[2]!]: 'paid' })
    // Once more, as a second worker given the same batch would: nothing is due.
    expect([...(await billMemberships(app.platform, { tenantId: app.demo.id, membershipIds: ids, now })).values()]).toEqual(['not-due', 'not-due', 'not-due'])
    await settled()

    for (const member of members) {
      const invoices = await invoicesOf(member)
      expect(invoices).toHaveLength(1)
      expect(await billingsOf(member)).toEqual([{ period_on: member.dueOn, status: member.firstName === 'Ben' ? 'open' : 'paid', invoice_id: invoices[0]?.id }])
      const intents = intentsOf(member)
      // One PaymentIntent each: the second run sent the same keys and got Stripe's first answers.
      expect(intents).toHaveLength(1)
      const payments = await paymentsOf(invoices[0]?.id ?? '')
      expect(payments).toEqual([{ status: member.firstName === 'Ben' ? 'expired' : 'paid', checkout_ref: intents[0]?.id, amount_minor: expect.anything() }])
    }
    const [ana, ben, cleo] = members as [Member, Member, Member]
    for (const paid of [ana, cleo]) {
      expect((await invoicesOf(paid))[0]?.status).toBe('paid')
      expect(intentsOf(paid)[0]?.status).toBe('succeeded')
      expect((await membershipOf(paid)).next_billing_at?.toISOString()).toBe(midnight(monthAfter(paid.dueOn)).toISOString())
      expect((await emailsTo(paid.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your order #\d+ from Demo Yoga Studio$/)])
      expect(await staffPaymentNotices(paid)).toHaveLength(1)
    }
    // The refusal is counted once: one try spent, retried tomorrow, the member told once.
    expect((await invoicesOf(ben))[0]?.status).toBe('failed')
    const held = await membershipOf(ben)
    expect(held).toMatchObject({ status: 'active', failed_charges: 1 })
    expect(held.billing_retry_at?.getTime()).toBe(ben.dueAt.getTime() + DAY_MS)
    expect((await emailsTo(ben.email)).map((mail) => mail.subject)).toEqual(['Your payment to Demo Yoga Studio did not go through'])
  })

  describe.skipIf(!redisUrl)('with Redis — skipped: needs REDIS_URL', () => {
    let prefix: string
    let queue: BullJobQueue
    let workers: RunningWorkers[] = []

    beforeAll(() => {
      prefix = `test-memberships-${randomBytes(6).toString('hex')}`
      queue = new BullJobQueue({ redisUrl, prefix })
      workers = [0, 1].map(() => startBullWorkers(app.platform, app.platform.logger, { redisUrl, prefix }))
    })

    afterAll(async () => {
      await Promise.all(workers.map((running) => running.close()))
      await queue?.queueFor(membershipChargeJob.name).obliterate({ force: true })
      await queue?.close()
    })

    it('two workers and two sweeps bill twenty due memberships once each', async () => {
      const members: Member[] = []
      for (let index = 0; index < 20; index += 1) members.push(await holdMembership(`Bulk${index}`, { dueOn: recentDueOn() }))
      const ids = members.map((member) => member.id)
      const contactIds = members.map((member) => member.contactId)
      const now = new Date()
      const [first, second] = [await sweep(now, { run: true, jobs: queue }), await sweep(now, { run: true, jobs: queue })]
      expect(first).toEqual(expect.arrayContaining(ids))
      // The second sweep finds each period paid or already queued under the same job id.
      expect(second.every((id) => ids.includes(id) || first.includes(id))).toBe(true)

      await eventually(async () => {
        const paid = await asSystem(db(), 'test: paid periods', (trx) => trx.selectFrom('invoices').select('id').where('contact_id', 'in', contactIds).where('status', '=', 'paid').execute())
        return paid.length >= 20
      })
      const bull = queue.queueFor(membershipChargeJob.name)
      await eventually(async () => {
        const counts = await bull.getJobCounts('active', 'waiting', 'delayed', 'prioritized', 'failed')
        return Object.values(counts).every((count) => count === 0)
      })
      await settled()

      const invoices = await asSystem(db(), 'test: the invoices', (trx) => trx.selectFrom('invoices').select(['id', 'contact_id', 'status']).where('contact_id', 'in', contactIds).execute())
      expect(invoices).toHaveLength(20)
      expect(new Set(invoices.map((invoice) => invoice.contact_id)).size).toBe(20)
      expect(invoices.every((invoice) => invoice.status === 'paid')).toBe(true)
      const billings = await asSystem(db(), 'test: the billings', (trx) => trx.selectFrom('membership_billings').select('membership_id').where('membership_id', 'in', ids).execute())
      expect(billings).toHaveLength(20)
      const customers = new Set(members.map((member) => member.customer))
      const intents = stripe.intents().filter((intent) => customers.has(intent.customer))
      expect(intents).toHaveLength(20)
      expect(intents.every((intent) => intent.status === 'succeeded')).toBe(true)
      expect(new Set(intents.map((intent) => intent.customer)).size).toBe(20)
      for (const member of members) {
        const held = await membershipOf(member)
        expect(held.next_billing_at?.toISOString()).toBe(midnight(monthAfter(member.dueOn)).toISOString())
        expect(held.failed_charges).toBe(0)
        expect((await emailsTo(member.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your order #\d+ from Demo Yoga Studio$/)])
      }
    }, 120_000)
  })
})
