import type { i18n } from 'i18next'

/** Options a fixed t() adds on its own (getFixedT); anything else (values, counts, context) is not memoised. */
const FIXED_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix'])
const MAX_KEPT = 50_000

/**
 * Keeps what an instance's t() answers for a plain key (no values, count or context): a server
 * page calls t() a few hundred times per render, and each call walks i18next's resolution
 * (namespaces, fallbacks, nesting, interpolation, post-processing) for the same answer every time;
 * that walk was ~5% of the CPU of a signed-in page rendered afresh. A key called with words to
 * put in ('Select {{name}}', once per row of a list) keeps its translation as a template with
 * the places of its values, checked once against i18next's own answer (decision 160). Only for an instance whose
 * resources never change after start (the server's, loaded from the catalog at start); a
 * browser's instance loads namespaces as pages need them and must not be memoised.
 */
export function memoisePlainLookups(instance: i18n): void {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown
  const kept = new Map<string, unknown>()
  const templates = new Map<string, ValueTemplate | null>()
  const memoised = (...args: unknown[]): unknown => {
    const cacheKey = plainLookupKey(args, instance.language)
    if (cacheKey === null) return withValues(args)
    if (kept.has(cacheKey)) return kept.get(cacheKey)
    const answer = translate(...args)
    if (kept.size >= MAX_KEPT) kept.clear()
    kept.set(cacheKey, answer)
    return answer
  }
  // A call with words to put in ('Select {{name}}'): its words kept once as a template.
  const withValues = (args: unknown[]): unknown => {
    const lookup = valueLookup(args, instance.language)
    if (lookup === null) return translate(...args)
    const template = templates.get(lookup.cacheKey)
    if (template === null) return translate(...args)
    if (template !== undefined) return fillTemplate(template, lookup.values)
    const answer = translate(...args)
    if (templates.size >= MAX_KEPT) templates.clear()
    templates.set(lookup.cacheKey, templateOf(translate(args[0], { ...lookup.fixedOptions, ...lookup.markers }), lookup.values, answer))
    return answer
  }
  // i18next's own t is overloaded beyond what a plain function type can state; the wrapper
  // passes every call through unchanged, so it stands in for it as the same type.
  instance.t = memoised as unknown as i18n['t']
}

/** A translation's words with the places its values go: text, or the index of a value. */
type ValueTemplate = Array<string | number>

// Marks where a value goes when the words are first translated; a value holding either character is never templated.
const MARK_START = '\u0002'
const MARK_END = '\u0003'
const MARKS = /\u0002(\d+)\u0003/
// i18next reads these option names itself; a call using any of them is translated as it comes.
const I18NEXT_OPTIONS = new Set(['count', 'context', 'defaultValue', 'returnObjects', 'returnDetails', 'joinArrays', 'postProcess', 'interpolation', 'replace', 'skipInterpolation', 'ordinal', 'fallbackLng', 'nsSeparator', 'keySeparator', 'lngs'])

/**
 * A call t(key, options) whose options are the fixed ones plus words to put in (strings only: a
 * number may be formatted, a count picks a plural): its memo key (key, language, namespaces,
 * prefix and the values' names), the values in order, and marks to translate it with once.
 */
export function valueLookup(
  args: unknown[],
  instanceLanguage: string,
): { cacheKey: string; values: string[]; fixedOptions: Record<string, unknown>; markers: Record<string, string> } | null {
  const [key, options] = args
  if (typeof key !== 'string' || args.length !== 2 || typeof options !== 'object' || options === null) return null
  const fixedOptions: Record<string, unknown> = {}
  const named: Array<[string, string]> = []
  for (const [name, value] of Object.entries(options)) {
    if (FIXED_OPTIONS.has(name)) fixedOptions[name] = value
    else if (I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue') || typeof value !== 'string' || value.includes(MARK_START) || value.includes(MARK_END)) return null
    else named.push([name, value])
  }
  if (named.length === 0) return null
  const fixedKey = plainLookupKey([key, fixedOptions], instanceLanguage)
  if (fixedKey === null) return null
  named.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return {
    cacheKey: `${fixedKey}\u0000${named.map(([name]) => name).join('\u0001')}`,
    values: named.map(([, value]) => value),
    fixedOptions,
    markers: Object.fromEntries(named.map(([name], index) => [name, `${MARK_START}${index}${MARK_END}`])),
  }
}

/**
 * The template of words translated with marks for values, or null when filling it with the
 * call's own values does not give i18next's own answer (a formatter, a nested key that reads a
 * value): such a key is always translated as it comes.
 */
export function templateOf(marked: unknown, values: string[], answer: unknown): ValueTemplate | null {
  if (typeof marked !== 'string' || typeof answer !== 'string') return null
  const parts = marked.split(MARKS)
  const template: ValueTemplate = parts.map((part, index) => (index % 2 === 1 ? Number(part) : part))
  if (template.some((part) => typeof part === 'number' && !(part < values.length))) return null
  return fillTemplate(template, values) === answer ? template : null
}

export function fillTemplate(template: ValueTemplate, values: string[]): string {
  let text = ''
  for (const part of template) text += typeof part === 'number' ? (values[part] ?? '') : part
  return text
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
