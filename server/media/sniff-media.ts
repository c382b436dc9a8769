import { sniffImage, type ImageKind } from '#server/files/sniff-image'
import { VIDEO_KINDS, type VideoKind } from '#server/files/tenant-uploads'

export type MediaFileKind = { kind: 'image'; type: ImageKind } | { kind: 'video'; type: VideoKind }

/**
 * MP4 major brands a browser plays. QuickTime ('qt  '), 3GP, and the image formats that share
 * the ISO box layout (HEIC 'heic'/'mif1', AVIF 'avif') are not among them.
 */
const MP4_BRANDS: ReadonlySet<string> = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'MSNV'])

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const
/** The EBML DocType element's id. */
const DOC_TYPE_ID = [0x42, 0x82] as const
/** The EBML header is a few dozen bytes; the DocType sits in it. */
const EBML_HEADER_SCAN = 64

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length))

/**
 * The kind of video the bytes are, from their structure, never from the file name: an MP4 is an
 * 'ftyp' box first with a known brand; a WebM is an EBML header whose DocType is "webm"
 * (a Matroska .mkv says "matroska" and is refused: browsers do not promise to play it).
 */
export function sniffVideo(bytes: Uint8Array): VideoKind | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') {
    const size = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)
    // The box holds at least its size, type and major brand.
    if (size >= 12 || size === 1) return MP4_BRANDS.has(ascii(bytes, 8, 4)) ? VIDEO_KINDS.mp4 : null
    return null
  }
  if (EBML_MAGIC.every((byte, index) => bytes[index] === byte)) return webmDocType(bytes) === 'webm' ? VIDEO_KINDS.webm : null
  return null
}

/** The DocType of an EBML header (its element id, a variable-length size, then the text). */
function webmDocType(bytes: Uint8Array): string | null {
  const end = Math.min(bytes.length, EBML_HEADER_SCAN)
  for (let at = EBML_MAGIC.length; at + 2 < end; at += 1) {
    if (bytes[at] !== DOC_TYPE_ID[0] || bytes[at + 1] !== DOC_TYPE_ID[1]) continue
    const size = readVint(bytes, at + 2)
    if (!size || size.value > 16) return null
    const from = at + 2 + size.length
    if (from + size.value > bytes.length) return null
    return ascii(bytes, from, size.value)
  }
  return null
}

/** An EBML variable-length integer: the count of leading zero bits says how many bytes follow. */
function readVint(bytes: Uint8Array, at: number): { value: number; length: number } | null {
  const first = bytes[at]
  if (first === undefined || first === 0) return null
  let length = 1
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length += 1
  if (length > 8 || at + length > bytes.length) return null
  let value = first & (0xff >> length)
  for (let index = 1; index < length; index += 1) value = value * 256 + (bytes[at + index] ?? 0)
  return { value, length }
}

/** Image (PNG, JPEG, GIF, WebP) or video (MP4, WebM) by the bytes; null for anything else. */
export function sniffMedia(bytes: Uint8Array): MediaFileKind | null {
  const image = sniffImage(bytes)
  if (image) return { kind: 'image', type: image }
  const video = sniffVideo(bytes)
  return video ? { kind: 'video', type: video } : null
}
