import type { ActionFunctionArgs } from '@remix-run/node'
import { getSessionUser } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { orderWithoutCard } from '#server/memberships/order-card'
import { translateMessage } from '#server/i18n/translate-message'
import { ADD_CARD_MESSAGES, startStripeSetup } from '#server/payments/stripe-setup'

/**
 * POST /item/payment/setupintent: a SetupIntent for the signed-in person's own card (the
 * profile's Add a card), or, with `invoiceGuid`, for the contact of an order whose recurring
 * membership has no card yet (its order page asks for one; the order's id is the buyer's).
 * Answers JSON: {clientSecret} to confirm with Stripe.js, or {error} in the page's language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const noStore = { 'Cache-Control': 'no-store' }
  const words = (message: string) => translateMessage(context.language, message)
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST', ...noStore } })
  const tenant = requireTenant(context)
  const form = await request.formData()
  const invoiceGuid = form.get('invoiceGuid')
  const forOrder = typeof invoiceGuid === 'string' && invoiceGuid !== '' ? await orderWithoutCard(context.platform, tenant, invoiceGuid) : null
  if (typeof invoiceGuid === 'string' && invoiceGuid !== '' && !forOrder) return Response.json({ error: words(ADD_CARD_MESSAGES.noMembershipWaiting) }, { status: 404, headers: noStore })
  const user = forOrder ? null : await getSessionUser(request, context)
  const contactId = forOrder?.contactId ?? user?.contactId
  if (!contactId) return Response.json({ error: words(ADD_CARD_MESSAGES.signInAgain) }, { status: 401, headers: noStore })
  const keys = { tenantId: tenant.id, ip: context.ip, email: user?.email ?? `order:${String(invoiceGuid)}` }
  const allowed = await context.platform.attemptLimiter.check('card-setup', keys)
  if (!allowed.ok) return Response.json({ error: words(allowed.message) }, { status: 429, headers: noStore })
  const started = await startStripeSetup(context.platform, tenant, { contactId })
  if (started.kind === 'refused') return Response.json({ error: words(started.message) }, { status: started.status, headers: noStore })
  await context.platform.attemptLimiter.record('card-setup', keys)
  return Response.json({ clientSecret: started.clientSecret }, { headers: noStore })
}
