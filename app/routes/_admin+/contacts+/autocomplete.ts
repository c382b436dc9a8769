import type { LoaderFunctionArgs } from '@remix-run/node'
import { searchContacts } from '#server/contacts/search-contacts'
import { requirePermission } from '#app/utils/auth.server'

/**
 * The contact pickers' autocomplete (spec: GET contact/?autoComplete=true&q=): JSON
 * `{ items: [{ id, label, email }] }`, at most 20, searched as the contacts list searches. The id
 * is the contact's guid, which every contact action (preview as a contact too) takes.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const items = await searchContacts({ platform: context.platform, tenant, unverifiedQuery: new URL(request.url).searchParams.get('q') ?? '' })
  return Response.json({ items }, { headers: { 'Cache-Control': 'private, no-store' } })
}
