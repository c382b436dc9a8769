/** The largest image a tenant may upload (settings spec: at most 10 MB). */
export const MAX_IMAGE_BYTES = 10_485_760

/** Text parts of a multipart form are cut here; maxLength rules then refuse them with a message. */
export const MAX_TEXT_PART_BYTES = 256 * 1024

export const IMAGE_TOO_LARGE = 'The image must be at most 10 MB.'
export const NOT_AN_IMAGE = 'Only PNG, JPEG, GIF or WebP images can be uploaded.'

/**
 * The most pixels an uploaded image may decode to: about 50 megapixels, more than a phone
 * camera takes, while a small file that would decode to gigabytes (a decompression bomb) is refused.
 */
export const MAX_IMAGE_PIXELS = 50_000_000

export const IMAGE_TOO_MANY_PIXELS = 'The image must be at most 50 megapixels (for example 8000 × 6000 pixels).'
export const IMAGE_UNREADABLE = 'This image could not be read. It may be damaged: save it again or choose another.'
