import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound } from '#server/errors/responses'
import { CATALOG } from '#server/i18n/catalog'
import { isLanguage } from '#server/i18n/languages'
import { isNamespace } from '#server/i18n/namespaces'

/** One namespace of words in one language, for a page that reached a route needing it. */
export function loader({ params }: LoaderFunctionArgs) {
  const { lng, ns } = params
  if (!isLanguage(lng) || !isNamespace(ns)) throw notFound()
  // The words change only with a release; an hour spares a phone asking again on each page.
  return Response.json(CATALOG[lng][ns], { headers: { 'Cache-Control': 'public, max-age=3600' } })
}
