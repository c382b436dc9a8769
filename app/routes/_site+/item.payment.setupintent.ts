import type { ActionFunctionArgs } from '@remix-run/node'
import { getSessionUser } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { startStripeSetup } from '#server/payments/stripe-setup'

/**
 * POST /item/payment/setupintent: a SetupIntent for the signed-in person's own card (the
 * profile's Add a card). Answers JSON: {clientSecret} to confirm with Stripe.js, or {error}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const noStore = { 'Cache-Control': 'no-store' }
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST', ...noStore } })
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  if (!user) return Response.json({ error: 'Please sign in again to save a card.' }, { status: 401, headers: noStore })
  const keys = { tenantId: tenant.id, ip: context.ip, email: user.email }
  const allowed = await context.platform.attemptLimiter.check('card-setup', keys)
  if (!allowed.ok) return Response.json({ error: allowed.message }, { status: 429, headers: noStore })
  const started = await startStripeSetup(context.platform, tenant, { contactId: user.contactId })
  if (started.kind === 'refused') return Response.json({ error: started.message }, { status: started.status, headers: noStore })
  await context.platform.attemptLimiter.record('card-setup', keys)
  return Response.json({ clientSecret: started.clientSecret }, { headers: noStore })
}
