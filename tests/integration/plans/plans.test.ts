import { describe, expect, it, beforeAll, afterAll } from 'vitest'
import { asSystem } from '#db/tenant-scope'
import { checkCustomDomain } from '#server/settings/custom-domain'
import { PLAN_MESSAGES } from '#server/plans/plan-catalogue'
import { RENEWAL_MESSAGES } from '#server/plans/plan-renewal'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { form, textOf, toastOf } from '#tests/integration/http/answers'
import { createSessionCookie } from '#tests/support/sessions'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`studio plans (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  let staffCookie = ''

  const get = (path: string, cookie?: string) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })
  const post = (path: string, body: string, cookie?: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, ...(cookie ? { cookie } : {}) } })
  const planRows = () =>
    asSystem(app.platform.database, 'test: plan payments', (trx) => trx.selectFrom('plan_payments').select(['plan_id', 'status', 'amount_minor', 'checkout_ref']).where('tenant_id', '=', app.demo.id).orderBy('created_at').execute())
  const tenantPlan = () =>
    asSystem(app.platform.database, 'test: tenant plan', (trx) => trx.selectFrom('tenant_plans').select(['plan_id', 'contact_limit', 'renews_at']).where('tenant_id', '=', app.demo.id).executeTakeFirst())
  const contactCount = async () =>
    Number(
      (await asSystem(app.platform.database, 'test: contacts', (trx) => trx.selectFrom('contacts').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', app.demo.id).executeTakeFirstOrThrow())).n,
    )

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
    stripe.setWebhookUrl(`http://127.0.0.1:${app.port}/webhooks/stripe`)
    const staff = await asSystem(app.platform.database, 'test: staff', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'staff@demo.test').executeTakeFirstOrThrow(),
    )
    staffCookie = await createSessionCookie(app.platform, app.demo, staff)
  }, 180_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it('the settings home leads to the plan page; the demo studio is on Leap with no payments yet', async () => {
    expect((await get('/settings', app.adminCookie)).body).toContain('href="/settings/plan"')
    const page = await get('/settings/plan', app.adminCookie)
    expect(page.status).toBe(200)
    const text = textOf(page.body)
    expect(text).toContain('leap yearly plan')
    expect(text).toContain('No Record Found')
    expect(page.body).toContain('href="/settings/plan/upgrade"')
  })

  it('staff get 403 on every plan page and action, and nothing is written', async () => {
    for (const path of ['/settings/plan', '/settings/plan/upgrade', '/settings/plan/return?session_id=cs_x']) expect((await get(path, staffCookie)).status).toBe(403)
    const posted = await post('/settings/plan/upgrade', form({ intent: 'free', plan: 'free_plan', attempt: 'staff-attempt-000000000001' }), staffCookie)
    expect(posted.status).toBe(403)
    expect((await post('/settings/plan?index', form({ intent: 'pay-now', attempt: 'staff-attempt-000000000002' }), staffCookie)).status).toBe(403)
    expect(await planRows()).toHaveLength(0)
    expect((await tenantPlan())?.plan_id).toBe('leap_yearly_plan')
  })

  it('the upgrade list shows the period asked for in USD, flags the current plan and sends Leap to Contact Us', async () => {
    const yearly = textOf((await get('/settings/plan/upgrade?period=yearly', app.adminCookie)).body)
    for (const words of ['Organize', '$300', 'Growth', '$660', 'Leap', '$1,320', 'Current plan', 'Contact Us', '10K contacts']) expect(yearly).toContain(words)
    const monthly = (await get('/settings/plan/upgrade?period=monthly', app.adminCookie)).body
    expect(textOf(monthly)).toContain('$25')
    expect(monthly).toContain('choose=organize_monthly_plan')
    expect(monthly).not.toContain('choose=leap_monthly_plan')
  })

  it('refuses bad posts in the form and writes nothing', async () => {
    const cases = [
      { intent: 'checkout', plan: 'gold_plan', attempt: 'bad-attempt-0000000000001' },
      { intent: 'checkout', plan: 'organize_monthly_plan', attempt: 'short' },
      { intent: 'free', plan: 'organize_monthly_plan', attempt: 'bad-attempt-0000000000002' },
      { intent: 'steal', plan: 'free_plan', attempt: 'bad-attempt-0000000000003' },
    ]
    for (const fields of cases) {
      const answer = await post('/settings/plan/upgrade', form(fields), app.adminCookie)
      expect(answer.status).toBe(400)
      expect(textOf(answer.body)).toContain(PLAN_MESSAGES.unknownPlan)
    }
    const leap = await post('/settings/plan/upgrade', form({ intent: 'checkout', plan: 'leap_monthly_plan', attempt: 'bad-attempt-0000000000004' }), app.adminCookie)
    expect(leap.status).toBe(400)
    expect(textOf(leap.body)).toContain(PLAN_MESSAGES.contactUs)
    // Pay now with nothing refused, or a bad post: refused in words, nothing charged.
    for (const fields of [{ intent: 'pay-now', attempt: 'pay-attempt-00000000000001' }, { intent: 'pay-now', attempt: 'x' }]) {
      const answer = await post('/settings/plan?index', form(fields), app.adminCookie)
      expect(answer.status).toBe(400)
      expect(textOf(answer.body)).toContain(RENEWAL_MESSAGES.notDue)
    }
    expect(await planRows()).toHaveLength(0)
    expect(stripe.sessions()).toHaveLength(0)
    expect(stripe.intents()).toHaveLength(0)
  })

  it('a paid upgrade goes through the platform Stripe account once, however often it is sent and settled', async () => {
    const fields = form({ intent: 'checkout', plan: 'organize_monthly_plan', attempt: 'upgrade-attempt-00000000001' })
    // Several sends at once race on both unique keys of the payment row: every one of them
    // must still answer the same session, none an error.
    const [first, ...others] = await Promise.all(Array.from({ length: 6 }, () => post('/settings/plan/upgrade', fields, app.adminCookie)))
    expect(first?.status).toBe(303)
    for (const other of others) expect([other.status, other.header('location')]).toEqual([303, first?.header('location')])
    const payUrl = first?.header('location') ?? ''
    expect(payUrl.startsWith(`${stripe.url}/pay/cs_`)).toBe(true)
    expect(stripe.sessions()).toHaveLength(1)
    const [session] = stripe.sessions()
    // The platform's own account, not a studio's connected one.
    expect(session?.account).toBe('')
    expect(session?.amount_total).toBe(2500)
    expect(session?.metadata).toMatchObject({ kind: 'plan', tenantId: app.demo.id, planId: 'organize_monthly_plan' })
    expect(await planRows()).toEqual([expect.objectContaining({ plan_id: 'organize_monthly_plan', status: 'OPEN' })])

    const paid = await fetch(payUrl, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    await stripe.idle()
    const delivery = stripe.deliveries.find((entry) => entry.type === 'checkout.session.completed')
    expect(delivery?.status).toBe(200)
    const back = new URL(paid.headers.get('location') ?? '')
    expect(back.pathname).toBe('/settings/plan/return')
    const returned = await get(`${back.pathname}${back.search}`, app.adminCookie)
    expect(returned.header('location')).toBe('/settings/plan')
    expect(toastOf(returned)).toContain('Plan updated')
    expect(await stripe.redeliver(delivery?.eventId ?? '')).toBe(200)

    const rows = await planRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ plan_id: 'organize_monthly_plan', status: 'SETTLED' })
    const plan = await tenantPlan()
    expect(plan).toMatchObject({ plan_id: 'organize_monthly_plan', contact_limit: 2000 })
    expect(plan?.renews_at).not.toBeNull()
    const page = textOf((await get('/settings/plan', app.adminCookie)).body)
    expect(page).toContain('organize monthly plan')
    expect(page).toContain('$25')
    expect(page).toContain('Completed')
    // The card is kept on the platform's customer for the renewals, named but never its number.
    expect(session?.payment_intent_data.setup_future_usage).toBe('off_session')
    expect(page).toContain('Visa ending 4242')
    const kept = await asSystem(app.platform.database, 'test: the kept card', (trx) =>
      trx.selectFrom('tenant_plans').select(['stripe_customer', 'stripe_payment_method', 'card_last4']).where('tenant_id', '=', app.demo.id).executeTakeFirstOrThrow(),
    )
    expect(kept.stripe_customer).toBe(session?.customer)
    expect(kept.stripe_payment_method).toMatch(/^pm_/)
    expect(kept.card_last4).toBe('4242')
    // The same form sent again after paying opens nothing new.
    const again = await post('/settings/plan/upgrade', fields, app.adminCookie)
    expect(again.header('location')).toBe('/settings/plan')
    expect(stripe.sessions()).toHaveLength(1)
  })

  it('a forged return names no session of this studio and changes nothing', async () => {
    const forged = await get('/settings/plan/return?session_id=cs_test_made_up', app.adminCookie)
    expect(forged.header('location')).toBe('/settings/plan')
    expect(toastOf(forged)).toContain(PLAN_MESSAGES.notPaid)
    expect(await planRows()).toHaveLength(1)
  })

  it('the free plan, once confirmed, records a payment of 0; a repeat of the form records nothing more', async () => {
    const confirm = await get('/settings/plan/upgrade?period=monthly&choose=free_plan', app.adminCookie)
    expect(textOf(confirm.body)).toContain(PLAN_MESSAGES.freeConfirm)
    const fields = form({ intent: 'free', plan: 'free_plan', attempt: 'free-attempt-0000000000001' })
    const chosen = await post('/settings/plan/upgrade', fields, app.adminCookie)
    expect(chosen.header('location')).toBe('/settings/plan')
    expect(toastOf(chosen)).toContain('Plan updated')
    expect((await post('/settings/plan/upgrade', fields, app.adminCookie)).header('location')).toBe('/settings/plan')
    const rows = await planRows()
    expect(rows).toHaveLength(2)
    expect(rows[1]).toMatchObject({ plan_id: 'free_plan', status: 'SETTLED' })
    expect(Number(rows[1]?.amount_minor)).toBe(0)
    expect(await tenantPlan()).toMatchObject({ plan_id: 'free_plan', contact_limit: 100, renews_at: null })
    expect(textOf((await get('/settings/plan', app.adminCookie)).body)).toContain('free plan')
  })

  it('past the plan limit a new contact is refused in its form (staff create, sign-up), existing contacts stay', async () => {
    const before = await contactCount()
    // The studio sits exactly at its limit.
    await asSystem(app.platform.database, 'test: limit at the count', (trx) => trx.updateTable('tenant_plans').set({ contact_limit: before }).where('tenant_id', '=', app.demo.id).execute())
    const created = await post('/contacts/new', form({ firstName: 'Over', lastName: 'Limit', email: 'over.limit@example.test', phone: '' }), app.adminCookie)
    expect(created.status).toBe(400)
    expect(textOf(created.body)).toContain(PLAN_MESSAGES.contactLimit(before))
    const registered = await post('/register', form({ orgId: 'demo', name: 'Sign', lastName: 'Up', email: 'sign.up@example.test', password: 'A-long-enough-passw0rd!' }))
    expect(registered.status).toBe(400)
    expect(textOf(registered.body)).toContain(PLAN_MESSAGES.contactLimit(before))
    expect(await contactCount()).toBe(before)
  })

  it('a new custom domain needs a plan with custom domains', async () => {
    const tenant = (await app.platform.tenants.findById(app.demo.id)) ?? app.demo
    const refused = await checkCustomDomain(app.platform, tenant, 'www.studio-on-free.example')
    expect(refused).toMatchObject({ ok: false, message: PLAN_MESSAGES.customDomain })
    await asSystem(app.platform.database, 'test: growth plan', (trx) => trx.updateTable('tenant_plans').set({ plan_id: 'expand_monthly_plan', contact_limit: 10_000 }).where('tenant_id', '=', app.demo.id).execute())
    expect(await checkCustomDomain(app.platform, tenant, 'www.studio-on-growth.example')).toEqual({ ok: true, value: 'www.studio-on-growth.example' })
  })
})
