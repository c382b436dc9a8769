import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound } from '#server/errors/responses'
import { CATALOG } from '#server/i18n/catalog'
import { isLanguage } from '#server/i18n/languages'
import { isNamespace } from '#server/i18n/namespaces'

/** One namespace of words in one language, for a page that reached a route needing it. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const { lng, ns } = params
  if (!isLanguage(lng) || !isNamespace(ns)) throw notFound()
  // Asked for by build (?v=), the words are the same until the next release: a phone keeps
  // them. Asked without, they may change under the same address, so they are checked each time.
  const versioned = new URL(request.url).searchParams.has('v')
  return Response.json(CATALOG[lng][ns], { headers: { 'Cache-Control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache' } })
}
