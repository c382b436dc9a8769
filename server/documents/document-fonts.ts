import { PDFFont, StandardFontEmbedder, StandardFonts, type PDFDocument, type PDFRef } from 'pdf-lib'

/**
 * Turkish's letters that WinAnsi (the only text encoding pdf-lib gives the standard fonts)
 * has no code for, each with a code WinAnsi leaves unused and the glyph's name in Helvetica.
 * ç ö ü and their capitals are WinAnsi's already.
 */
const TURKISH_LETTERS: ReadonlyArray<{ char: string; code: number; glyph: string }> = [
  { char: 'Ğ', code: 0x81, glyph: 'Gbreve' },
  { char: 'ğ', code: 0x8d, glyph: 'gbreve' },
  { char: 'İ', code: 0x8f, glyph: 'Idotaccent' },
  { char: 'ı', code: 0x90, glyph: 'dotlessi' },
  { char: 'Ş', code: 0x9d, glyph: 'Scedilla' },
  { char: 'ş', code: 0x7f, glyph: 'scedilla' },
]

/** The regular and bold faces every PDF of the product writes with. */
export interface DocumentFonts {
  regular: PDFFont
  bold: PDFFont
}

/**
 * Helvetica and Helvetica-Bold for one PDF, able to print Turkish. The standard fonts draw
 * ı İ ş Ş ğ Ğ (their metrics have the glyphs, and every viewer's Helvetica has them), but
 * WinAnsi cannot name them, so the font's encoding is WinAnsi with those six letters put on
 * codes WinAnsi does not use (a /Differences array); viewers and text extraction read them
 * back as the letters by their glyph names. This keeps the PDFs small and quick to make: a
 * TrueType font would be embedded and subset in every PDF, which is several times the work
 * of the whole form copy (the copy job makes about 120 a second). Other letters outside
 * WinAnsi are folded or replaced as before (the writers' printable()).
 */
export function embedDocumentFonts(pdf: PDFDocument): DocumentFonts {
  return { regular: embed(pdf, StandardFonts.Helvetica), bold: embed(pdf, StandardFonts.HelveticaBold) }
}

type Face = StandardFonts.Helvetica | StandardFonts.HelveticaBold
/** The embedder names fonts by the metrics package's enum, which has the same values as pdf-lib's StandardFonts. */
type MetricsName = Parameters<typeof StandardFontEmbedder.for>[0]

// The metrics are read once per process; an embedder keeps no state of the PDF it serves.
const embedders = new Map<Face, StandardFontEmbedder>()

function embed(pdf: PDFDocument, face: Face): PDFFont {
  let embedder = embedders.get(face)
  if (!embedder) {
    embedder = withTurkishLetters(StandardFontEmbedder.for(face as string as MetricsName))
    embedders.set(face, embedder)
  }
  const ref: PDFRef = pdf.context.nextRef()
  // The font's dictionary does not depend on the text drawn with it, so it is written now;
  // the font then needs nothing at save (pdf-lib keeps its own fonts in a private list).
  pdf.context.assign(
    ref,
    pdf.context.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: embedder.fontName,
      Encoding: pdf.context.obj({ Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: differences() }),
    }),
  )
  return PDFFont.of(ref, pdf, embedder)
}

function differences(): Array<number | string> {
  return TURKISH_LETTERS.flatMap((letter) => [letter.code, letter.glyph])
}

type Encoding = StandardFontEmbedder['encoding']

/**
 * The embedder with WinAnsi widened by the Turkish letters: the same glyph names drive widths
 * and kerning, and getCharacterSet() (what the writers fold against) lists the new letters.
 * Letters are looked up in one table by code point, made once: every word a PDF measures to
 * wrap its lines passes through here, letter by letter.
 */
function withTurkishLetters(embedder: StandardFontEmbedder): StandardFontEmbedder {
  const winAnsi = embedder.encoding
  const glyphs: Array<Readonly<{ code: number; name: string }> | undefined> = []
  for (const codePoint of winAnsi.supportedCodePoints) glyphs[codePoint] = Object.freeze(winAnsi.encodeUnicodeCodePoint(codePoint))
  for (const letter of TURKISH_LETTERS) glyphs[letter.char.codePointAt(0) ?? 0] = Object.freeze({ code: letter.code, name: letter.glyph })
  const supportedCodePoints = glyphs.flatMap((glyph, codePoint) => (glyph ? [codePoint] : []))
  const encoding: Pick<Encoding, 'name' | 'supportedCodePoints' | 'canEncodeUnicodeCodePoint' | 'encodeUnicodeCodePoint'> = {
    name: winAnsi.name,
    supportedCodePoints,
    canEncodeUnicodeCodePoint: (codePoint) => glyphs[codePoint] !== undefined,
    encodeUnicodeCodePoint: (codePoint) => {
      const glyph = glyphs[codePoint]
      // As WinAnsi does: the writers fold or replace such letters before they get here.
      if (!glyph) throw new Error(`Helvetica cannot encode "${String.fromCodePoint(codePoint)}" (0x${codePoint.toString(16).padStart(4, '0')})`)
      return glyph
    },
  }
  // pdf-lib declares the encoding read-only and offers no other way to widen it; the embedder
  // reads it only through these four members (pinned pdf-lib 1.17.1, tested by document-fonts.test.ts).
  Object.defineProperty(embedder, 'encoding', { value: encoding })
  return embedder
}

// Keyed by the font's character list, which its shared embedder hands out each time: one set per face and process.
const encodable = new WeakMap<number[], Set<number>>()

/** The characters `font` can print, as a set to look letters up in (the writers fold the rest). */
export function encodableCharacters(font: PDFFont): ReadonlySet<number> {
  const characters = font.getCharacterSet()
  let set = encodable.get(characters)
  if (!set) {
    set = new Set(characters)
    encodable.set(characters, set)
  }
  return set
}
