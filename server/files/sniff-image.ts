export interface ImageKind {
  extension: 'png' | 'jpg' | 'gif' | 'webp'
  contentType: string
}

export const IMAGE_KINDS: Readonly<Record<ImageKind['extension'], ImageKind>> = {
  png: { extension: 'png', contentType: 'image/png' },
  jpg: { extension: 'jpg', contentType: 'image/jpeg' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((byte, index) => bytes[offset + index] === byte)
}

/**
 * The kind of image the bytes are, from their magic numbers, never from the file name or the
 * browser's content type. SVG is refused on purpose: it is a document that can carry script
 * (docs/decisions/021).
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return IMAGE_KINDS.png
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return IMAGE_KINDS.jpg
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])) {
    return IMAGE_KINDS.gif
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return IMAGE_KINDS.webp
  return null
}
