import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '#app/utils/auth.server'
import { notFound } from '#server/errors/responses'
import { openSharedFile, sharedFileResponse } from '#server/shared-files/shared-files'

/** A file of this tenant for staff, as a download; another tenant's is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const file = await openSharedFile(context.platform, tenant, { unverifiedId: params.id ?? '', studentContactId: null })
  if (!file) throw notFound()
  return sharedFileResponse(file)
}
