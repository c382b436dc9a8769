import { createHash } from 'node:crypto'
import { formatPattern } from '#server/dates/date-pattern'
import { err, ok, type WordedResult } from '#server/errors/result'
import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'
import { FORM_MESSAGES } from './form-messages'

/** A drawn signature is a small PNG (350x150 canvas); anything much larger is not one. */
export const SIGNATURE_PNG_MAX_BYTES = 200_000
export const TYPED_SIGNATURE_MAX_LENGTH = 255
const PNG_PREFIX = 'data:image/png;base64,'
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export type Signature =
  | { method: 'drawn'; pngBase64: string; imageSha256: string }
  | { method: 'typed'; signedName: string }

/** The signature (null: none given where none is required), or invalid_input with the form's words. */
export type SignatureResult = WordedResult<Signature | null, 'invalid_input'>

/**
 * With JavaScript the visitor draws (`sign` carries the canvas as a PNG data URL); without it
 * they type their full name and tick an explicit consent box. Either counts as signing.
 */
export function readSignature(
  posted: Readonly<Record<string, string>>,
  required: boolean,
): SignatureResult {
  const drawn = (posted.sign ?? '').trim()
  if (drawn) {
    const png = decodePng(drawn)
    if (!png) return err('invalid_input', FORM_MESSAGES.signatureRequired)
    return ok({ method: 'drawn', pngBase64: png.toString('base64'), imageSha256: sha256Hex(png) })
  }
  const typed = (posted.signTypedName ?? '').replace(/\s+/g, ' ').trim()
  const consent = posted.signConsent === 'on' || posted.signConsent === 'true'
  if (typed && consent && typed.length <= TYPED_SIGNATURE_MAX_LENGTH) {
    return ok({ method: 'typed', signedName: typed })
  }
  if (!required && !typed) return ok(null)
  return err('invalid_input', FORM_MESSAGES.signatureRequired)
}

function decodePng(dataUrl: string): Buffer | null {
  if (!dataUrl.startsWith(PNG_PREFIX)) return null
  const base64 = dataUrl.slice(PNG_PREFIX.length)
  if (base64.length > Math.ceil((SIGNATURE_PNG_MAX_BYTES * 4) / 3) + 4 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length < 67 || bytes.length > SIGNATURE_PNG_MAX_BYTES) return null
  if (!bytes.subarray(0, 8).equals(PNG_MAGIC)) return null
  return bytes
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

/**
 * "Signature date shown in UTC as 'MMM dd, YYYY'": 'Nov 02, 2026'. The one date the spec fixes
 * in UTC, whatever the tenant's zone: the visitor saw it beside the signature pad, and the
 * stored copy must say what they signed.
 */
export function formatSignDate(date: Date): string {
  return formatPattern(date, 'UTC', 'MMM dd, YYYY')
}

const signDateFormats = new Map<Language, Intl.DateTimeFormat>()

/**
 * The sign date beside the signature pad in the page's language: the spec's 'MMM dd, YYYY' in
 * English, the same day, month and year as the language's locale writes them otherwise
 * ('02 Kas 2026'), still in UTC. The stored PDF copy writes it in its submitter's language.
 */
export function formatSignDateIn(language: Language, date: Date): string {
  if (language === 'en') return formatSignDate(date)
  let format = signDateFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { timeZone: 'UTC', day: '2-digit', month: 'short', year: 'numeric' })
    signDateFormats.set(language, format)
  }
  return format.format(date)
}
