import type { CacheTag } from '#server/cache/cache-tags'
import { compressSegments, joinGzip, type GzipSegments } from './gzip-segments'
import { LANGUAGE_COOKIE } from '#server/i18n/language-cookie'
import { ORG_COOKIE } from './org-cookie'

/**
 * A small in-memory cache of whole responses for anonymous visitors, doing what a CDN in front
 * of the site would do: it keeps only what a route marked shareable (`Cache-Control: public,
 * s-maxage=N`), for at most N seconds, and never for a request that carries cookies (a signed-in
 * or otherwise personalised visitor) or a response that sets one.
 *
 * Why: rendering a public page costs milliseconds of CPU (database round trips, React), and a
 * visitor spike on one tenant's home page would otherwise render the same bytes thousands of
 * times. Pages stay correct because the entry is short-lived and every write that invalidates a
 * tenant (settings, pages) drops that tenant's entries here too, in every process.
 *
 * The CSP nonce differs per response: the stored body remembers the nonce it was rendered with,
 * and each hit swaps in the new request's nonce (a 128-bit random value, so it names nothing else).
 * A registration form's fill-time stamp (a signed "shown at" time) is swapped the same way: each
 * hit carries a stamp issued for that response, so the minimum fill time still counts from when
 * this visitor got the page.
 */
/** A registration form's fill-time stamp as rendered into a page (server/forms/fill-time.ts). */
export interface RenderedStamp {
  text: string
  formId: string
}

export interface RenderedPage {
  status: number
  headers: [string, string][]
  body: string
  /** The nonce the body was rendered with, replaced by each hit's own. */
  nonce: string
  /** Fill-time stamps in the body, replaced by freshly issued ones on each hit. */
  stamps?: RenderedStamp[]
  tenantId: string | null
  /** What the page was built from; absent means it may show anything of the tenant's. */
  tags?: readonly CacheTag[]
}

/** What goes between two stored parts of a body. */
export type PageSlot = { kind: 'nonce' } | { kind: 'stamp'; formId: string }

export interface CachedPage {
  status: number
  headers: [string, string][]
  /** The body cut at each per-response value (nonce, stamps), encoded once: a hit only joins buffers. */
  parts: Buffer[]
  /** slots[i] is what goes between parts[i] and parts[i + 1]. */
  slots: PageSlot[]
  /**
   * The parts compressed once, for visitors whose browser takes gzip (gzip-segments.ts): on the
   * first hit, since many kept pages (a calendar month with a filter) are never asked again.
   */
  gzip: GzipSegments | null
  tenantId: string | null
  /** Null: built from anything of the tenant's, so any change drops it. */
  tags: ReadonlySet<CacheTag> | null
  expiresAt: number
  /** Expired, and one request is rendering its replacement. */
  replacing: boolean
}

export type Lookup =
  | { kind: 'fresh' | 'stale'; page: CachedPage }
  | { kind: 'render'; replacing: boolean }

/** How long after expiry a page may still be served while its replacement renders. */
export const STALE_GRACE_MS = 10_000

export interface PageCacheOptions {
  maxEntries?: number
  /** Bodies above this size are not kept. */
  maxBodyBytes?: number
  /** Upper bound on any route's s-maxage, in seconds. */
  maxTtlSeconds?: number
  now?: () => number
}

const DEFAULTS = { maxEntries: 1000, maxBodyBytes: 512 * 1024, maxTtlSeconds: 60 }
const MAX_KNOWN_PATHS = 10_000

/** Where pages are rendered, whatever their query: a tenant's pathname for one audience. */
export interface KeptPath {
  tenantId: string | null
  audience: string
  pathname: string
}

function keptPathKey(at: KeptPath): string {
  return `${at.tenantId ?? ''} ${at.audience} ${at.pathname}`
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>()
  readonly #generations = new Map<string, number>()
  readonly #rendering = new Map<string, Promise<void>>()
  readonly #keptPaths = new Map<string, boolean>()
  readonly #maxEntries: number
  readonly #maxBodyBytes: number
  readonly #maxTtlMs: number
  readonly #now: () => number

  constructor(options: PageCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? DEFAULTS.maxEntries
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes
    this.#maxTtlMs = (options.maxTtlSeconds ?? DEFAULTS.maxTtlSeconds) * 1000
    this.#now = options.now ?? Date.now
  }

  /**
   * What to do for a request: serve a fresh page; serve the expired one while another request
   * renders its replacement (so an expiry under load costs one render, not one per waiting
   * visitor); or render, told whether this request took over the replacement (then it must call
   * `set` or `release`). A stale page is served for at most `STALE_GRACE_MS` after it expired, and
   * never after a write: dropping a tenant removes its pages outright.
   */
  lookup(key: string): Lookup {
    const entry = this.#entries.get(key)
    if (!entry) return { kind: 'render', replacing: false }
    const now = this.#now()
    if (entry.expiresAt > now) return { kind: 'fresh', page: entry }
    if (entry.expiresAt + STALE_GRACE_MS <= now) {
      this.#entries.delete(key)
      return { kind: 'render', replacing: false }
    }
    if (entry.replacing) return { kind: 'stale', page: entry }
    entry.replacing = true
    return { kind: 'render', replacing: true }
  }

  /** A render of this key under way in this process: another request asked for the same page first. */
  renderingOf(key: string): Promise<void> | undefined {
    return this.#rendering.get(key)
  }

  /** Marks a render of this key under way; the returned call ends it (kept or not, failed or not). */
  startRendering(key: string): () => void {
    let finish = () => {}
    const rendering = new Promise<void>((resolve) => (finish = resolve))
    this.#rendering.set(key, rendering)
    return () => {
      if (this.#rendering.get(key) === rendering) this.#rendering.delete(key)
      finish()
    }
  }

  /** Whether the last page rendered at this path (tenant, audience and pathname, any query) was kept; undefined when none was. */
  keepsPath(at: KeptPath): boolean | undefined {
    return this.#keptPaths.get(keptPathKey(at))
  }

  notePathKept(at: KeptPath, kept: boolean): void {
    const key = keptPathKey(at)
    // Bounded like the pages: past it the process learns the paths again.
    if (this.#keptPaths.size >= MAX_KNOWN_PATHS && !this.#keptPaths.has(key)) this.#keptPaths.clear()
    this.#keptPaths.set(key, kept)
  }

  /** The fresh page of a key, if any (stale pages are not returned). */
  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key)
    return entry && entry.expiresAt > this.#now() ? entry : undefined
  }

  /** The request that took over a replacement rendered nothing to keep: drop the stale page. */
  release(key: string): void {
    const entry = this.#entries.get(key)
    if (entry?.replacing) this.#entries.delete(key)
  }

  /**
   * How long a response may be kept, in ms, or 0 when it must not be: only 200s marked
   * `public` with a positive `s-maxage`, setting no cookie and varying on nothing but cookies.
   */
  ttlFor(status: number, headers: Headers): number {
    if (status !== 200 || headers.has('set-cookie')) return 0
    // Only requests without personal cookies reach the cache, and its key names the language.
    const vary = headers.get('vary')
    if (vary && !SHAREABLE_VARY.has(vary.trim().toLowerCase())) return 0
    const cacheControl = headers.get('cache-control')?.toLowerCase() ?? ''
    if (!/(^|[\s,])public([\s,]|$)/.test(cacheControl) || /no-store|private/.test(cacheControl)) return 0
    const seconds = Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1] ?? 0)
    return Math.min(seconds * 1000, this.#maxTtlMs)
  }

  /** Taken before rendering and handed to `set`, so a page rendered across a write is not kept. */
  generationOf(tenantId: string | null): number {
    return tenantId ? (this.#generations.get(tenantId) ?? 0) : 0
  }

  set(key: string, page: RenderedPage, ttlMs: number, generation: number): void {
    if (ttlMs <= 0 || Buffer.byteLength(page.body) > this.#maxBodyBytes) return
    if (generation !== this.generationOf(page.tenantId)) return
    if (this.#entries.size >= this.#maxEntries) this.#evictExpiredOrOldest()
    const { parts, slots } = cutAtSlots(page)
    this.#entries.set(key, { status: page.status, headers: page.headers, parts, slots, gzip: null, tenantId: page.tenantId, tags: page.tags ? new Set(page.tags) : null, expiresAt: this.#now() + ttlMs, replacing: false })
  }

  /**
   * Drops the tenant's pages built from any of the changed tags (all of them when no tags are
   * given). A render in flight for that tenant is not kept either: it may have read the data
   * before the change (the generation moves on).
   */
  dropTenant(tenantId: string, changed?: ReadonlySet<CacheTag>): void {
    this.#generations.set(tenantId, this.generationOf(tenantId) + 1)
    for (const [key, entry] of this.#entries) {
      if (entry.tenantId !== tenantId) continue
      if (!changed || !entry.tags || [...changed].some((tag) => entry.tags?.has(tag))) this.#entries.delete(key)
    }
  }

  clear(): void {
    this.#entries.clear()
    for (const tenantId of this.#generations.keys()) this.#generations.set(tenantId, this.generationOf(tenantId) + 1)
  }

  get size(): number {
    return this.#entries.size
  }

  #evictExpiredOrOldest(): void {
    const now = this.#now()
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key)
    // Maps keep insertion order: the first key is the oldest entry.
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) break
      this.#entries.delete(oldest)
    }
  }
}

const SHAREABLE_SECONDS = 5

/** What a kept page may vary on: both are part of the cache key (page-cache-key.ts). */
const SHAREABLE_VARY: ReadonlySet<string> = new Set(['cookie', 'cookie, accept-language'])

/**
 * True when the Cookie header holds anything but the stored organisation id (which only picks
 * the tenant) and the language choice (which the cache key names): a session, a flash
 * message... any of which may personalise a page.
 */
export function hasPersonalCookies(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((part) => {
    const name = part.trim().split('=')[0]
    return name !== '' && name !== ORG_COOKIE && name !== LANGUAGE_COOKIE
  })
}

/**
 * Headers for a route whose page is the same for every anonymous visitor (a public website
 * page, a registration form): shareable for a few seconds when the request carries no personal
 * cookie, nothing otherwise. A route that renders anything else per visitor (a greeting, a
 * challenge in the page) must not use it; a form's fill-time stamp is swapped per hit.
 */
export function shareablePageHeaders(request: Request, options: { changesAt?: Date | null; now?: Date } = {}): Record<string, string> | undefined {
  if (request.method !== 'GET' || hasPersonalCookies(request.headers.get('cookie'))) return undefined
  // A page that changes by itself at a known moment (a class starting turns grey on the
  // calendar) is kept no longer than until then; under a second, not at all.
  const untilChange = options.changesAt ? Math.floor((options.changesAt.getTime() - (options.now ?? new Date()).getTime()) / 1000) : SHAREABLE_SECONDS
  const seconds = Math.min(SHAREABLE_SECONDS, untilChange)
  if (seconds < 1) return undefined
  return { 'Cache-Control': `public, max-age=0, s-maxage=${seconds}`, Vary: 'Cookie, Accept-Language' }
}

/** A route's `headers` export: passes on the shareable headers its loader set, nothing else. */
export function shareableLoaderHeaders({ loaderHeaders }: { loaderHeaders: Headers }): Record<string, string> {
  const shareable: Record<string, string> = {}
  for (const name of ['Cache-Control', 'Vary']) {
    const value = loaderHeaders.get(name)
    if (value) shareable[name] = value
  }
  return shareable
}

/** What a hit fills the slots of a kept body with: this response's nonce and fresh stamps. */
export interface SlotValues {
  nonce: string
  stamp(formId: string): string
}

/** The kept body with this response's own nonce and stamps in place of the rendered ones. */
export function fillPage(page: Pick<CachedPage, 'parts' | 'slots'>, values: SlotValues): Buffer {
  if (page.parts.length === 1) return page.parts[0] ?? Buffer.alloc(0)
  const filling = slotFilling(page.slots, values)
  const pieces: Buffer[] = []
  page.parts.forEach((part, index) => {
    if (index > 0) pieces.push(filling[index - 1] ?? Buffer.alloc(0))
    pieces.push(part)
  })
  return Buffer.concat(pieces)
}

/** The same as `fillPage`, gzip-compressed, at the cost of joining buffers and one CRC. */
export function fillPageGzip(page: Pick<CachedPage, 'gzip' | 'parts' | 'slots'>, values: SlotValues): Buffer {
  page.gzip ??= compressSegments(page.parts)
  return joinGzip(page.gzip, slotFilling(page.slots, values))
}

/** What goes in each slot for this response: one nonce, and one fresh stamp per form. */
function slotFilling(slots: PageSlot[], values: SlotValues): Buffer[] {
  const nonce = Buffer.from(values.nonce)
  // One stamp per form and response: the input and the page's data must agree.
  const stamps = new Map<string, Buffer>()
  return slots.map((slot) => {
    if (slot.kind !== 'stamp') return nonce
    let stamp = stamps.get(slot.formId)
    if (!stamp) {
      stamp = Buffer.from(values.stamp(slot.formId))
      stamps.set(slot.formId, stamp)
    }
    return stamp
  })
}

/** Cuts a rendered body at every occurrence of its nonce and stamps. */
function cutAtSlots(page: RenderedPage): { parts: Buffer[]; slots: PageSlot[] } {
  const markers: Array<{ text: string; slot: PageSlot }> = [
    ...(page.nonce ? [{ text: page.nonce, slot: { kind: 'nonce' } as const }] : []),
    ...(page.stamps ?? []).filter((stamp) => stamp.text).map((stamp) => ({ text: stamp.text, slot: { kind: 'stamp', formId: stamp.formId } as const })),
  ]
  const parts: Buffer[] = []
  const slots: PageSlot[] = []
  let from = 0
  for (;;) {
    let next: { at: number; text: string; slot: PageSlot } | null = null
    for (const marker of markers) {
      const at = page.body.indexOf(marker.text, from)
      if (at !== -1 && (next === null || at < next.at)) next = { at, ...marker }
    }
    if (!next) break
    parts.push(Buffer.from(page.body.slice(from, next.at)))
    slots.push(next.slot)
    from = next.at + next.text.length
  }
  parts.push(Buffer.from(page.body.slice(from)))
  return { parts, slots }
}
