import type { CacheTag } from '#server/cache/cache-tags'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'

/** What every loader and action receives besides the request. */
export interface RequestContext {
  platform: Platform
  /** The tenant of this host, or null on the bare platform host without a stored org id. */
  tenant: Tenant | null
  nonce: string
  /** The language this request's page and messages are in (server/i18n/resolve-language.ts). */
  language: Language
  requestId: string
  /** The client address (first hop when behind a trusted proxy). */
  ip: string
  /**
   * Set by a loader whose page may be kept for this signed-in user (see signed-in-page-cache.ts);
   * absent where no cache sits in front of Remix (tests calling loaders directly).
   */
  signedInPageCache?: { seconds: number }
  /**
   * Set when the page runs the tenant's page script (public website pages only): its
   * Content-Security-Policy then lets scripts and connections reach other https sites.
   */
  thirdPartyScripts?: { allowed: boolean }
  /** Fill-time stamps the page shows (registration forms): a kept page gets fresh ones per hit. */
  formStamps?: { text: string; formId: string }[]
  /**
   * What the page was built from (server/cache/cache-reads.ts): a kept copy drops only when one
   * of these changes. Empty means anything of the tenant's.
   */
  cacheReads?: Set<CacheTag>
}

declare module '@remix-run/node' {
  // Declaration merging needs an interface; it adds no members of its own on purpose.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
