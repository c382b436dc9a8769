import { isLanguage, type Language } from './languages'

/**
 * The language a page is shown in: the person's choice on this browser (the switcher's
 * cookie), else the language kept on their profile when they are signed in (My Profile, or the
 * switcher used while signed in), else the first language of the browser's Accept-Language we
 * speak, else the tenant's default.
 */
export function resolveLanguage(input: {
  chosen: string | null | undefined
  stored?: string | null | undefined
  acceptLanguage: string | null | undefined
  tenantDefault: Language
}): Language {
  if (isLanguage(input.chosen)) return input.chosen
  if (isLanguage(input.stored)) return input.stored
  return browserLanguage(input.acceptLanguage) ?? input.tenantDefault
}

/**
 * The browser's most wanted language that we speak, by quality then order, or null.
 * "tr-TR;q=0.9, en;q=0.8" is Turkish; "de, *;q=0.1" is none (a wildcard names no language).
 */
export function browserLanguage(header: string | null | undefined): Language | null {
  if (!header) return null
  const wanted: { language: Language; quality: number; order: number }[] = []
  header.split(',').slice(0, 30).forEach((part, order) => {
    const [tag = '', ...params] = part.trim().split(';')
    const primary = tag.trim().toLowerCase().split('-')[0]
    if (!isLanguage(primary)) return
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    const quality = q === undefined ? 1 : Number(q.slice(2))
    if (!Number.isFinite(quality) || quality <= 0) return
    wanted.push({ language: primary, quality, order })
  })
  wanted.sort((a, b) => b.quality - a.quality || a.order - b.order)
  return wanted[0]?.language ?? null
}
