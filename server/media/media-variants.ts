import { z } from 'zod'
import type { StoredMediaVariant } from '#db/tables/media'
import { imageKeyPattern, imageVariantUrl, variantNamePattern } from '#server/files/image-variant-names'

/**
 * The widths an uploaded image is kept at (docs/decisions/126): a phone's screen at one and two
 * device pixels per CSS pixel, and a wide screen or a full-size view. Narrowest first.
 */
export const MEDIA_IMAGE_WIDTHS = [480, 960, 1600] as const

/** The `sizes` of a gallery image: one column on a phone, two on a tablet, three from 1024 px. */
export const GALLERY_IMAGE_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'

export const variantNameOf = (width: number) => `w${width}`

/**
 * The variants of an image of these upright sides: each standard width narrower than the image,
 * then the image's own width when it is narrower than the widest (never scaled up), keeping its
 * shape. A 1000 px photo is kept at 480, 960 and 1000; a 300 px one at 300 only.
 */
export function variantSizesFor(width: number, height: number): StoredMediaVariant[] {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) throw new Error(`bad image sides ${width} × ${height}`)
  const widest = MEDIA_IMAGE_WIDTHS[MEDIA_IMAGE_WIDTHS.length - 1] ?? width
  const widths: number[] = MEDIA_IMAGE_WIDTHS.filter((standard) => standard < width)
  const top = Math.min(width, widest)
  if (!widths.includes(top)) widths.push(top)
  return widths.map((variantWidth) => ({ name: variantNameOf(variantWidth), width: variantWidth, height: Math.max(1, Math.round((variantWidth * height) / width)) }))
}

const storedVariants = z.array(
  z.object({
    name: z.string().regex(variantNamePattern),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
)

/** The stored jsonb, checked on the way out of the database: a bad value shows no picture rather than a broken one. */
export function readStoredVariants(value: unknown): StoredMediaVariant[] {
  const parsed = storedVariants.safeParse(value)
  return parsed.success ? [...parsed.data].sort((a, b) => a.width - b.width) : []
}

/** How an image is drawn: the narrowest variant as `src`, every variant in `srcSet`, the widest to open in full. */
export interface MediaImageSources {
  src: string
  srcSet: string
  /** The widest variant: what a visitor opens to see the image whole. */
  full: { url: string; width: number; height: number }
  /** The narrowest variant's sides: the img's width and height, so the page keeps its place while it loads. */
  width: number
  height: number
}

export function mediaImageSources(fileKey: string, variants: readonly StoredMediaVariant[]): MediaImageSources | null {
  const listed = variants.flatMap((variant) => {
    const url = imageVariantUrl(fileKey, variant.name)
    return url ? [{ ...variant, url }] : []
  })
  const narrowest = listed[0]
  const widest = listed[listed.length - 1]
  if (!narrowest || !widest) return null
  return {
    src: narrowest.url,
    srcSet: listed.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
    full: { url: widest.url, width: widest.width, height: widest.height },
    width: narrowest.width,
    height: narrowest.height,
  }
}

const VIDEO_EXTENSIONS: Readonly<Record<string, string>> = { 'video/mp4': 'mp4', 'video/webm': 'webm' }

/** The stored file name of a video (`<key>.mp4`); null for a key or type we never hand out. */
export function videoFileName(fileKey: string, contentType: string): string | null {
  const extension = VIDEO_EXTENSIONS[contentType]
  return extension && imageKeyPattern.test(fileKey) ? `${fileKey}.${extension}` : null
}

export function mediaVideoUrl(fileKey: string, contentType: string): string | null {
  const name = videoFileName(fileKey, contentType)
  return name ? `/uploads/${name}` : null
}
