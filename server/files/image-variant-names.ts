/** One size an uploaded image is kept at: cropped from its centre to fill width × height, as WebP. */
export interface ImageVariantSpec {
  /** Lowercase letters and digits; part of the file name (`<key>-<name>.webp`). */
  name: string
  width: number
  height: number
}

export const variantNamePattern = /^[a-z0-9]{1,12}$/
/** The keys storeImageVariants hands out: 18 random bytes, base64url. */
export const imageKeyPattern = /^[A-Za-z0-9_-]{24}$/

/**
 * Where one variant of a stored image is served; null for a key that is not one we hand out,
 * so a bad stored value shows no picture rather than a foreign or broken address.
 */
export function imageVariantUrl(key: string | null | undefined, variant: string): string | null {
  if (!key || !imageKeyPattern.test(key) || !variantNamePattern.test(variant)) return null
  return `/uploads/${key}-${variant}.webp`
}
