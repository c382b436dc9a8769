import type { RequestContext } from '#server/http/load-context'
import type { CacheTag } from './cache-tags'

/**
 * Called by the loaders that read a tenant's cached data (the site shell, form pages, settings
 * screens): a copy of the page kept by the page caches is tagged with what it was built from
 * and drops only when one of those tags changes. A page that declares nothing drops on any
 * change of its tenant.
 */
export function readsCachedData(context: Pick<RequestContext, 'cacheReads'>, ...tags: CacheTag[]): void {
  for (const tag of tags) context.cacheReads?.add(tag)
}
