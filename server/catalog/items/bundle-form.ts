import { z } from 'zod'

/** One product in a bundle, by its guid, and how many of it. */
export interface BundleLine {
  productGuId: string
  quantity: number
}

/** The most of one product a bundle holds. */
export const MAX_BUNDLE_QUANTITY = 99

export const BUNDLE_FORM_MESSAGES = {
  quantityInvalid: `Enter a whole number from 0 to ${MAX_BUNDLE_QUANTITY}.`,
  empty: 'A bundle needs at least one product: enter how many of each it holds.',
  productUnknown: 'A product in the list no longer exists; please reload the page and try again.',
  needsPrice: 'A bundle needs a price: add a price option.',
} as const

const guid = z.string().uuid()

/** The posted quantities (`contents.{productGuId}`) as the form shows them again: text by guid. */
export function postedBundleContents(posted: unknown): Record<string, string> {
  const contents: Record<string, string> = {}
  if (typeof posted !== 'object' || posted === null) return contents
  for (const [key, value] of Object.entries(posted).slice(0, 1000)) {
    if (guid.safeParse(key).success && typeof value === 'string') contents[key.toLowerCase()] = value.slice(0, 10)
  }
  return contents
}

/**
 * Checks a bundle's contents: each quantity empty or a whole number up to MAX_BUNDLE_QUANTITY
 * (empty and 0 leave the product out), and at least one product in. The message of a bad
 * quantity is keyed by its input's name.
 */
export function parseBundleContents(contents: Record<string, string>, add: (key: string, message: string) => void): BundleLine[] | null {
  const lines: BundleLine[] = []
  let failed = false
  for (const [productGuId, text] of Object.entries(contents)) {
    const trimmed = text.trim()
    if (trimmed === '') continue
    if (!/^\d{1,2}$/.test(trimmed) || Number(trimmed) > MAX_BUNDLE_QUANTITY) {
      add(`contents.${productGuId}`, BUNDLE_FORM_MESSAGES.quantityInvalid)
      failed = true
      continue
    }
    if (Number(trimmed) > 0) lines.push({ productGuId, quantity: Number(trimmed) })
  }
  if (failed) return null
  if (lines.length === 0) {
    add('contents', BUNDLE_FORM_MESSAGES.empty)
    return null
  }
  return lines
}
