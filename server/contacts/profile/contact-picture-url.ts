import { imageVariantUrl, type ImageVariantSpec } from '#server/files/image-variant-names'

/**
 * The sizes a contact's picture is kept at: the profile header's (shown at 64 CSS pixels; the
 * spec's profile image is 85 × 85, and 256 stays sharp at three device pixels per CSS pixel)
 * and the contacts list's avatar (32 CSS pixels, two device pixels each).
 */
export const CONTACT_PICTURE_VARIANTS = [
  { name: 'profile', width: 256, height: 256 },
  { name: 'list', width: 64, height: 64 },
] as const satisfies readonly ImageVariantSpec[]

export type ContactPictureVariant = (typeof CONTACT_PICTURE_VARIANTS)[number]['name']

export const CONTACT_PICTURE_VARIANT_NAMES: readonly ContactPictureVariant[] = CONTACT_PICTURE_VARIANTS.map((variant) => variant.name)

/**
 * Where a contact's picture is served at one of its sizes, from the key stored on the contact.
 * Null for no key or one that is not a key we hand out, so a bad value shows the initials
 * instead of a broken image or a foreign address.
 */
export function contactPictureUrl(pictureKey: string | null, variant: ContactPictureVariant = 'profile'): string | null {
  return imageVariantUrl(pictureKey, variant)
}
