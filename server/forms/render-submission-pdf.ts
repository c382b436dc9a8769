import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { dateInLanguage } from '#server/dates/language-dates'
import type { DatePreferences } from '#server/dates/tenant-dates'
import { embedDocumentFonts, encodableCharacters } from '#server/documents/document-fonts'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { formHtmlText } from './form-html-text'
import { formatSignDateIn } from './signature'

export interface PdfRow {
  label: string
  value: string
  /** A custom field of type header: a section title, no value. */
  isHeading?: boolean
}

export interface SubmissionPdfInput {
  organisationName: string
  /** The organisation's time zone and date format, which the copy's dates are written in. */
  dates: DatePreferences
  formName: string
  submittedAt: Date
  rows: PdfRow[]
  signature:
    | { method: 'drawn'; png: Uint8Array }
    | { method: 'typed'; signedName: string }
    | null
  signedAt: Date | null
  integrity: { hash: string; formVersion: number; signerIp: string | null; signerUserAgent: string | null }
  /** The form's descriptions as the visitor saw them (sanitised HTML); null for older submissions. */
  agreedTexts: { beforeFormHtml: string; subHeaderHtml: string; afterFormHtml: string } | null
  /** The language of the copy's own words and dates (the submitter's); English when not given. The rows come already in it. */
  language?: Language
}

const PAGE = { width: 595.28, height: 841.89 } // A4
const MARGIN = 50
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
export const GREY = rgb(0.35, 0.38, 0.42)
const INK = rgb(0.07, 0.09, 0.12)

/**
 * Lays out the PDF copy of a submission: title, the form's own texts where the visitor read
 * them (before the form and its sub-header above the answers, the text after the form below
 * them), every field with its value (long values wrapped), the signature (image or typed name)
 * with its date, and the integrity record, kept whole on one page when it fits on one.
 * Helvetica knows WinAnsi and Turkish's letters (document-fonts.ts): other characters are
 * folded to their base letter when they have one ('ő' prints as 'o') and replaced by '?'
 * otherwise, with a note on the page. The copy's own words and dates are in `language`; the
 * form's labels, answers and texts are the tenant's and the visitor's, printed as written.
 */
export async function renderSubmissionPdf(input: SubmissionPdfInput): Promise<Uint8Array> {
  const language = input.language ?? 'en'
  const t = tFor(language, 'documents')
  const when = (date: Date) => dateInLanguage(date, input.dates, 'dateTimeZone', language)
  const pdf = await PDFDocument.create()
  pdf.setTitle(input.formName)
  pdf.setSubject(t('submissionSubject', { form: input.formName }))
  pdf.setProducer('Studio Platform')
  pdf.setCreator(input.organisationName)
  pdf.setCreationDate(input.submittedAt)
  pdf.setModificationDate(input.submittedAt)
  const { regular, bold } = embedDocumentFonts(pdf)
  const writer = new PageWriter(pdf, regular, bold)

  writer.text(input.organisationName, { size: 10, color: GREY })
  writer.text(input.formName, { size: 18, font: 'bold', gapAfter: 4 })
  writer.text(t('submitted', { date: when(input.submittedAt) }), { size: 10, color: GREY, gapAfter: 14 })
  writer.description(input.agreedTexts?.beforeFormHtml)
  writer.description(input.agreedTexts?.subHeaderHtml)

  for (const row of input.rows) {
    if (row.isHeading) {
      writer.text(row.label, { size: 13, font: 'bold', gapBefore: 8, gapAfter: 4 })
      continue
    }
    writer.text(row.label, { size: 9, font: 'bold', color: GREY })
    writer.text(row.value === '' ? '-' : row.value, { size: 11, gapAfter: 8 })
  }

  writer.description(input.agreedTexts?.afterFormHtml, { gapBefore: 4 })

  if (input.signature) {
    writer.text(t('signature'), { size: 13, font: 'bold', gapBefore: 10, gapAfter: 6 })
    if (input.signature.method === 'drawn') {
      const image = await pdf.embedPng(input.signature.png)
      const scale = Math.min(1, 262 / image.width, 112 / image.height)
      writer.image(image, image.width * scale, image.height * scale)
    } else {
      writer.text(input.signature.signedName, { size: 16, font: 'bold', gapAfter: 2 })
      writer.text(t('typedSignature'), { size: 9, color: GREY })
    }
    if (input.signedAt) writer.text(t('signDate', { date: formatSignDateIn(language, input.signedAt) }), { size: 11, gapBefore: 4, gapAfter: 8 })
  }

  const record: Array<[string, TextOptions]> = [
    [t('integrityRecord'), { size: 11, font: 'bold', gapBefore: 10, gapAfter: 2 }],
    [t('integrityHash', { hash: input.integrity.hash }), { size: 8, color: GREY }],
    [t('formVersion', { version: input.integrity.formVersion }), { size: 8, color: GREY }],
  ]
  // The exact instant in UTC as well: the record is read away from the organisation's zone too.
  if (input.signedAt) record.push([t('signedAt', { date: when(input.signedAt), instant: input.signedAt.toISOString() }), { size: 8, color: GREY }])
  if (input.integrity.signerIp) record.push([t('signerIp', { ip: input.integrity.signerIp }), { size: 8, color: GREY }])
  if (input.integrity.signerUserAgent) record.push([t('signerBrowser', { browser: input.integrity.signerUserAgent }), { size: 8, color: GREY }])
  // A record split over two pages reads as two documents: start it on a new page instead.
  writer.keepTogether(record.reduce((height, [text, options]) => height + writer.heightOf(text, options), 0))
  for (const [text, options] of record) writer.text(text, options)

  if (writer.replacedCharacters) writer.text(t('replacedCharacters'), { size: 8, color: GREY, gapBefore: 10 })
  // Object streams make the file a little smaller and saving several times slower.
  return pdf.save({ useObjectStreams: false })
}

export interface TextOptions {
  size: number
  font?: 'regular' | 'bold'
  color?: ReturnType<typeof rgb>
  gapBefore?: number
  gapAfter?: number
}

/** Writes top to bottom, wrapping lines and starting new pages as needed (the contact activity report writes with it too). */
export class PageWriter {
  #page: PDFPage
  #y = PAGE.height - MARGIN
  replacedCharacters = false

  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.#page = pdf.addPage([PAGE.width, PAGE.height])
  }

  text(raw: string, options: TextOptions): void {
    const font = options.font === 'bold' ? this.bold : this.regular
    const lineHeight = options.size * 1.3
    this.#y -= options.gapBefore ?? 0
    for (const paragraph of raw.split(/\n/)) {
      for (const line of wrap(this.#printable(paragraph, font), font, options.size, CONTENT_WIDTH)) {
        this.#ensure(lineHeight)
        this.#y -= options.size
        this.#page.drawText(line, { x: MARGIN, y: this.#y, size: options.size, font, color: options.color ?? INK })
        this.#y -= lineHeight - options.size
      }
    }
    this.#y -= options.gapAfter ?? 0
  }

  /** A form description (sanitised HTML) as wrapped paragraphs; nothing when it is empty. */
  description(html: string | undefined, options: { gapBefore?: number } = {}): void {
    const text = html ? formHtmlText(html) : ''
    if (text) this.text(text, { size: 10, gapBefore: options.gapBefore, gapAfter: 10 })
  }

  /** How much height `text` takes, gaps included, as `text()` would write it. */
  heightOf(raw: string, options: TextOptions): number {
    const font = options.font === 'bold' ? this.bold : this.regular
    const lines = raw.split(/\n/).reduce((count, paragraph) => count + wrap(this.#measurable(paragraph, font), font, options.size, CONTENT_WIDTH).length, 0)
    return (options.gapBefore ?? 0) + lines * options.size * 1.3 + (options.gapAfter ?? 0)
  }

  /** Starts a new page unless `height` fits on this one; on a fresh page it is written as it comes. */
  keepTogether(height: number): void {
    const fresh = this.#y === PAGE.height - MARGIN
    if (!fresh && this.#y - height < MARGIN && height <= PAGE.height - 2 * MARGIN) this.#newPage()
  }

  image(image: Awaited<ReturnType<PDFDocument['embedPng']>>, width: number, height: number): void {
    this.#ensure(height + 4)
    this.#y -= height
    this.#page.drawRectangle({ x: MARGIN - 2, y: this.#y - 2, width: width + 4, height: height + 4, borderColor: GREY, borderWidth: 0.5 })
    this.#page.drawImage(image, { x: MARGIN, y: this.#y, width, height })
    this.#y -= 6
  }

  #ensure(height: number): void {
    if (this.#y - height >= MARGIN) return
    this.#newPage()
  }

  #newPage(): void {
    this.#page = this.pdf.addPage([PAGE.width, PAGE.height])
    this.#y = PAGE.height - MARGIN
  }

  /** Like #printable, for measuring only: the note about replaced characters is not set. */
  #measurable(text: string, font: PDFFont): string {
    const before = this.replacedCharacters
    const printable = this.#printable(text, font)
    this.replacedCharacters = before
    return printable
  }

  #printable(text: string, font: PDFFont): string {
    const supported = encodableCharacters(font)
    let out = ''
    for (const char of text.replace(/\t/g, '    ')) {
      const code = char.codePointAt(0) ?? 0
      if (supported.has(code)) {
        out += char
        continue
      }
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      if (base && [...base].every((c) => supported.has(c.codePointAt(0) ?? 0))) {
        out += base
        continue
      }
      if (code < 0x20) continue
      out += '?'
      this.replacedCharacters = true
    }
    return out
  }
}

/**
 * Greedy word wrap by measured width; a word wider than the line is cut. Standard fonts have
 * no kerning in pdf-lib, so a line's width is the sum of its words' widths.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  if (text === '') return ['']
  const lines: string[] = []
  let line = ''
  let lineWidth = 0
  for (const word of text.split(/(\s+)/)) {
    if (word === '') continue
    const wordWidth = font.widthOfTextAtSize(word, size)
    if (lineWidth + wordWidth <= width) {
      line += word
      lineWidth += wordWidth
      continue
    }
    if (line.trim()) lines.push(line.trimEnd())
    line = word.trimStart()
    lineWidth = font.widthOfTextAtSize(line, size)
    while (lineWidth > width) {
      // The longest prefix that fits, found by halving rather than one character at a time.
      let low = 1
      let high = line.length - 1
      while (low < high) {
        const middle = Math.ceil((low + high) / 2)
        if (font.widthOfTextAtSize(line.slice(0, middle), size) <= width) low = middle
        else high = middle - 1
      }
      lines.push(line.slice(0, low))
      line = line.slice(low)
      lineWidth = font.widthOfTextAtSize(line, size)
    }
  }
  if (line.trim() || lines.length === 0) lines.push(line.trimEnd())
  return lines
}
