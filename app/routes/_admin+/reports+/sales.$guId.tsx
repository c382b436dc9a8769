import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { foundOr404 } from '#server/errors/responses'
import { saleInvoicePath } from '#server/reports/sale-invoice'
import { requireStaffArea } from '#app/utils/navigation.server'

/**
 * /reports/sales/{guId}: where spec 001's payments tables link a sale's invoice name. The
 * invoice is shown on its staff page, so this only sends staff there; a guid that is not an
 * invoice of this studio is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requireStaffArea(request, context)
  const path = foundOr404(await saleInvoicePath({ database: context.platform.database, tenant, unverifiedGuid: params.guId }))
  return redirect(path)
}
