import type { UIMatch } from '@remix-run/react'
import { isNamespace, type Namespace } from '#server/i18n/namespaces'

/**
 * A route says which namespaces of words it draws with: `handle: { i18n: ['checkout'] }`.
 * The page then carries those (and 'common') for the browser, and nothing more.
 */
export interface I18nHandle {
  i18n: readonly Namespace[]
}

/** The namespaces the matched routes use, 'common' first. */
export function pageNamespaces(matches: readonly UIMatch[]): Namespace[] {
  const found = new Set<Namespace>(['common'])
  for (const match of matches) {
    const handle = match.handle
    if (typeof handle !== 'object' || handle === null || !('i18n' in handle)) continue
    const named = (handle as { i18n: unknown }).i18n
    if (Array.isArray(named)) for (const namespace of named) if (isNamespace(namespace)) found.add(namespace)
  }
  return [...found]
}

/** The id of the script element carrying the page's language and words to the browser. */
export const I18N_BOOT_ID = 'i18n-boot'

export interface I18nBoot {
  language: string
  resources: Record<string, Record<string, string>>
}
