/**
 * String formats of screen descriptors, as plain functions. The server registers them with
 * ajv and the browser's validator calls the same functions, so both sides agree on every
 * value (no ajv-formats regexes on one side and hand-written ones on the other).
 */
export const FORMAT_NAMES = ['email', 'uri', 'hostname', 'color', 'image-url'] as const
export type FormatName = (typeof FORMAT_NAMES)[number]

const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/
const hostLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const colorPattern = /^#?[0-9a-fA-F]{6}$/
/** Our own uploads (random names) or an https image elsewhere. */
const imageUrlPattern = /^(\/uploads\/[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp)|https:\/\/[^\s"'<>]+)$/

export function isEmail(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value)
}

/** An absolute http(s) link, as typed into a settings field. */
export function isWebLink(value: string): boolean {
  if (value.length > 2000 || /\s/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

/** A DNS host name with at least two labels and an alphabetic top-level label. */
export function isHostName(value: string): boolean {
  const host = value.toLowerCase()
  if (host.length > 253) return false
  const labels = host.split('.')
  if (labels.length < 2) return false
  if (!labels.every((label) => hostLabel.test(label))) return false
  return /^[a-z]{2,63}$/.test(labels[labels.length - 1])
}

export function isColor(value: string): boolean {
  return colorPattern.test(value)
}

export function isImageUrl(value: string): boolean {
  return imageUrlPattern.test(value)
}

export const FORMAT_CHECKS: Readonly<Record<FormatName, (value: string) => boolean>> = {
  email: isEmail,
  uri: isWebLink,
  hostname: isHostName,
  color: isColor,
  'image-url': isImageUrl,
}
