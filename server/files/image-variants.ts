// Routes must reach this module through a `.server` module (contact-picture.server.ts): the
// browser build parses every module a route imports, and cannot parse sharp's.
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import type { Env } from '#server/env.server'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import { imageVariantUrl, variantNamePattern, type ImageVariantSpec } from './image-variant-names'
import { sniffImage } from './sniff-image'
import { removeImageVariants } from './remove-image-variants'
import { writeTenantUpload } from './tenant-uploads'
import { IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, NOT_AN_IMAGE } from './upload-limits'

export { imageVariantUrl, removeImageVariants, type ImageVariantSpec }

/** Why an upload cannot become variants; each comes with the words the form shows. */
export type ImageRefusal = 'payload_too_large' | 'unsupported_media_type' | 'invalid_input'

/** The encoded variants of one upload, by variant name. */
export type RenderedVariants = Readonly<Record<string, Buffer>>

/** The variants of a stored image are found from its key: kept on the row that owns the image. */
export interface StoredVariants {
  key: string
  urls: Readonly<Record<string, string>>
}

/** Larger sides than this are never asked for: they would only make big files of small images. */
const MAX_VARIANT_SIDE = 2048
const WEBP_QUALITY = 82

function checkSpecs(variants: readonly ImageVariantSpec[]): void {
  const names = new Set<string>()
  for (const spec of variants) {
    const sideOk = (side: number) => Number.isInteger(side) && side >= 1 && side <= MAX_VARIANT_SIDE
    if (!variantNamePattern.test(spec.name) || names.has(spec.name) || !sideOk(spec.width) || !sideOk(spec.height)) {
      throw new Error(`bad image variant: ${JSON.stringify(spec)}`)
    }
    names.add(spec.name)
  }
}

/**
 * Turns an uploaded file into the given variants, or says why it cannot. The kind is read from
 * the bytes (PNG, JPEG, GIF or WebP only: no SVG or other formats the decoder would also take);
 * the size on disk and the decoded size are capped before anything is decoded; the picture is
 * turned upright by its EXIF orientation, and the output carries no metadata (no location,
 * no camera). Animated images keep their first frame. Nothing is written.
 */
export async function renderImageVariants(file: Blob | Uint8Array, variants: readonly ImageVariantSpec[]): Promise<WordedResult<RenderedVariants, ImageRefusal>> {
  checkSpecs(variants)
  const size = file instanceof Uint8Array ? file.byteLength : file.size
  if (size > MAX_IMAGE_BYTES) return err('payload_too_large', IMAGE_TOO_LARGE)
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer())
  if (!sniffImage(bytes)) return err('unsupported_media_type', NOT_AN_IMAGE)

  // `limitInputPixels` is the decoder's own guard; the header check before it gives the message.
  const open = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true, failOn: 'error' })
  const upright = await readUprightSize(bytes)
  if (!upright.ok) return upright

  const rendered: Record<string, Buffer> = {}
  try {
    for (const spec of variants) {
      // Cut the centre to the variant's shape first, then scale: a very long, thin image is
      // never scaled up whole before it is cropped.
      const crop = centreCrop(upright.value.width, upright.value.height, spec.width / spec.height)
      rendered[spec.name] = await open().extract(crop).resize(spec.width, spec.height, { fit: 'fill' }).webp({ quality: WEBP_QUALITY }).toBuffer()
    }
  } catch {
    return err('invalid_input', IMAGE_UNREADABLE)
  }
  return ok(rendered)
}

/** The largest box of the given shape (width / height) in the middle of the image. */
export function centreCrop(width: number, height: number, aspect: number): { left: number; top: number; width: number; height: number } {
  if (width / height > aspect) {
    const cropWidth = Math.max(1, Math.min(width, Math.round(height * aspect)))
    return { left: Math.floor((width - cropWidth) / 2), top: 0, width: cropWidth, height }
  }
  const cropHeight = Math.max(1, Math.min(height, Math.round(width / aspect)))
  return { left: 0, top: Math.floor((height - cropHeight) / 2), width, height: cropHeight }
}

/**
 * Keeps rendered variants as the tenant's uploads under a new random key (served on the
 * tenant's own host only, like its logo). The caller records the key, and removes the files
 * again if it cannot.
 */
export async function storeImageVariants(env: Pick<Env, 'DATA_DIR'>, tenant: Pick<Tenant, 'id'>, rendered: RenderedVariants): Promise<StoredVariants> {
  const key = randomBytes(18).toString('base64url')
  const urls: Record<string, string> = {}
  try {
    for (const [name, bytes] of Object.entries(rendered)) urls[name] = await writeTenantUpload(env, tenant, `${key}-${name}.webp`, bytes)
  } catch (error) {
    await removeImageVariants(env, tenant, key, Object.keys(rendered))
    throw error
  }
  return { key, urls }
}

/**
 * An image's upright width and height from its header, refusing what does not decode or has
 * more than MAX_IMAGE_PIXELS, before a pixel is decoded.
 */
export async function readUprightSize(bytes: Uint8Array): Promise<WordedResult<{ width: number; height: number }, 'invalid_input' | 'payload_too_large'>> {
  let width: number
  let height: number
  try {
    // Reading the header decodes no pixels, so it runs without the limit and can name the problem.
    const header = await sharp(bytes, { limitInputPixels: false, autoOrient: true }).metadata()
    // Upright sides: a portrait photo stored sideways with an EXIF turn reads as portrait.
    width = header.autoOrient.width
    height = header.autoOrient.height
  } catch {
    return err('invalid_input', IMAGE_UNREADABLE)
  }
  if (!(width > 0 && height > 0)) return err('invalid_input', IMAGE_UNREADABLE)
  if (width * height > MAX_IMAGE_PIXELS) return err('payload_too_large', IMAGE_TOO_MANY_PIXELS)
  return ok({ width, height })
}
