import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getSessionUser } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { buyerOf } from '#server/checkout/checkout-page'
import { translateMessage } from '#server/i18n/translate-message'
import { STRIPE_CARD_MESSAGES, startStripeIntent } from '#server/payments/stripe-intent'

const bodySchema = z.object({
  invoiceGuid: z.string().uuid(),
  saveCard: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  methodId: z
    .string()
    .uuid()
    .optional()
    .transform((value) => value ?? null),
})

/**
 * POST /item/payment/paymentintent (a form post: invoiceGuid, saveCard, methodId): the PaymentIntent the
 * order page's Payment Element confirms, or a saved card charged at once. Like the order page,
 * whoever holds the order's unguessable id may pay it; saved cards only for its own contact,
 * signed in. Answers JSON: {clientSecret} to confirm in the page, {status: 'succeeded'}, or
 * {error} with a message for the buyer, in the page's language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
  const tenant = requireTenant(context)
  const words = (message: string) => translateMessage(context.language, message)
  const body = bodySchema.safeParse(Object.fromEntries(await request.formData()))
  if (!body.success) return Response.json({ error: words(STRIPE_CARD_MESSAGES.notUnderstood) }, { status: 400 })
  const user = await getSessionUser(request, context)
  const started = await startStripeIntent(context.platform, tenant, {
    ...body.data,
    signedInContactId: buyerOf(user)?.contactId ?? null,
    origin: tenantOrigin(tenant, new URL(request.url), context.platform.env),
    now: new Date(),
  })
  const noStore = { 'Cache-Control': 'no-store' }
  switch (started.kind) {
    case 'not-found':
      return Response.json({ error: words(STRIPE_CARD_MESSAGES.orderNotFound) }, { status: 404, headers: noStore })
    case 'refused':
      return Response.json({ error: words(started.message) }, { status: started.status, headers: noStore })
    case 'confirm':
      return Response.json({ status: 'requires_confirmation', clientSecret: started.clientSecret, intentId: started.intentId }, { headers: noStore })
    case 'action':
      return Response.json({ status: 'requires_action', clientSecret: started.clientSecret, intentId: started.intentId }, { headers: noStore })
    case 'paid':
      return Response.json({ status: 'succeeded', intentId: started.intentId }, { headers: noStore })
  }
}
