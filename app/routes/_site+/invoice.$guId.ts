import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireTenant } from '#app/utils/tenant.server'
import { notFound } from '#server/errors/responses'
import { isTenantInvoice, publicInvoicePath } from '#server/invoices/public-invoice-path'

/** /invoice/{guid}: the spec's named 'invoice' route, kept as another name of the public pay link. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const guid = params.guId ?? ''
  if (!(await isTenantInvoice(context.platform.database, tenant.id, guid))) throw notFound('Invoice not found')
  throw redirect(publicInvoicePath(guid))
}
