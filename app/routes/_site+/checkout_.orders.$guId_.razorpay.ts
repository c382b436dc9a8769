import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { orderPathFor } from '#server/checkout/receipt-email'
import { notFound } from '#server/errors/responses'
import { loadPayableInvoice } from '#server/payments/payable-invoice'
import { readProviderCredentials } from '#server/payments/provider-keys'
import { settleRazorpayReturn } from '#server/payments/razorpay-checkout'

/**
 * Razorpay's hosted checkout posts the buyer back here (a cross-site post, let through the
 * same-origin check because its signature is checked instead). Whatever came of it, the buyer
 * lands on the order page, which shows the order as it now stands.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  const invoiceGuid = params.guId ?? ''
  const found = await loadPayableInvoice(context.platform, tenant.id, invoiceGuid)
  if (!found) throw notFound('Order not found')
  const orderPath = orderPathFor(invoiceGuid)
  const credentials = await readProviderCredentials(context.platform, tenant.id, 'RAZORPAY')
  if (!credentials) return redirect(orderPath, 303)
  const returned = await settleRazorpayReturn(context.platform, tenant, credentials, {
    invoiceGuid,
    form: await request.formData(),
    attempts: found.attempts,
    origin: tenantOrigin(tenant, new URL(request.url), context.platform.env),
    now: new Date(),
  })
  return redirect(returned.kind === 'failed' ? `${orderPath}?payment=declined` : orderPath, 303)
}

