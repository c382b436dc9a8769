import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireTenant } from '#app/utils/tenant.server'
import { orderPathFor } from '#server/checkout/receipt-email'
import { notFound } from '#server/errors/responses'
import { isTenantInvoice } from '#server/invoices/public-invoice-path'

/**
 * /meminvoice/{guid}: an invoice's public pay link, as emails and staff share it. The invoice is
 * shown and paid on its order page, which holds every payment path (with and without
 * JavaScript) and needs no sign-in: the unguessable guid is the key.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const guid = params.guId ?? ''
  if (!(await isTenantInvoice(context.platform.database, tenant.id, guid))) throw notFound('Invoice not found')
  throw redirect(orderPathFor(guid))
}
