import type { ImageVariantSpec } from '#server/files/image-variant-names'

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

/** The form's file input. */
export const COVER_INPUT = 'coverImage'

/** A product's further pictures: the form's multiple file input, the removal checkboxes, and how many it may have. */
export const GALLERY_INPUT = 'moreImages'
export const GALLERY_REMOVE = 'removeImage'
export const MAX_GALLERY_IMAGES = 8

export const GALLERY_MESSAGES = {
  tooMany: `A product shows at most ${MAX_GALLERY_IMAGES} more pictures. Remove some before adding others.`,
} as const
