import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { profileContactGuid } from '#server/contacts/profile/profile-contact-exists'
import { profilePath } from '#server/contacts/profile/profile-tabs'
import { notFound } from '#server/errors/responses'
import { requirePermission } from '#app/utils/auth.server'

/**
 * The older address of a profile (website spec 2.12: feedback entries and payments link to
 * contacts/{id}/details): a permanent redirect to /contacts/{guId}/detail, for this tenant's
 * contacts only.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const guid = await profileContactGuid({ database: context.platform.database, tenant, unverifiedGuid: params.guId })
  if (!guid) throw notFound()
  const tab = new URL(request.url).searchParams.get('tab')
  return redirect(tab ? `${profilePath(guid)}?tab=${encodeURIComponent(tab)}` : profilePath(guid), 301)
}
