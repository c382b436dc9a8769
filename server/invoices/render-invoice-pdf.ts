import type { TFunction } from 'i18next'
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib'
import { embedDocumentFonts, encodableCharacters } from '#server/documents/document-fonts'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/** One line of the invoice as printed. */
export interface InvoicePdfLine {
  name: string
  /** The price option, a class's date: printed small under the name; null for none. */
  detail: string | null
  quantity: string
  unitPrice: string
  /** Before discount, card fees and tax: the lines add up to the subtotal. */
  amount: string
}

/**
 * Everything an invoice's PDF prints, already written out as it reads in `language` (money in
 * its currency, dates in the tenant's zone). Plain JSON: its hash is the PDF's version, so an
 * invoice that changes after its PDF was made gets a new one (invoice-pdf-data.ts), and so
 * does one whose buyer changes language.
 */
export interface InvoicePdfData {
  /** The buyer's language: the PDF's own words (headings, columns) are written in it. */
  language: Language
  organisation: {
    name: string
    email: string
    addressLines: string[]
    /** The logo setting ('/uploads/<name>'): named here so a new logo makes a new version. */
    logoUrl: string | null
    /** The tenant's invoice note (payment settings), printed at the foot. */
    invoiceNote: string
  }
  numberText: string
  statusText: string
  issuedText: string
  dueText: string | null
  currency: string
  billTo: { name: string; email: string; phone: string | null }
  lines: InvoicePdfLine[]
  /** Subtotal to balance, in order; `emphasis` rows are bold. */
  totals: Array<{ label: string; value: string; emphasis?: boolean }>
  note: string
}

/** What the PDF carries that is not part of its version: the logo's pixels (named by logoUrl) and when it was made. */
export interface InvoicePdfArtwork {
  /** The logo as PNG, already scaled down; null prints none. */
  logoPng: Uint8Array | null
  madeAt: Date
}

const PAGE = { width: 595.28, height: 841.89 } // A4
const MARGIN = 50
const RIGHT = PAGE.width - MARGIN
const TOP = PAGE.height - MARGIN
/** Room kept at the foot of each page for its page line. */
const BOTTOM = MARGIN + 14
const INK = rgb(0.07, 0.09, 0.12)
const GREY = rgb(0.35, 0.38, 0.42)
const RULE = rgb(0.8, 0.82, 0.85)
const LOGO_BOX = { width: 160, height: 60 }

/** The lines table's columns: the item wraps, the numbers are right-aligned to their column's edge. */
const COLUMNS = {
  item: { x: MARGIN, width: 250 },
  quantity: { x: 305, width: 45 },
  unitPrice: { x: 355, width: 90 },
  amount: { x: RIGHT - 95, width: 95 },
} as const
const TOTALS = { label: { x: 305, width: 140 }, value: { x: RIGHT - 95, width: 95 } } as const

/**
 * The invoice as a one-or-more page A4 PDF: the organisation's logo, name, address and email;
 * the invoice number, status and dates; who it is for; its lines; the totals down to the
 * balance; the currency; the invoice's note and the organisation's invoice note. Helvetica
 * knows WinAnsi and Turkish's letters (document-fonts.ts): other characters are folded to
 * their base letter where there is one and printed as '?' otherwise, with a note saying so
 * (as the form copies do). The item names, the notes and the letterhead are the tenant's
 * words and are printed as written.
 */
export async function renderInvoicePdf(data: InvoicePdfData, artwork: InvoicePdfArtwork): Promise<Uint8Array> {
  const t = tFor(data.language, 'documents')
  const pdf = await PDFDocument.create()
  const title = t('invoiceTitle', { number: data.numberText })
  pdf.setTitle(title)
  pdf.setSubject(t('invoiceSubject', { number: data.numberText, organisation: data.organisation.name }))
  pdf.setProducer('Studio Platform')
  pdf.setCreator(data.organisation.name)
  pdf.setCreationDate(artwork.madeAt)
  pdf.setModificationDate(artwork.madeAt)
  const { regular, bold } = embedDocumentFonts(pdf)
  const sheet = new Sheet(pdf, regular, bold)
  const logo = artwork.logoPng ? await pdf.embedPng(artwork.logoPng) : null

  header(sheet, data, logo, t)
  billTo(sheet, data, t)
  lines(sheet, data, t)
  totals(sheet, data)

  sheet.paragraph(t('amountsIn', { currency: data.currency }), { size: 9, color: GREY, gapBefore: 10 })
  if (data.note.trim()) {
    sheet.paragraph(t('invoiceNote'), { size: 10, bold: true, gapBefore: 14, gapAfter: 2 })
    sheet.paragraph(data.note.trim(), { size: 10 })
  }
  if (data.organisation.invoiceNote.trim()) sheet.paragraph(data.organisation.invoiceNote.trim(), { size: 9, color: GREY, gapBefore: 14 })
  if (sheet.replacedCharacters) sheet.paragraph(t('replacedCharacters'), { size: 8, color: GREY, gapBefore: 10 })

  sheet.pageLines((page, pages) => `${data.organisation.name} · ${title} · ${t('pageOf', { page, pages })}`)
  // Object streams make the file a little smaller and saving several times slower.
  return pdf.save({ useObjectStreams: false })
}

type Words = TFunction<'documents'>

function header(sheet: Sheet, data: InvoicePdfData, logo: PDFImage | null, t: Words): void {
  const top = sheet.y
  let left = top
  if (logo) {
    const scale = Math.min(1, LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height)
    const height = logo.height * scale
    sheet.page.drawImage(logo, { x: MARGIN, y: top - height, width: logo.width * scale, height })
    left -= height + 10
  }
  const half = (RIGHT - MARGIN) / 2 - 10
  const organisation: CellText[] = [
    { text: data.organisation.name, size: 14, bold: true },
    ...data.organisation.addressLines.map((line) => ({ text: line, size: 10 })),
    ...(data.organisation.email ? [{ text: data.organisation.email, size: 10 }] : []),
  ]
  left = sheet.column(organisation, { x: MARGIN, width: half, top: left })

  const facts: CellText[] = [
    { text: t('invoiceHeading'), size: 20, bold: true },
    { text: data.numberText, size: 14, bold: true, gapAfter: 4 },
    { text: t('invoiceStatus', { status: data.statusText }), size: 10 },
    { text: t('invoiceDate', { date: data.issuedText }), size: 10 },
    ...(data.dueText ? [{ text: t('invoiceDue', { date: data.dueText }), size: 10 }] : []),
  ]
  const right = sheet.column(facts, { x: RIGHT - half, width: half, top, align: 'right' })
  sheet.y = Math.min(left, right) - 24
}

function billTo(sheet: Sheet, data: InvoicePdfData, t: Words): void {
  sheet.paragraph(t('billTo'), { size: 9, bold: true, color: GREY, gapAfter: 2 })
  sheet.paragraph(data.billTo.name || data.billTo.email, { size: 11, bold: true })
  if (data.billTo.name && data.billTo.email) sheet.paragraph(data.billTo.email, { size: 10 })
  if (data.billTo.phone) sheet.paragraph(data.billTo.phone, { size: 10 })
  sheet.y -= 20
}

function lines(sheet: Sheet, data: InvoicePdfData, t: Words): void {
  const tableHeader = () => {
    sheet.row(
      [
        { ...COLUMNS.item, text: t('columnItem'), size: 9, bold: true, color: GREY },
        { ...COLUMNS.quantity, text: t('columnQuantity'), size: 9, bold: true, color: GREY, align: 'right' },
        { ...COLUMNS.unitPrice, text: t('columnUnitPrice'), size: 9, bold: true, color: GREY, align: 'right' },
        { ...COLUMNS.amount, text: t('columnAmount'), size: 9, bold: true, color: GREY, align: 'right' },
      ],
      { gapAfter: 4 },
    )
    sheet.rule()
    sheet.y -= 6
  }
  sheet.room(60)
  tableHeader()
  if (data.lines.length === 0) sheet.paragraph(t('noLines'), { size: 10, color: GREY, gapAfter: 6 })
  for (const line of data.lines) {
    const cells: Cell[] = [
      { ...COLUMNS.item, text: line.name, size: 10, bold: true },
      { ...COLUMNS.quantity, text: line.quantity, size: 10, align: 'right' },
      { ...COLUMNS.unitPrice, text: line.unitPrice, size: 10, align: 'right' },
      { ...COLUMNS.amount, text: line.amount, size: 10, align: 'right' },
    ]
    const detail: Cell | null = line.detail ? { ...COLUMNS.item, text: line.detail, size: 9, color: GREY } : null
    // A line and its detail stay together; on a new page the table's header comes first.
    if (sheet.room(sheet.rowHeight(cells) + (detail ? sheet.rowHeight([detail]) : 0) + 8)) tableHeader()
    sheet.row(cells)
    if (detail) sheet.row([detail])
    sheet.y -= 8
  }
  sheet.rule()
  sheet.y -= 8
}

function totals(sheet: Sheet, data: InvoicePdfData): void {
  for (const total of data.totals) {
    const size = total.emphasis ? 11 : 10
    const cells: Cell[] = [
      { ...TOTALS.label, text: total.label, size, bold: total.emphasis },
      { ...TOTALS.value, text: total.value, size, bold: total.emphasis, align: 'right' },
    ]
    sheet.room(sheet.rowHeight(cells) + 4)
    sheet.row(cells, { gapAfter: 4 })
  }
}

type Colour = ReturnType<typeof rgb>

interface CellText {
  text: string
  size: number
  bold?: boolean
  color?: Colour
  gapAfter?: number
}

interface Cell extends CellText {
  x: number
  width: number
  align?: 'left' | 'right'
}

/** Writes top to bottom on A4 pages: wrapped cells side by side, new pages when one is full. */
class Sheet {
  page: PDFPage
  y = TOP
  replacedCharacters = false

  constructor(private readonly pdf: PDFDocument, private readonly regular: PDFFont, private readonly bold: PDFFont) {
    this.page = pdf.addPage([PAGE.width, PAGE.height])
  }

  /** Starts a new page unless `height` fits on this one; says whether it did. */
  room(height: number): boolean {
    if (this.y - height >= BOTTOM || this.y === TOP) return false
    this.page = this.pdf.addPage([PAGE.width, PAGE.height])
    this.y = TOP
    return true
  }

  /** Full-width wrapped text. */
  paragraph(text: string, options: Omit<CellText, 'text'> & { gapBefore?: number }): void {
    this.y -= options.gapBefore ?? 0
    for (const line of text.split('\n')) {
      const cell: Cell = { ...options, text: line, x: MARGIN, width: RIGHT - MARGIN, gapAfter: 0 }
      this.room(this.rowHeight([cell]))
      this.row([cell])
    }
    this.y -= options.gapAfter ?? 0
  }

  /** Cells side by side from this line down; the tallest decides where the next row starts. */
  row(cells: Cell[], options: { gapAfter?: number } = {}): void {
    const top = this.y
    let lowest = top
    for (const cell of cells) lowest = Math.min(lowest, this.#draw(cell, top))
    this.y = lowest - (options.gapAfter ?? 0)
  }

  /** Texts stacked in one column from `top`, without page breaks (the header, which always fits); answers where it ended. */
  column(texts: CellText[], place: { x: number; width: number; top: number; align?: 'left' | 'right' }): number {
    let y = place.top
    for (const text of texts) y = this.#draw({ ...text, x: place.x, width: place.width, align: place.align }, y) - (text.gapAfter ?? 0)
    return y
  }

  rowHeight(cells: Cell[]): number {
    return Math.max(...cells.map((cell) => this.#wrap(cell, true).length * lineHeight(cell.size)))
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: RIGHT, y: this.y }, thickness: 0.5, color: RULE })
  }

  /** The foot of every page ('… · Page 1 of 2'), once all are laid out. */
  pageLines(lineOf: (page: number, pages: number) => string): void {
    const pages = this.pdf.getPages()
    pages.forEach((page, index) => {
      const text = this.#printable(lineOf(index + 1, pages.length), this.regular, true)
      page.drawText(text, { x: MARGIN, y: MARGIN - 20, size: 8, font: this.regular, color: GREY })
    })
  }

  #draw(cell: Cell, top: number): number {
    const font = cell.bold ? this.bold : this.regular
    let y = top
    for (const line of this.#wrap(cell, false)) {
      y -= cell.size
      const x = cell.align === 'right' ? cell.x + cell.width - font.widthOfTextAtSize(line, cell.size) : cell.x
      this.page.drawText(line, { x, y, size: cell.size, font, color: cell.color ?? INK })
      y -= lineHeight(cell.size) - cell.size
    }
    return y
  }

  #wrap(cell: Cell, measuring: boolean): string[] {
    const font = cell.bold ? this.bold : this.regular
    return wrap(this.#printable(cell.text, font, measuring), font, cell.size, cell.width)
  }

  /** The text with what the font cannot print folded ('ő' to 'o') or replaced by '?'; measuring does not count as replacing. */
  #printable(text: string, font: PDFFont, measuring: boolean): string {
    const supported = encodableCharacters(font)
    const can = (char: string) => supported.has(char.codePointAt(0) ?? 0)
    let out = ''
    for (const char of text.replace(/\t/g, '    ')) {
      if (can(char)) {
        out += char
        continue
      }
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      if (base && [...base].every(can)) {
        out += base
        continue
      }
      if ((char.codePointAt(0) ?? 0) < 0x20) continue
      out += '?'
      if (!measuring) this.replacedCharacters = true
    }
    return out
  }
}

function lineHeight(size: number): number {
  return size * 1.3
}

/** Greedy word wrap by measured width; a word wider than the line is cut where it must be. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/(\s+)/)) {
    if (word === '') continue
    if (font.widthOfTextAtSize(line + word, size) <= width) {
      line += word
      continue
    }
    if (line.trim()) lines.push(line.trimEnd())
    line = word.trimStart()
    while (line && font.widthOfTextAtSize(line, size) > width) {
      let fits = 1
      while (fits < line.length && font.widthOfTextAtSize(line.slice(0, fits + 1), size) <= width) fits++
      lines.push(line.slice(0, fits))
      line = line.slice(fits)
    }
  }
  if (line.trim() || lines.length === 0) lines.push(line.trimEnd())
  return lines
}
