import type { LoaderFunctionArgs } from '@remix-run/node'
import { searchContacts } from '#server/contacts/search-contacts'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'

/** The contact picker's autocomplete: `{ items: [{ id, label, email }] }` (shell spec, section 7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const items = await searchContacts({
    platform: context.platform,
    tenant,
    unverifiedQuery: new URL(request.url).searchParams.get('q') ?? '',
  })
  return Response.json({ items }, { headers: { 'Cache-Control': 'private, no-store' } })
}
