import type { MetaDescriptor } from '@remix-run/node'

type RootData = { site: { title: string; description: string } | null; words?: { notFound: string } } | undefined

type Matches = ReadonlyArray<{ id: string; data: unknown }>

function rootDataOf(matches: Matches): RootData {
  return matches.find((match) => match.id === 'root')?.data as RootData
}

/**
 * '<screen> | <tenant title>', with the tenant's description: the default title and
 * description apply when the tenant has set none (siteIdentityFor).
 */
export function screenMeta(matches: Matches, screen: string): MetaDescriptor[] {
  const root = rootDataOf(matches)
  const siteTitle = root?.site?.title ?? 'Studio Platform'
  const description = root?.site?.description
  return [
    { title: `${screen} | ${siteTitle}` },
    ...(description ? [{ name: 'description', content: description }] : []),
    // Back-office and portal screens are private: keep them out of search results.
    { name: 'robots', content: 'noindex, nofollow' },
  ]
}

/**
 * 'Page not found' in the page's language, for a page whose loader found nothing to title: a
 * meta function has no translator, so the words come with the root loader's data.
 */
export function notFoundTitle(matches: Matches): string {
  return rootDataOf(matches)?.words?.notFound ?? 'Page not found'
}

/** The head of a public page that shows its not-found message: the title, kept out of search results. */
export function notFoundHead(matches: Matches): MetaDescriptor[] {
  return [{ title: notFoundTitle(matches) }, { name: 'robots', content: 'noindex' }]
}
