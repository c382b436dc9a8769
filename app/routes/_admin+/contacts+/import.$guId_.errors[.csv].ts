import type { LoaderFunctionArgs } from '@remix-run/node'
import { importErrorsFile } from '#server/contacts/import/import-pages'
import { notFound } from '#server/errors/responses'
import { requirePermission } from '#app/utils/auth.server'

/** 'Download errors (CSV)': the refused rows of one import, with their values, to correct and import again. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const file = await importErrorsFile(context.platform, tenant, params.guId)
  if (!file) throw notFound()
  return new Response(file.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
