import { asSystem } from '#db/tenant-scope'
import { findJob } from '#jobs/runtime/registry'
import { paymentSpringEnvFor, startFakePaymentSpring, type FakePaymentSpring } from '#tests/fakes/paymentspring'
import { phonePeEnvFor, startFakePhonePe, type FakePhonePe } from '#tests/fakes/phonepe'
import { razorpayEnvFor, startFakeRazorpay, type FakeRazorpay } from '#tests/fakes/razorpay'
import { demoMat } from '#tests/integration/checkout/demo-mat'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { createSessionCookie } from '#tests/support/sessions'
import { cookiePair, form, textOf, toastOf, visibleTextOf } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const PROVIDERS = '/settings/integrations/paymentprovider'

describe(`payments through PaymentSpring, Razorpay and PhonePe keys (${engine})`, () => {
  let app: DemoHttpApp
  let razorpay: FakeRazorpay
  let phonePe: FakePhonePe
  let paymentSpring: FakePaymentSpring
  let mat: Awaited<ReturnType<typeof demoMat>>
  let matGuid = ''
  let matOption = ''
  let attempts = 0

  const get = (path: string, cookie?: string) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })
  const post = (path: string, body: string, cookie?: string, origin = `http://${app.host}`) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...(cookie ? { cookie } : {}) } })
  const invoice = (guid: string) =>
    asSystem(app.platform.database, 'test: invoice', (trx) => trx.selectFrom('invoices').select(['id', 'status', 'total_minor', 'currency']).where('guid', '=', guid).executeTakeFirstOrThrow())
  const paymentRows = (invoiceId: string) =>
    asSystem(app.platform.database, 'test: payments', (trx) =>
      trx.selectFrom('payments').select(['provider', 'status', 'checkout_ref', 'payment_ref', 'refund_ref']).where('invoice_id', '=', invoiceId).orderBy('created_at').execute(),
    )
  const matStock = () => mat.stock()
  const setMatStock = (quantity: number) => mat.setStock(quantity)
  const saveKeys = (provider: string, fields: Record<string, string>) => post(PROVIDERS, form({ intent: 'save', provider, ...fields }), app.adminCookie)

  /** A visitor puts a mat in a new cart and places the order. */
  const placeMatOrder = async () => {
    const added = await post('/checkout', form({ intent: 'add', item: matGuid, priceOption: matOption, quantity: '1' }))
    attempts += 1
    return post(
      '/checkout',
      form({ intent: 'place', attempt: `keys-attempt-${attempts}-00000000000`, firstName: 'Priya', lastName: 'Raman', email: 'priya.raman@example.test', phone: '', note: '' }),
      cookiePair(added, 'cart'),
    )
  }
  /** The hidden fields of the form that leaves for the provider (the page has other forms: the language switcher's). */
  const hiddenFields = (html: string) => hiddenFieldsOf(/<form[^>]*action="https?:\/\/[^"]*"[\s\S]*?<\/form>/.exec(html)?.[0] ?? html)
  const hiddenFieldsOf = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1] ?? '', (match[2] ?? '').replace(/&amp;/g, '&').replace(/&#x27;/g, "'")]))
  const invoiceGuidOf = (html: string) => /\/checkout\/orders\/([0-9a-f-]{36})/.exec(html)?.[1] ?? ''
  const hiddenValue = (html: string, name: string) => new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}" value="([^"]*)"`).exec(html)?.[1] ?? ''

  beforeAll(async () => {
    razorpay = await startFakeRazorpay()
    phonePe = await startFakePhonePe()
    paymentSpring = await startFakePaymentSpring()
    app = await startDemoHttpApp({ env: { ...razorpayEnvFor(razorpay), ...phonePeEnvFor(phonePe), ...paymentSpringEnvFor(paymentSpring) } })
    mat = await demoMat(app)
    matGuid = mat.guid
    matOption = mat.option
    await setMatStock(10)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await razorpay?.close()
    await phonePe?.close()
    await paymentSpring?.close()
  })

  describe('the payment providers page', () => {
    it('shows the chooser with every provider, and each key form by its code', async () => {
      const chooser = await get(PROVIDERS, app.adminCookie)
      expect(chooser.status).toBe(200)
      const text = textOf(chooser.body)
      for (const words of ['Nelnet', 'USD only; ACH 0.80%; card 2.9% plus 30 cents', 'Stripe', 'Razorpay', 'INR, from 2%', 'PhonePe', 'UPI 0%, wallet 0.84%, gift card 0.84%']) expect(text).toContain(words)
      expect(text).toContain('No payment provider is set up')
      expect(textOf((await get(`${PROVIDERS}?provider=1`, app.adminCookie)).body)).toContain('Test Private Key')
      expect(textOf((await get(`${PROVIDERS}?provider=3`, app.adminCookie)).body)).toContain('Test Key Secret')
      expect(textOf((await get(`${PROVIDERS}?provider=4`, app.adminCookie)).body)).toContain('Salt Index')
      // Staff who are not admins do not reach it.
      expect((await get(`${PROVIDERS}?provider=3`)).status).toBe(302)
    })

    it("refuses PaymentSpring's test keys with test mode off: 'Test mode should be on', and saves nothing", async () => {
      const refused = await saveKeys('PSPRING', { apiKey: '', secretKey: '', testApiKey: 'sbx_pub_1234', testSecretKey: 'sbx_prv_5678' })
      expect(refused.status).toBe(400)
      expect(textOf(refused.body)).toContain('Test mode should be on')
      // The secret typed in is not sent back into the page.
      expect(refused.body).not.toContain('sbx_prv_5678')
      const rows = await asSystem(app.platform.database, 'test: keys', (trx) => trx.selectFrom('payment_accounts').select('provider').where('tenant_id', '=', app.demo.id).execute())
      expect(rows).toHaveLength(0)
    })

    it("names each missing key: Razorpay's and PhonePe's messages", async () => {
      const razorpayRefused = await saveKeys('RAZORPAY', { apiKey: '', secretKey: '' })
      expect(textOf(razorpayRefused.body)).toContain('Key Id is required.')
      expect(textOf(razorpayRefused.body)).toContain('Key Secret is required.')
      const testRefused = await saveKeys('RAZORPAY', { isTestMode: 'on', testApiKey: 'rzp_test_x' })
      expect(textOf(testRefused.body)).toContain('Test Key Secret is required.')
      const phonePeRefused = await saveKeys('PHONEPE', { merchantId: '', saltKey: '', saltIndex: '' })
      expect(phonePeRefused.status).toBe(400)
      for (const message of ['Merchant Id is required.', 'Salt Key is required.', 'Salt Index is required.']) expect(textOf(phonePeRefused.body)).toContain(message)
      expect(textOf((await saveKeys('PHONEPE', { merchantId: 'M1', saltKey: 's', saltIndex: 'one' })).body)).toContain('Salt Index is a whole number, such as 1.')
      expect(textOf((await saveKeys('RAZORPAY', { apiKey: 'rzp live', secretKey: 'x' })).body)).toContain('Keys have no spaces')
    })

    it('keeps PaymentSpring keys sealed, never shows the secret again, and keeps it when the field is left blank', async () => {
      const saved = await saveKeys('PSPRING', { apiKey: 'pub_live_abc', secretKey: 'prv_live_sealed_value', isTestMode: '' })
      expect(saved.status).toBe(302)
      expect(toastOf(saved)).toBe('PaymentSpring keys saved: checkout takes payments through PaymentSpring.')
      const row = await asSystem(app.platform.database, 'test: keys', (trx) =>
        trx.selectFrom('payment_accounts').select(['api_key', 'secret_key_sealed', 'is_integrated']).where('tenant_id', '=', app.demo.id).where('provider', '=', 'PSPRING').executeTakeFirstOrThrow(),
      )
      expect(row.api_key).toBe('pub_live_abc')
      expect(row.secret_key_sealed).toMatch(/^v1\./)
      expect(row.secret_key_sealed).not.toContain('prv_live_sealed_value')
      const page = await get(`${PROVIDERS}?provider=1`, app.adminCookie)
      expect(page.body).toContain('pub_live_abc')
      expect(page.body).not.toContain('prv_live_sealed_value')
      expect(textOf(page.body)).toContain('Saved. Leave blank to keep it')
      // Saved again with the secret blank: still there.
      expect((await saveKeys('PSPRING', { apiKey: 'pub_live_abc', secretKey: '' })).status).toBe(302)
      const kept = await asSystem(app.platform.database, 'test: keys', (trx) =>
        trx.selectFrom('payment_accounts').select('secret_key_sealed').where('tenant_id', '=', app.demo.id).where('provider', '=', 'PSPRING').executeTakeFirstOrThrow(),
      )
      expect(kept.secret_key_sealed).toBe(row.secret_key_sealed)
      // The ping gives the public key only.
      const ping = await get('/api/tenant/ping')
      expect(ping.json()).toMatchObject({ paymentProvider: 'PSPRING', publishableKey: 'pub_live_abc' })
      expect(ping.body).not.toContain('prv_live_sealed_value')
      const off = await post(PROVIDERS, form({ intent: 'disconnect', provider: 'PSPRING' }), app.adminCookie)
      expect(toastOf(off)).toBe('PaymentSpring is disconnected.')
    })
  })

  describe('Razorpay', () => {
    beforeAll(async () => {
      const saved = await saveKeys('RAZORPAY', { isTestMode: 'on', testApiKey: razorpay.keyId, testSecretKey: razorpay.keySecret })
      expect(saved.status).toBe(302)
    })

    it('becomes the provider checkout uses; the ping gives the key id, never the secret', async () => {
      const chooser = textOf((await get(PROVIDERS, app.adminCookie)).body)
      expect(chooser).toContain('Checkout takes payments through Razorpay')
      const ping = await get('/api/tenant/ping')
      expect(ping.json()).toMatchObject({ paymentProvider: 'RAZORPAY', activePaymentProvider: 'RAZORPAY', publishableKey: razorpay.keyId })
      expect(ping.body).not.toContain(razorpay.keySecret)
      expect((await get('/merchandise/details/organic-cotton-yoga-mat')).body).toContain('data-buy-form')
    })

    it('without JavaScript: Place order answers the form to Razorpay, the signed return pays the order once', async () => {
      const before = await matStock()
      const placed = await placeMatOrder()
      expect(placed.status).toBe(200)
      expect(placed.body).toContain(`action="${razorpay.url}/v1/checkout/embedded"`)
      expect(textOf(placed.body)).toContain('Continue to Razorpay')
      const orderId = hiddenValue(placed.body, 'order_id')
      const invoiceGuid = invoiceGuidOf(placed.body)
      const pending = await invoice(invoiceGuid)
      expect(pending.status).toBe('pending')
      expect(hiddenValue(placed.body, 'key_id')).toBe(razorpay.keyId)
      expect(hiddenValue(placed.body, 'method[upi]')).toBe('0')
      expect(placed.body).not.toContain(razorpay.keySecret)
      const order = razorpay.orders().find((candidate) => candidate.id === orderId)
      expect(order?.amount).toBe(Number(pending.total_minor))

      // The buyer's browser posts the form to Razorpay's hosted checkout.
      const hosted = await fetch(`${razorpay.url}/v1/checkout/embedded`, { method: 'POST', body: new URLSearchParams(hiddenFields(placed.body)) })
      expect(hosted.status).toBe(200)
      expect(await hosted.text()).toContain('Demo Yoga Studio')
      const paid = await razorpay.pay(orderId)
      expect(paid.callbackUrl).toBe(`http://${app.host}/checkout/orders/${invoiceGuid}/razorpay`)
      const fields = { razorpay_payment_id: paid.paymentId, razorpay_order_id: orderId, razorpay_signature: paid.signature }
      // Razorpay's page posts from Razorpay's site: let through, proved by the signature.
      const back = await post(`/checkout/orders/${invoiceGuid}/razorpay`, form(fields), undefined, 'https://api.razorpay.com')
      expect(back.status).toBe(303)
      expect(back.header('location')).toBe(`/checkout/orders/${invoiceGuid}`)
      expect((await invoice(invoiceGuid)).status).toBe('paid')
      expect(await matStock()).toBe((before ?? 0) - 1)
      expect(textOf((await get(`/checkout/orders/${invoiceGuid}`)).body)).toContain('Thank you, your order is placed')
      // The same return again changes nothing.
      await post(`/checkout/orders/${invoiceGuid}/razorpay`, form(fields), undefined, 'https://api.razorpay.com')
      expect(await matStock()).toBe((before ?? 0) - 1)
      const rows = await paymentRows(pending.id)
      expect(rows).toEqual([expect.objectContaining({ provider: 'RAZORPAY', status: 'paid', checkout_ref: orderId, payment_ref: paid.paymentId })])
    })

    it('a forged signature settles nothing; a failed payment says so and Pay offers the same order again', async () => {
      const placed = await placeMatOrder()
      const orderId = hiddenValue(placed.body, 'order_id')
      const invoiceGuid = invoiceGuidOf(placed.body)
      const forged = await post(
        `/checkout/orders/${invoiceGuid}/razorpay`,
        form({ razorpay_payment_id: 'pay_forged0000000', razorpay_order_id: orderId, razorpay_signature: razorpay.signatureFor(orderId, 'pay_forged0000000', 'not-the-secret') }),
        undefined,
        'https://api.razorpay.com',
      )
      expect(forged.status).toBe(303)
      expect((await invoice(invoiceGuid)).status).toBe('pending')

      const failed = await razorpay.fail(orderId)
      const declined = await post(`/checkout/orders/${invoiceGuid}/razorpay`, form(failed.fields), undefined, 'https://api.razorpay.com')
      expect(declined.header('location')).toBe(`/checkout/orders/${invoiceGuid}?payment=declined`)
      const page = textOf((await get(`/checkout/orders/${invoiceGuid}?payment=declined`)).body)
      expect(page).toContain('The payment did not go through and nothing was taken. You can try again.')
      expect(page).toContain('Pay securely on Razorpay')
      const again = await post(`/checkout/orders/${invoiceGuid}`, '')
      expect(again.status).toBe(200)
      expect(hiddenValue(again.body, 'order_id')).toBe(orderId)
      expect(razorpay.orders().filter((order) => order.receipt === `inv-${invoiceGuid}`)).toHaveLength(1)
    })

    it('a payment whose return was lost is found when the order page is opened', async () => {
      const placed = await placeMatOrder()
      const orderId = hiddenValue(placed.body, 'order_id')
      const invoiceGuid = invoiceGuidOf(placed.body)
      await razorpay.pay(orderId)
      expect((await invoice(invoiceGuid)).status).toBe('pending')
      expect(textOf((await get(`/checkout/orders/${invoiceGuid}`)).body)).toContain('Thank you, your order is placed')
      expect((await invoice(invoiceGuid)).status).toBe('paid')
    })

    it('a payment whose buyer never came back is settled by the follow-up check, with no one opening the order', async () => {
      const placed = await placeMatOrder()
      const orderId = hiddenValue(placed.body, 'order_id')
      const invoiceGuid = invoiceGuidOf(placed.body)
      await razorpay.pay(orderId)
      const check = findJob('payment-attempt-check')
      if (!check) throw new Error('the follow-up check is not registered')
      const payload = { tenantId: app.demo.id, provider: 'RAZORPAY', checkoutRef: orderId, origin: `http://${app.host}`, round: 0 }
      await check.handle(payload, app.platform, { attempt: 1, maxAttempts: 3, isLastAttempt: false })
      expect((await invoice(invoiceGuid)).status).toBe('paid')
      // Checked again (a repeated delivery): nothing more happens.
      await check.handle(payload, app.platform, { attempt: 1, maxAttempts: 3, isLastAttempt: false })
      expect(razorpay.refunds()).toHaveLength(0)
    })

    it('when the last one sold while the buyer paid, the payment is refunded on Razorpay', async () => {
      await setMatStock(1)
      const placed = await placeMatOrder()
      const orderId = hiddenValue(placed.body, 'order_id')
      const invoiceGuid = invoiceGuidOf(placed.body)
      await setMatStock(0)
      const paid = await razorpay.pay(orderId)
      const back = await post(`/checkout/orders/${invoiceGuid}/razorpay`, form({ razorpay_payment_id: paid.paymentId, razorpay_order_id: orderId, razorpay_signature: paid.signature }), undefined, 'https://api.razorpay.com')
      expect(back.status).toBe(303)
      const voided = await invoice(invoiceGuid)
      expect(voided.status).toBe('void')
      const [payment] = await paymentRows(voided.id)
      expect(payment).toMatchObject({ status: 'refunded' })
      expect(razorpay.refunds().filter((refund) => refund.payment_id === paid.paymentId)).toHaveLength(1)
      await setMatStock(10)
    })
  })

  describe('PhonePe', () => {
    beforeAll(async () => {
      // PhonePe takes rupees only: the mat is priced in rupees here.
      await asSystem(app.platform.database, 'test: rupees', (trx) => trx.updateTable('item_price_options').set({ currency: 'INR' }).where('guid', '=', matOption).execute())
      app.platform.caches.changed(app.demo.id, ['catalog'])
      const saved = await saveKeys('PHONEPE', { merchantId: phonePe.merchantId, saltKey: phonePe.saltKey, saltIndex: phonePe.saltIndex, isTestMode: 'on' })
      expect(saved.status).toBe(302)
      phonePe.holdCallbacks(true)
    })

    /** The fake's callback, posted to the app by the tenant's host (the fake cannot resolve demo.localhost). */
    const deliverHeld = async () => {
      const held = phonePe.heldCallbacks()
      const answers = []
      for (const message of held) {
        const url = new URL(message.url)
        answers.push(await request(app.port, url.pathname, { host: app.host, method: 'POST', body: message.body, headers: { 'content-type': 'application/json', 'x-verify': message.xVerify } }))
      }
      return answers
    }

    it('Place order sends the buyer to the pay page; the checksummed callback pays the order once; the confirm address shows it', async () => {
      const before = await matStock()
      const placed = await placeMatOrder()
      expect([placed.status, placed.header('location')]).toEqual([303, expect.stringContaining('/pay-page/')])
      const payPage = placed.header('location') ?? ''
      expect(payPage.startsWith(`${phonePe.url}/pay-page/`)).toBe(true)
      const transaction = phonePe.transactions().at(-1)
      if (!transaction) throw new Error('no PhonePe transaction')
      const [payment] = await asSystem(app.platform.database, 'test: attempt', (trx) =>
        trx.selectFrom('payments').innerJoin('invoices', 'invoices.id', 'payments.invoice_id').select(['invoices.guid', 'invoices.total_minor']).where('payments.checkout_ref', '=', transaction.merchantTransactionId).execute(),
      )
      const invoiceGuid = payment?.guid ?? ''
      expect(transaction.amount).toBe(Number(payment?.total_minor))
      expect(transaction.redirectUrl).toBe(`http://${app.host}/item/phonepe/${app.demo.id}/confirm/${transaction.merchantTransactionId}`)

      await phonePe.pay(transaction.merchantTransactionId)
      const [answer] = await deliverHeld()
      expect(answer?.status).toBe(200)
      expect((await invoice(invoiceGuid)).status).toBe('paid')
      expect(await matStock()).toBe((before ?? 0) - 1)
      // The buyer's return and the callback again change nothing.
      const back = await get(`/item/phonepe/${app.demo.id}/confirm/${transaction.merchantTransactionId}`)
      expect(back.status).toBe(303)
      expect(back.header('location')).toBe(`/checkout/orders/${invoiceGuid}`)
      await deliverHeld()
      expect(await matStock()).toBe((before ?? 0) - 1)
      const inr = await invoice(invoiceGuid)
      expect(inr.currency).toBe('INR')
    })

    it('the confirm address settles a payment whose callback never came; a declined one says so', async () => {
      phonePe.holdCallbacks(true)
      const placed = await placeMatOrder()
      const transaction = phonePe.transactions().at(-1)
      if (!transaction) throw new Error('no PhonePe transaction')
      await phonePe.pay(transaction.merchantTransactionId)
      const back = await get(`/item/phonepe/${app.demo.id}/confirm/${transaction.merchantTransactionId}`)
      const orderPath = back.header('location') ?? ''
      expect(textOf((await get(orderPath)).body)).toContain('Thank you, your order is placed')
      expect(placed.status).toBe(303)

      await placeMatOrder()
      const declinedTransaction = phonePe.transactions().at(-1)
      if (!declinedTransaction) throw new Error('no PhonePe transaction')
      await phonePe.decline(declinedTransaction.merchantTransactionId)
      const declined = await get(`/item/phonepe/${app.demo.id}/confirm/${declinedTransaction.merchantTransactionId}`)
      expect(declined.header('location')).toMatch(/\?payment=declined$/)
    })

    it('refuses a callback whose checksum is not the studio\'s, and another studio\'s or a made-up confirm address is a 404', async () => {
      const response = Buffer.from(JSON.stringify({ success: true, code: 'PAYMENT_SUCCESS', data: { merchantTransactionId: 'Tforged' } })).toString('base64')
      const forged = await request(app.port, `/item/phonepe/${app.demo.id}/callback`, {
        host: app.host,
        method: 'POST',
        body: JSON.stringify({ response }),
        headers: { 'content-type': 'application/json', 'x-verify': 'deadbeef###1' },
      })
      expect(forged.status).toBe(401)
      expect((await get(`/item/phonepe/00000000-0000-4000-8000-000000000000/confirm/Tanything`)).status).toBe(404)
      expect((await get(`/item/phonepe/${app.demo.id}/confirm/Tnot-an-attempt`)).status).toBe(404)
      expect((await get(`/item/phonepe/${app.demo.id}/confirm/${'x'.repeat(40)}`)).status).toBe(404)
    })

    it('a studio with two providers chooses which one checkout uses, and a rupee order does not go to PhonePe in dollars', async () => {
      const chooser = textOf((await get(PROVIDERS, app.adminCookie)).body)
      expect(chooser).toContain('Checkout takes payments through PhonePe')
      expect(chooser).toContain('Use Razorpay for checkout')
      const used = await post(PROVIDERS, form({ intent: 'use', provider: 'RAZORPAY' }), app.adminCookie)
      expect(toastOf(used)).toBe('Checkout now takes payments through Razorpay.')
      expect((await get('/api/tenant/ping')).json()).toMatchObject({ paymentProvider: 'RAZORPAY' })
      await post(PROVIDERS, form({ intent: 'use', provider: 'PHONEPE' }), app.adminCookie)
      await asSystem(app.platform.database, 'test: dollars', (trx) => trx.updateTable('item_price_options').set({ currency: 'USD' }).where('guid', '=', matOption).execute())
      app.platform.caches.changed(app.demo.id, ['catalog'])
      const placed = await placeMatOrder()
      const orderPath = placed.header('location') ?? ''
      expect(orderPath).toMatch(/\?payment=failed$/)
      const refused = await post(orderPath.replace(/\?.*$/, ''), '')
      expect(textOf(refused.body)).toContain('PhonePe takes payments in Indian rupees only.')
    })
  })

  describe('PaymentSpring', () => {
    const payments = () => asSystem(app.platform.database, 'test: attempts', (trx) => trx.selectFrom('payments').select(['status', 'checkout_ref', 'payment_ref']).where('provider', '=', 'PSPRING').execute())
    const card = { intent: 'card', cardOwnerName: 'Priya Raman', cardNumber: '4111 1111 1111 1111', cardExpMonth: '08', cardExpYear: String(new Date().getUTCFullYear() + 2), csc: '123', zip: '' }
    const placeForPayPage = async () => {
      const placed = await placeMatOrder()
      const location = placed.header('location') ?? ''
      expect(location).toMatch(/^http:\/\/demo\.localhost:\d+\/checkout\/orders\/[0-9a-f-]{36}\/pay$/)
      return new URL(location).pathname
    }

    beforeAll(async () => {
      const saved = await saveKeys('PSPRING', { apiKey: paymentSpring.publicKey, secretKey: paymentSpring.privateKey })
      expect(toastOf(saved)).toBe('PaymentSpring keys saved: checkout takes payments through PaymentSpring.')
    })

    it('sends the buyer to the card and bank form; an empty card form gets every message and writes nothing', async () => {
      const payPath = await placeForPayPage()
      const page = textOf((await get(payPath)).body)
      expect(page).toContain('Pay $68.00 by card')
      expect(page).toContain('Pay $68.00 from my bank account')
      const empty = await post(payPath, form({ intent: 'card' }))
      expect(empty.status).toBe(400)
      for (const message of ['Name is required!', 'Number is required!', 'Month is required!', 'Year is required!', 'CVV is required!']) expect(textOf(empty.body)).toContain(message)
      const bank = await post(payPath, form({ intent: 'bank', bankAccountType: '' }))
      for (const message of ['Bank Account Holder First Name is required!', 'Bank Account Number is required!', 'Bank Routing Number is required!', 'Bank Account Type is required!']) expect(textOf(bank.body)).toContain(message)
      expect(await payments()).toHaveLength(0)
      expect(paymentSpring.tokens()).toHaveLength(0)
    })

    it("shows a declined card's message, never the card number, and takes the next card once", async () => {
      const before = await matStock()
      const payPath = await placeForPayPage()
      const declined = await post(payPath, form({ ...card, cardNumber: '4000 0000 0000 0002' }))
      expect(declined.status).toBe(400)
      expect(textOf(declined.body)).toContain('Card declined')
      expect(declined.body).not.toContain('4000 0000 0000 0002')
      expect(declined.body).not.toContain('4000000000000002')
      expect(declined.body).toContain('Priya Raman')
      const paid = await post(payPath, form(card))
      expect(paid.status).toBe(303)
      const orderPath = payPath.replace(/\/pay$/, '')
      expect(paid.header('location')).toBe(orderPath)
      expect(textOf((await get(orderPath)).body)).toContain('Thank you, your order is placed')
      expect(await matStock()).toBe((before ?? 0) - 1)
      const transaction = paymentSpring.transactions().at(-1)
      expect(transaction?.amount_settled).toBe(6800)
      const rows = await payments()
      expect(rows.map((row) => row.status).sort()).toEqual(['expired', 'paid'])
      expect(rows.find((row) => row.status === 'paid')?.payment_ref).toBe(transaction?.id)
      // Once paid, the form is gone: the address shows the order.
      expect((await get(payPath)).header('location')).toBe(orderPath)
    })

    it('takes a bank account (ACH)', async () => {
      const payPath = await placeForPayPage()
      const paid = await post(payPath, form({ intent: 'bank', bankAccountHolderFirstName: 'Priya', bankAccountHolderLastName: 'Raman', bankAccountNumber: '000123456789', bankRoutingNumber: '011000015', bankAccountType: 'savings' }))
      expect(paid.status).toBe(303)
      const orderPath = payPath.replace(/\/pay$/, '')
      expect((await invoice(orderPath.split('/').at(-1) ?? '')).status).toBe('paid')
      expect(paymentSpring.tokens().at(-1)).toMatchObject({ token_type: 'bank_account' })
    })

    it('PaymentSpring down before the charge: Pay again at once; a charge left unanswered: Pay waits rather than charge twice', async () => {
      const payPath = await placeForPayPage()
      paymentSpring.failNext('POST', '/api/v1/tokens', 503)
      const down = await post(payPath, form(card))
      expect(down.status).toBe(409)
      expect(textOf(down.body)).toContain('The payment could not be made just now and nothing was taken. Please try again.')
      paymentSpring.failNext('POST', '/api/v1/charge', 502)
      const unanswered = await post(payPath, form(card))
      expect(textOf(unanswered.body)).toContain('We could not hear back about this payment. Please do not pay again yet')
      const again = await post(payPath, form(card))
      expect(textOf(again.body)).toContain('A payment for this order is being made.')
      const orderGuid = payPath.split('/').at(-2) ?? ''
      expect((await paymentRows((await invoice(orderGuid)).id)).map((row) => row.status).sort()).toEqual(['expired', 'open'])
    })

    it('a double-clicked Pay charges once', async () => {
      const payPath = await placeForPayPage()
      const charges = paymentSpring.transactions().length
      paymentSpring.delayNext('POST', '/api/v1/tokens', 400)
      const [first, second] = await Promise.all([post(payPath, form(card)), post(payPath, form(card))])
      expect([first.status, second.status].sort()).toEqual([303, 409])
      const refused = first.status === 409 ? first : second
      expect(textOf(refused.body)).toContain('A payment for this order is being made.')
      expect(paymentSpring.transactions()).toHaveLength(charges + 1)
    })

    it("a signed-in student saves a card for the next payment, and pays with it; nobody else sees or uses it", async () => {
      const student = await asSystem(app.platform.database, 'test: the student', (trx) =>
        trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow(),
      )
      const studentCookie = await createSessionCookie(app.platform, app.demo, student)
      const studentOrder = async () => {
        const added = await post('/checkout', form({ intent: 'add', item: matGuid, priceOption: matOption, quantity: '1' }), studentCookie)
        attempts += 1
        const placed = await post(
          '/checkout',
          form({ intent: 'place', attempt: `keys-attempt-${attempts}-00000000000`, firstName: 'Stella', lastName: 'Student', email: 'student@demo.test', phone: '', note: '' }),
          `${studentCookie}; ${cookiePair(added, 'cart')}`,
        )
        return new URL(placed.header('location') ?? '').pathname
      }
      const first = await studentOrder()
      expect(textOf((await get(first, studentCookie)).body)).toContain('Save for my next payment')
      // The order's address alone (no sign-in) offers no keeping.
      expect(textOf((await get(first)).body)).not.toContain('Save for my next payment')
      const paid = await post(first, form({ ...card, saveForNext: 'on' }), studentCookie)
      expect(paid.status).toBe(303)
      const kept = await asSystem(app.platform.database, 'test: kept', (trx) => trx.selectFrom('saved_payment_methods').selectAll().where('contact_id', '=', student.id).execute())
      expect(kept).toEqual([expect.objectContaining({ provider: 'PSPRING', kind: 'card', last4: '1111', brand: 'visa', exp_month: 8 })])
      expect(JSON.stringify(kept)).not.toContain('4111111111111111')
      const customer = paymentSpring.customers().find((candidate) => candidate.id === kept[0]?.customer_ref)
      expect(customer).toBeDefined()

      const second = await studentOrder()
      const page = textOf((await get(second, studentCookie)).body)
      expect(page).toContain(`Visa ending 1111, expires 08/${new Date().getUTCFullYear() + 2}`)
      expect(page).toContain('None/other')
      expect(textOf((await get(second)).body)).not.toContain('Visa ending 1111')
      // Someone holding the address cannot charge the student's kept card.
      const stranger = await post(second, form({ intent: 'card', savedMethod: kept[0]?.id ?? '' }))
      expect(stranger.status).toBe(400)
      expect(textOf(stranger.body)).toContain('That saved card is no longer on file.')
      const again = await post(second, form({ intent: 'card', savedMethod: kept[0]?.id ?? '' }), studentCookie)
      expect(again.status).toBe(303)
      expect(paymentSpring.transactions().at(-1)).toMatchObject({ customerId: customer?.id, amount_settled: 6800 })
    })

    /** What the pay form's script does with JavaScript: the card goes from the browser to PaymentSpring, with the public key. */
    const browserToken = async (body: Record<string, string | number>) => {
      const answer = await fetch(`${paymentSpring.url}/api/v1/tokens`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa(`${paymentSpring.publicKey}:`)}`, 'content-type': 'application/json', origin: `http://${app.host}` },
        body: JSON.stringify(body),
      })
      expect(answer.headers.get('access-control-allow-origin')).toBe(`http://${app.host}`)
      return (await answer.json()) as { id: string; last_4: string; card_type: string }
    }
    const cardBody = (number: string) => ({ card_owner_name: 'Priya Raman', card_number: number, card_exp_month: 8, card_exp_year: new Date().getUTCFullYear() + 2, csc: '123' })
    const serverTokenCalls = () => paymentSpring.requests().filter((each) => each.method === 'POST' && each.path === '/api/v1/tokens' && each.headers.origin === undefined).length

    it("lets the pay form's browser reach PaymentSpring's token endpoint, and nothing else: the page's CSP, CORS, the public key only", async () => {
      const payPath = await placeForPayPage()
      const page = await get(payPath)
      const apiOrigin = new URL(paymentSpring.url).origin
      expect(page.header('content-security-policy')).toMatch(new RegExp(`connect-src [^;]*${apiOrigin.replace(/[.]/g, '\\.')}`))
      expect(page.body).toContain(paymentSpring.publicKey)
      expect(page.body).not.toContain(paymentSpring.privateKey)
      expect((await get(payPath.replace(/\/pay$/, ''))).header('content-security-policy')).not.toContain(apiOrigin)
      expect((await get('/checkout')).header('content-security-policy')).not.toContain(apiOrigin)
      const preflight = await fetch(`${paymentSpring.url}/api/v1/tokens`, { method: 'OPTIONS', headers: { origin: `http://${app.host}`, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe(`http://${app.host}`)
      expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
      const charge = await fetch(`${paymentSpring.url}/api/v1/charge`, { method: 'OPTIONS', headers: { origin: `http://${app.host}` } })
      expect(charge.headers.get('access-control-allow-origin')).toBeNull()
      // The private key cannot make a token, as on the real API.
      const withPrivate = await fetch(`${paymentSpring.url}/api/v1/tokens`, { method: 'POST', headers: { authorization: `Basic ${btoa(`${paymentSpring.privateKey}:`)}`, 'content-type': 'application/json' }, body: JSON.stringify(cardBody('4111111111111111')) })
      expect(withPrivate.status).toBe(401)
    })

    it('charges a token made in the browser, never seeing the card: a declined one says so, the next pays once', async () => {
      const payPath = await placeForPayPage()
      const serverCalls = serverTokenCalls()
      const declinedToken = await browserToken(cardBody('4000000000000002'))
      const declined = await post(payPath, form({ intent: 'card', paymentToken: declinedToken.id, last4: declinedToken.last_4, brand: declinedToken.card_type, cardOwnerName: 'Priya Raman' }))
      expect(declined.status).toBe(400)
      expect(textOf(declined.body)).toContain('Card declined')
      expect(declined.body).not.toContain(declinedToken.id)
      const token = await browserToken(cardBody('4111111111111111'))
      const paid = await post(payPath, form({ intent: 'card', paymentToken: token.id, last4: token.last_4, brand: token.card_type, cardOwnerName: 'Priya Raman' }))
      expect(paid.status).toBe(303)
      expect(paid.header('location')).toBe(payPath.replace(/\/pay$/, ''))
      expect((await invoice(payPath.split('/').at(-2) ?? '')).status).toBe('paid')
      expect(paymentSpring.transactions().at(-1)).toMatchObject({ tokenId: token.id, amount_settled: 6800 })
      expect(serverTokenCalls()).toBe(serverCalls)
    })

    it('takes a bank account token made in the browser', async () => {
      const payPath = await placeForPayPage()
      const token = await browserToken({ token_type: 'bank_account', bank_account_number: '000123456789', bank_routing_number: '011000015', bank_account_holder_first_name: 'Priya', bank_account_holder_last_name: 'Raman', bank_account_type: 'checking' })
      const paid = await post(payPath, form({ intent: 'bank', paymentToken: token.id, last4: token.last_4, brand: '', bankAccountHolderFirstName: 'Priya', bankAccountHolderLastName: 'Raman' }))
      expect(paid.status).toBe(303)
      expect(paymentSpring.transactions().at(-1)).toMatchObject({ tokenId: token.id })
    })

    it('refuses a token beside card fields, and a malformed token, with a clear message; writes nothing and echoes no card', async () => {
      const payPath = await placeForPayPage()
      const orderId = (await invoice(payPath.split('/').at(-2) ?? '')).id
      const requestsBefore = paymentSpring.requests().length
      const both = await post(payPath, form({ ...card, paymentToken: 'abcdef0123456789abcdef' }))
      expect(both.status).toBe(400)
      expect(textOf(both.body)).toContain('Send either the card or bank details or a payment token, not both.')
      expect(both.body).not.toContain('4111')
      for (const paymentToken of ['', 'short', 'a'.repeat(300), '"><script>alert(1)</script>']) {
        const malformed = await post(payPath, form({ intent: 'card', paymentToken, cardOwnerName: 'Priya Raman' }))
        expect(malformed.status).toBe(400)
        expect(textOf(malformed.body)).toContain('The card or bank details could not be read. Please enter them again.')
        expect(malformed.body).not.toContain('<script>alert(1)')
      }
      expect(await paymentRows(orderId)).toEqual([])
      expect(paymentSpring.requests().length).toBe(requestsBefore)
      const turkish = await post(payPath, form({ intent: 'card', paymentToken: 'short' }), 'lng=tr')
      expect(textOf(turkish.body)).toContain('Kart ya da banka bilgileri okunamadı. Lütfen yeniden girin.')
    })

    it('in Turkish the order page, the card and bank form and their refusals read in Turkish, and the paid order thanks in Turkish', async () => {
      const turkish = 'lng=tr'
      const stock = await matStock()
      const payPath = await placeForPayPage()
      const orderPath = payPath.replace(/\/pay$/, '')
      const waiting = textOf((await get(orderPath, turkish)).body)
      for (const words of ['Siparişiniz ödemesini bekliyor', 'numaralı sipariş. Ödenene kadar hiçbir şey ayrılmaz', 'Bir sonraki sayfada kartla ya da banka hesabınızdan güvenle ödeyin.', '$68,00 öde', 'Ödeme bekleniyor', 'Web sitesine dön']) {
        expect(waiting).toContain(words)
      }
      expect(waiting).not.toContain('Nothing is booked')

      const page = await get(payPath, turkish)
      expect(page.body).toMatch(/<title>#\d{4} numaralı siparişin ödemesi<\/title>/)
      const payText = visibleTextOf(page.body)
      for (const words of ['Ödenecek tutar: $68,00.', 'Kart üzerindeki ad', 'Kart numarası', 'Posta kodu (isteğe bağlı)', '$68,00 tutarını kartla öde', 'Banka hesabı (ACH)', 'Banka yönlendirme numarası', 'Vadesiz hesap', '$68,00 tutarını banka hesabımdan öde', 'Siparişinize dönün']) {
        expect(payText).toContain(words)
      }
      for (const words of ['Name on card', 'Routing number', 'by card']) expect(payText).not.toContain(words)
      // The checks the browser makes before it asks PaymentSpring for a token come with their Turkish.
      expect(page.body).toContain('Kart numarasını kartın üzerinde yazdığı gibi girin: 13 ile 19 hane.')

      const refusedCard = await post(payPath, form({ intent: 'card', cardNumber: '12' }), turkish)
      expect(refusedCard.status).toBe(400)
      for (const message of ['Lütfen aşağıda işaretlenen alanları düzeltin.', 'Ad zorunludur!', 'Kart numarasını kartın üzerinde yazdığı gibi girin: 13 ile 19 hane.', 'Ay zorunludur!', 'Yıl zorunludur!', 'CVV zorunludur!']) {
        expect(textOf(refusedCard.body)).toContain(message)
      }
      const bank = await post(payPath, form({ intent: 'bank', bankAccountType: '' }), turkish)
      for (const message of ['Hesap sahibinin adı zorunludur!', 'Banka hesap numarası zorunludur!', 'Banka yönlendirme numarası zorunludur!', 'Banka hesap türü zorunludur!']) expect(textOf(bank.body)).toContain(message)

      expect((await post(payPath, form(card), turkish)).status).toBe(303)
      const thanks = textOf((await get(orderPath, turkish)).body)
      for (const words of ['Teşekkürler, siparişiniz alındı', 'numaralı sipariş. Makbuz priya.raman@example.test adresine gönderiliyor.', 'Tamamlandı']) expect(thanks).toContain(words)
      const english = textOf((await get(orderPath)).body)
      for (const words of ['Thank you, your order is placed', 'A receipt is on its way to priya.raman@example.test', 'Completed']) expect(english).toContain(words)
      // The mat sold here goes back on the shelf for the tests after this one.
      await setMatStock(stock ?? 10)

      // The card form's requests answer in the page's language too.
      const intent = await request(app.port, '/item/payment/paymentintent', {
        host: app.host,
        method: 'POST',
        body: 'invoiceGuid=not-an-order',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, cookie: turkish },
      })
      expect(intent.status).toBe(400)
      expect(JSON.parse(intent.body)).toEqual({ error: 'Ödeme isteği anlaşılamadı. Lütfen sayfayı yenileyip yeniden deneyin.' })
    })

    it('at the desk, a card sale waits for its payment and opens its order page, where the card is taken', async () => {
      const student = await asSystem(app.platform.database, 'test: the student', (trx) =>
        trx.selectFrom('contacts').select(['guid', 'balance_minor']).where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow(),
      )
      const till = `/store/cart-checkout?contact=${student.guid}`
      const added = await post(till, form({ intent: 'add', choice: `${matGuid}/${matOption}`, quantity: '1' }), app.adminCookie)
      expect(added.status).toBe(302)
      const cookie = `${app.adminCookie}; ${cookiePair(added, 'till')}`
      expect((await get(till, cookie)).body).toContain('value="card"')
      const sold = await post(till, form({ intent: 'sell', contact: student.guid, method: 'card', attempt: 'till-attempt-card-0000001' }), cookie)
      expect(sold.status).toBe(302)
      const orderPath = sold.header('location') ?? ''
      expect(orderPath).toMatch(/^\/checkout\/orders\/[0-9a-f-]{36}$/)
      expect(toastOf(sold)).toMatch(/^Sale #\d+ to Stella Student is waiting for its card payment\.$/)
      const guid = orderPath.split('/').at(-1) ?? ''
      expect((await invoice(guid)).status).toBe('pending')
      const pay = await post(orderPath, '')
      expect(pay.header('location')).toBe(`http://${app.host}${orderPath}/pay`)
      expect((await post(`${orderPath}/pay`, form(card))).status).toBe(303)
      expect((await invoice(guid)).status).toBe('paid')
      const after = await asSystem(app.platform.database, 'test: balance', (trx) => trx.selectFrom('contacts').select('balance_minor').where('guid', '=', student.guid).executeTakeFirstOrThrow())
      expect(Number(after.balance_minor)).toBe(Number(student.balance_minor))
    })
  })
})
