import { imageVariantUrl, type ImageVariantSpec } from '#server/files/image-variant-names'

/**
 * The sizes an item's cover image is kept at (decision 102's module): `card` is the spec's
 * program thumbnail, 310 × 200, at two device pixels; `thumb` the lists' 62 × 40 at two;
 * `large` the item page's wide picture.
 */
export const COVER_VARIANT_LARGE = 'large'
export const COVER_VARIANT_CARD = 'card'
export const COVER_VARIANT_THUMB = 'thumb'

export const COVER_VARIANTS: readonly ImageVariantSpec[] = [
  { name: COVER_VARIANT_LARGE, width: 1240, height: 800 },
  { name: COVER_VARIANT_CARD, width: 620, height: 400 },
  { name: COVER_VARIANT_THUMB, width: 124, height: 80 },
]

export const COVER_VARIANT_NAMES = COVER_VARIANTS.map((variant) => variant.name)

/**
 * Where a page finds one of an item's pictures (its cover or a product's further ones): a key
 * the editor stored is served as its variant files (`large` by default, the item page's size);
 * a name stored otherwise (the demo's pictures) is the upload of that name, or the address as
 * stored.
 */
export function itemImageSrc(imageKey: string, variant: string = COVER_VARIANT_LARGE): string {
  return imageVariantUrl(imageKey, variant) ?? (/^(\/|https:\/\/)/.test(imageKey) ? imageKey : `/uploads/${encodeURIComponent(imageKey)}`)
}

/** The form's file input. */
export const COVER_INPUT = 'coverImage'

/** A product's further pictures: the form's multiple file input, the removal checkboxes, and how many it may have. */
export const GALLERY_INPUT = 'moreImages'
export const GALLERY_REMOVE = 'removeImage'
export const MAX_GALLERY_IMAGES = 8

export const GALLERY_MESSAGES = {
  tooMany: `A product shows at most ${MAX_GALLERY_IMAGES} more pictures. Remove some before adding others.`,
} as const
