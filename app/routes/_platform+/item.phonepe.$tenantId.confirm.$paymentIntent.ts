import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { orderPathFor } from '#server/checkout/receipt-email'
import { notFound } from '#server/errors/responses'
import { findPhonePeAttempt, settlePhonePeTransaction } from '#server/payments/phonepe-checkout'
import { readProviderCredentials } from '#server/payments/provider-keys'

/**
 * Spec 000's `item/phonepe/{tenantId}/confirm/{paymentIntent}`: PhonePe sends the buyer back
 * here; the transaction's status is asked of PhonePe (the address proves nothing) and the buyer
 * goes on to the order page. Another studio's id, or a transaction of no order here, is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const transactionId = params.paymentIntent ?? ''
  const attempt = params.tenantId === tenant.id ? await findPhonePeAttempt(context.platform, tenant.id, transactionId) : null
  if (!attempt) throw notFound('Payment not found')
  const orderPath = orderPathFor(attempt.invoiceGuid)
  const credentials = await readProviderCredentials(context.platform, tenant.id, 'PHONEPE')
  if (!credentials || credentials.apiKey !== attempt.accountId) return redirect(orderPath, 303)
  try {
    const settled = await settlePhonePeTransaction(context.platform, tenant, credentials, transactionId, {
      origin: tenantOrigin(tenant, new URL(request.url), context.platform.env),
      now: new Date(),
    })
    return redirect(settled === 'expired' ? `${orderPath}?payment=declined` : orderPath, 303)
  } catch (error) {
    context.platform.logger.warn({ err: error, transaction: transactionId }, 'a returning PhonePe payment could not be asked; the order page asks again')
    return redirect(orderPath, 303)
  }
}
