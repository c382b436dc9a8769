/** The largest image a tenant may upload (settings spec: at most 10 MB). */
export const MAX_IMAGE_BYTES = 10_485_760

/** Text parts of a multipart form are cut here; maxLength rules then refuse them with a message. */
export const MAX_TEXT_PART_BYTES = 256 * 1024

export const IMAGE_TOO_LARGE = 'The image must be at most 10 MB.'
export const NOT_AN_IMAGE = 'Only PNG, JPEG, GIF or WebP images can be uploaded.'
