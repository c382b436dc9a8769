import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib'
import { extractText } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { embedDocumentFonts, encodableCharacters } from '#server/documents/document-fonts'

const TURKISH = 'ı İ ş Ş ğ Ğ ç Ç ö Ö ü Ü'

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true })
  return text
}

describe('embedDocumentFonts', () => {
  it('prints every Turkish letter in both faces, and they read back as the same letters', async () => {
    const pdf = await PDFDocument.create()
    const { regular, bold } = embedDocumentFonts(pdf)
    const page = pdf.addPage()
    page.drawText(`Düz: ${TURKISH}`, { x: 50, y: 700, size: 12, font: regular })
    page.drawText(`Kalın: ${TURKISH}`, { x: 50, y: 680, size: 12, font: bold })
    const text = await textOf(await pdf.save())
    expect(text).toContain(`Düz: ${TURKISH}`)
    expect(text).toContain(`Kalın: ${TURKISH}`)
  })

  it('knows the Turkish letters besides WinAnsi, and nothing else beyond it', async () => {
    const { regular } = embedDocumentFonts(await PDFDocument.create())
    const characters = encodableCharacters(regular)
    for (const letter of TURKISH.replace(/ /g, '')) expect(characters.has(letter.codePointAt(0) ?? 0), letter).toBe(true)
    for (const letter of ['é', '€', 'ß']) expect(characters.has(letter.codePointAt(0) ?? 0), letter).toBe(true)
    for (const letter of ['Ő', 'Ł', '王']) expect(characters.has(letter.codePointAt(0) ?? 0), letter).toBe(false)
  })

  it('measures the new letters with Helvetica’s own widths, as the standard font does its letters', async () => {
    const pdf = await PDFDocument.create()
    const { regular, bold } = embedDocumentFonts(pdf)
    const standard = await pdf.embedFont(StandardFonts.Helvetica)
    // Helvetica's metrics: scedilla 500 units wide, dotlessi 278, Gbreve 778 in Helvetica-Bold.
    expect(regular.widthOfTextAtSize('ş', 10)).toBeCloseTo(5)
    expect(regular.widthOfTextAtSize('ı', 10)).toBeCloseTo(2.78)
    expect(bold.widthOfTextAtSize('Ğ', 10)).toBeCloseTo(7.78)
    expect(regular.widthOfTextAtSize('Zoë', 10)).toBeCloseTo(standard.widthOfTextAtSize('Zoë', 10))
  })

  it('names the standard fonts without embedding a font file, the new letters in a Differences array', async () => {
    const pdf = await PDFDocument.create()
    const { regular } = embedDocumentFonts(pdf)
    pdf.addPage().drawText('Şişli', { x: 50, y: 700, size: 12, font: regular })
    const bytes = await pdf.save()
    expect(bytes.length).toBeLessThan(2000)
    const loaded = await PDFDocument.load(bytes)
    const fonts = loaded.context.enumerateIndirectObjects().flatMap(([, object]) => (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font') ? [object] : []))
    expect(fonts.map((font) => font.get(PDFName.of('BaseFont'))?.toString()).sort()).toEqual(['/Helvetica', '/Helvetica-Bold'])
    for (const font of fonts) {
      expect(font.get(PDFName.of('FontDescriptor'))).toBeUndefined()
      expect(font.lookup(PDFName.of('Encoding'))?.toString()).toContain('/scedilla')
    }
  })
})
