import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireStudentArea } from '#app/utils/navigation.server'
import { notFound } from '#server/errors/responses'
import { openSharedFile, sharedFileResponse } from '#server/shared-files/shared-files'

/** A file shared with this student (or with all students) as a download; any other is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  const file = await openSharedFile(context.platform, tenant, { unverifiedId: params.id ?? '', studentContactId: user.contactId })
  if (!file) throw notFound()
  return sharedFileResponse(file)
}
