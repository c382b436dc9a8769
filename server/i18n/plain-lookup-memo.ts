import type { i18n } from 'i18next'

/** Options a fixed t() adds on its own (getFixedT); anything else (values, counts, context) is not memoised. */
const FIXED_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix'])
const MAX_KEPT = 50_000

/**
 * Keeps what an instance's t() answers for a plain key (no values, count or context): a server
 * page calls t() a few hundred times per render, and each call walks i18next's resolution
 * (namespaces, fallbacks, nesting, interpolation, post-processing) for the same answer every time;
 * that walk was ~5% of the CPU of a signed-in page rendered afresh. Only for an instance whose
 * resources never change after start (the server's, loaded from the catalog at start); a
 * browser's instance loads namespaces as pages need them and must not be memoised.
 */
export function memoisePlainLookups(instance: i18n): void {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown
  const kept = new Map<string, unknown>()
  const memoised = (...args: unknown[]): unknown => {
    const cacheKey = plainLookupKey(args, instance.language)
    if (cacheKey === null) return translate(...args)
    if (kept.has(cacheKey)) return kept.get(cacheKey)
    const answer = translate(...args)
    if (kept.size >= MAX_KEPT) kept.clear()
    kept.set(cacheKey, answer)
    return answer
  }
  // i18next's own t is overloaded beyond what a plain function type can state; the wrapper
  // passes every call through unchanged, so it stands in for it as the same type.
  instance.t = memoised as unknown as i18n['t']
}

/** The memo's key for a call t(key, options) that only a key, a language and namespaces decide; null otherwise. */
export function plainLookupKey(args: unknown[], instanceLanguage: string): string | null {
  const [key, options] = args
  if (typeof key !== 'string' || args.length > 2) return null
  if (options === undefined) return `${instanceLanguage}\u0000\u0000\u0000${key}`
  if (typeof options !== 'object' || options === null) return null
  let language = instanceLanguage
  let namespaces = ''
  let prefix = ''
  for (const [name, value] of Object.entries(options)) {
    if (!FIXED_OPTIONS.has(name)) return null
    // A fixed t() made without a language (react-i18next's) carries lng and lngs as null.
    if (value === undefined || value === null) continue
    if (name === 'lng' && typeof value === 'string') language = value
    else if (name === 'ns' && typeof value === 'string') namespaces = value
    else if (name === 'ns' && Array.isArray(value) && value.every((entry) => typeof entry === 'string')) namespaces = value.join('\u0001')
    else if (name === 'keyPrefix' && typeof value === 'string') prefix = value
    else return null
  }
  return `${language}\u0000${namespaces}\u0000${prefix}\u0000${key}`
}
