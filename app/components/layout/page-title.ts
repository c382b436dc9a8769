import type { MetaDescriptor } from '@remix-run/node'

type RootData = { site: { title: string; description: string } | null } | undefined

/**
 * '<screen> | <tenant title>', with the tenant's description: the default title and
 * description apply when the tenant has set none (siteIdentityFor).
 */
export function screenMeta(matches: ReadonlyArray<{ id: string; data: unknown }>, screen: string): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')?.data as RootData
  const siteTitle = root?.site?.title ?? 'Studio Platform'
  const description = root?.site?.description
  return [
    { title: `${screen} | ${siteTitle}` },
    ...(description ? [{ name: 'description', content: description }] : []),
    // Back-office and portal screens are private: keep them out of search results.
    { name: 'robots', content: 'noindex, nofollow' },
  ]
}
