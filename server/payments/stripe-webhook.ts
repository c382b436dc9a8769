import type { Request, Response } from 'express'
import type Stripe from 'stripe'
import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { tenantOrigin } from '#server/auth/tenant-origin'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { recordFailedStripeRefund } from '#server/invoices/failed-card-refund'
import { readStripeAccount } from './stripe-account'
import { settlePlanEvent } from '#server/plans/plan-checkout'
import { platformStripeFor } from './stripe-client'
import { settleStripeSession, snapshotOf } from './stripe-checkout'
import { intentSnapshotOf, settleStripeIntent } from './stripe-intent'
import { keepSetupCard } from './stripe-setup'

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe'

/** What the product puts in a session's or intent's metadata, so an event names its studio and invoice. */
const sessionMetadata = z.object({ tenantId: z.string().uuid(), invoiceGuid: z.string().uuid() })

const SESSION_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired'])
// A failed confirmation leaves the intent open for another card: nothing to settle.
const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.canceled'])
// A refund taken can fail days later; only a failed or canceled one changes the ledger.
const REFUND_EVENTS = new Set(['refund.failed', 'refund.updated', 'charge.refund.updated'])

/**
 * POST /webhooks/stripe: Stripe's events for the studios' connected accounts, and for the
 * platform's own plan sessions (server/plans/plan-checkout.ts). The signature is
 * checked against the raw body (Stripe's documented scheme) before anything is read; each event
 * settled is recorded by its id, and settling is idempotent (the payment row is locked and
 * moves only from open), so a redelivery or a retry after a timeout does nothing. Order does not matter: settling reads the session's own
 * state, and a completed session is never reopened by a late 'expired'. Answers 2xx for every
 * event it understood or chose to ignore, so Stripe stops retrying; 400 for a bad signature.
 */
export async function handleStripeWebhook(platform: Platform, req: Request, res: Response): Promise<void> {
  // Verifying a signature needs only the SDK; the studios' events are settled through Connect below.
  const stripe = platformStripeFor(platform.env)
  const secret = platform.env.STRIPE_WEBHOOK_SECRET
  if (!stripe || !secret) {
    res.status(503).type('text/plain').send('Stripe is not configured.')
    return
  }
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
  let event: Stripe.Event
  try {
    event = stripe.webhooks.constructEvent(raw, req.get('stripe-signature') ?? '', secret)
  } catch {
    res.status(400).type('text/plain').send('The signature does not match.')
    return
  }
  // The platform's own sales (studio plans) name no connected account; settling them is idempotent.
  const plan = await settlePlanEvent(platform, event)
  if (plan) {
    res.status(200).json({ received: true, outcome: plan })
    return
  }
  if (REFUND_EVENTS.has(event.type)) {
    res.status(200).json({ received: true, outcome: await recordFailedStripeRefund(platform, event) })
    return
  }
  if (event.type === 'setup_intent.succeeded') {
    await keepAddedCard(platform, event)
    res.status(200).json({ received: true })
    return
  }
  const isSession = SESSION_EVENTS.has(event.type)
  if (!isSession && !INTENT_EVENTS.has(event.type)) {
    res.status(200).json({ received: true, ignored: true })
    return
  }
  const paid = event.data.object as Stripe.Checkout.Session | Stripe.PaymentIntent
  const named = sessionMetadata.safeParse(paid.metadata ?? {})
  const tenant = named.success ? await studioOfEvent(platform, event, named.data.tenantId) : null
  if (!tenant) {
    res.status(200).json({ received: true, ignored: true })
    return
  }
  // A redelivered event settles again, which finds the payment settled and does nothing: asking
  // first whether the event was seen would cost every event a transaction to save a rare one.
  const requestUrl = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`)
  const settling = { origin: tenantOrigin(tenant, requestUrl, platform.env), now: new Date() }
  const outcome = isSession
    ? await settleStripeSession(platform, tenant, snapshotOf(paid as Stripe.Checkout.Session), settling)
    : await settleStripeIntent(platform, tenant, intentSnapshotOf(paid as Stripe.PaymentIntent), settling)
  // Recorded once settled: a crash in between leaves the event unrecorded, and Stripe's retry
  // settles again, which finds the payment settled and does nothing.
  await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .insertInto('payment_events')
      .values({ tenant_id: tenant.id, provider: 'STRIPE', event_id: event.id.slice(0, 255), type: event.type.slice(0, 100) })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .execute(),
  )
  res.status(200).json({ received: true, outcome })
}

const setupMetadata = z.object({ tenantId: z.string().uuid(), contactId: z.string().uuid() })

/** A card added on the profile whose page closed before it came back: kept from the event (keeping twice is one row). */
async function keepAddedCard(platform: Platform, event: Stripe.Event): Promise<void> {
  const setup = event.data.object as Stripe.SetupIntent
  const named = setupMetadata.safeParse(setup.metadata ?? {})
  const tenant = named.success ? await studioOfEvent(platform, event, named.data.tenantId) : null
  if (!named.success || !tenant) return
  await keepSetupCard(platform, tenant, { setupIntentId: setup.id, contactId: named.data.contactId, now: new Date() })
}

/**
 * The studio an event's metadata names, when the event comes from the account that studio
 * connected: metadata alone is not proof. Null otherwise (the event is ignored).
 */
async function studioOfEvent(platform: Platform, event: Stripe.Event, tenantId: string): Promise<Tenant | null> {
  const tenant = await platform.tenants.findById(tenantId)
  if (!tenant) return null
  const account = await readStripeAccount(platform, tenant.id)
  if (account?.accountId === event.account) return tenant
  platform.logger.warn({ event: event.id, account: event.account }, 'a Stripe event for an account the studio has not connected was ignored')
  return null
}
