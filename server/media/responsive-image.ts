// Routes must reach this module through a `.server` module (upload-media.server.ts): the
// browser build parses every module a route imports, and cannot parse sharp's.
import sharp from 'sharp'
import type { StoredMediaVariant } from '#db/tables/media'
import { err, ok, type WordedResult } from '#server/errors/result'
import { IMAGE_UNREADABLE, MAX_IMAGE_PIXELS } from '#server/files/upload-limits'
import { readUprightSize } from '#server/files/image-variants'
import { variantSizesFor } from './media-variants'

const WEBP_QUALITY = 82

export interface RenderedMediaImage {
  /** The upright sides of the image that was sent. */
  width: number
  height: number
  /** Narrowest first, each with its WebP bytes. */
  variants: Array<StoredMediaVariant & { bytes: Buffer }>
}

/**
 * The responsive variants of an image whose bytes were already found to be PNG, JPEG, GIF or
 * WebP (sniff-media.ts): the header is read first and anything over 50 megapixels is refused
 * before a pixel is decoded; then the image is turned upright by its EXIF orientation, decoded
 * once at the widest variant's size, and each variant is scaled from that and written as WebP
 * without metadata (no location, no camera). Animated images keep their first frame. Nothing is
 * written to disk.
 */
export async function renderResponsiveImage(bytes: Uint8Array): Promise<WordedResult<RenderedMediaImage, 'invalid_input' | 'payload_too_large'>> {
  const size = await readUprightSize(bytes)
  if (!size.ok) return size
  const { width, height } = size.value

  const sizes = variantSizesFor(width, height)
  const widest = sizes[sizes.length - 1]
  if (!widest) return err('invalid_input', IMAGE_UNREADABLE)
  try {
    const decoded = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true, failOn: 'error' })
      .resize(widest.width, widest.height, { fit: 'fill' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels }
    const variants: RenderedMediaImage['variants'] = []
    for (const size of sizes) {
      const pipeline = sharp(decoded.data, { raw })
      const scaled = size === widest ? pipeline : pipeline.resize(size.width, size.height, { fit: 'fill' })
      variants.push({ ...size, bytes: await scaled.webp({ quality: WEBP_QUALITY }).toBuffer() })
    }
    return ok({ width, height, variants })
  } catch {
    return err('invalid_input', IMAGE_UNREADABLE)
  }
}
