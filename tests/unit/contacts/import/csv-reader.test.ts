import fc from 'fast-check'
import { CsvReader, csvRecords, isUtf8, NotUtf8Error, sniffDelimiter, type CsvDelimiter } from '#server/contacts/import/csv-reader'

const bytes = (text: string) => new TextEncoder().encode(text)
const read = (text: string | Uint8Array, delimiter: CsvDelimiter = ',') => [...csvRecords(typeof text === 'string' ? bytes(text) : text, delimiter)]
const fieldsOf = (text: string | Uint8Array, delimiter: CsvDelimiter = ',') => read(text, delimiter).map((record) => record.fields)

/** A reference writer: every field quoted, quotes doubled (RFC 4180). */
function writeCsv(table: string[][], delimiter: CsvDelimiter, lineBreak: string): string {
  return table.map((row) => row.map((field) => `"${field.replace(/"/g, '""')}"`).join(delimiter)).join(lineBreak) + lineBreak
}

/** A second writer that quotes only what needs it, as spreadsheets do. */
function writeCsvMinimal(table: string[][], delimiter: CsvDelimiter, lineBreak: string): string {
  const cell = (field: string) => (/["\r\n]/.test(field) || field.includes(delimiter) || field === '' ? `"${field.replace(/"/g, '""')}"` : field)
  return table.map((row) => row.map(cell).join(delimiter)).join(lineBreak) + lineBreak
}

describe('the CSV reader', () => {
  it.each([
    ['comma, LF', 'a,b\n1,2\n', ',', [['a', 'b'], ['1', '2']]],
    ['semicolon, CRLF', 'a;b\r\n1;2\r\n', ';', [['a', 'b'], ['1', '2']]],
    ['a lone CR ends a record', 'a,b\r1,2', ',', [['a', 'b'], ['1', '2']]],
    ['no line break at the end', 'a,b\n1,2', ',', [['a', 'b'], ['1', '2']]],
    ['the other separator is text', 'a;b,c\n', ',', [['a;b', 'c']]],
    ['quoted delimiter, doubled quotes and a line break', 'name,note\n"Smith, Ann","She said ""hi""\nthen left"\n', ',', [['name', 'note'], ['Smith, Ann', 'She said "hi"\nthen left']]],
    ['empty fields', ',,\n', ',', [['', '', '']]],
    ['a quoted empty field is a record, a blank line is not', 'a\n\n""\n\r\n', ',', [['a'], ['']]],
    ['a quote inside an unquoted field is kept', 'O"Brien,x\n', ',', [['O"Brien', 'x']]],
    ['text after a closing quote is kept', '"a"b,c\n', ',', [['ab', 'c']]],
    ['ragged rows are read as they are', 'a,b,c\n1,2\n1,2,3,4\n', ',', [['a', 'b', 'c'], ['1', '2'], ['1', '2', '3', '4']]],
  ] as const)('%s', (_, text, delimiter, expected) => {
    expect(fieldsOf(text, delimiter)).toEqual(expected)
  })

  it('drops a UTF-8 byte order mark and keeps accents', () => {
    expect(fieldsOf('\uFEFFPrénom,Nom\nJosé,Müller\n')).toEqual([['Prénom', 'Nom'], ['José', 'Müller']])
  })

  it('says when a quoted value runs to the end of the file', () => {
    expect(read('a,b\n"open,1\n2\n')).toEqual([
      { fields: ['a', 'b'], unclosedQuote: false },
      { fields: ['open,1\n2\n'], unclosedQuote: true },
    ])
  })

  it('refuses bytes that are not UTF-8', () => {
    const latin1 = new Uint8Array([0x4a, 0x6f, 0x73, 0xe9, 0x0a])
    expect(isUtf8(latin1)).toBe(false)
    expect(() => read(latin1)).toThrow(NotUtf8Error)
    const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0xd8, 0x00])
    expect(isUtf8(utf16)).toBe(false)
    expect(isUtf8(bytes('José'))).toBe(true)
  })

  it('guesses the separator from the header line, outside quotes', () => {
    expect(sniffDelimiter(bytes('a,b,c\n1;2;3;4;5\n'))).toBe(',')
    expect(sniffDelimiter(bytes('Vorname;Nachname;E-Mail\n'))).toBe(';')
    expect(sniffDelimiter(bytes('"Name, full";Email;Phone\n'))).toBe(';')
    expect(sniffDelimiter(bytes('one column\n'))).toBe(',')
  })

  it('reads any table written by a reference writer back as it was, whatever the separator, line break and piece sizes', () => {
    // Cells of any text, including quotes, both separators and line breaks; rows of one width.
    const cell = fc.string({ unit: fc.constantFrom('a', 'é', ' ', '"', ',', ';', '\n', '\r\n', 'x', '\u{1F600}'), maxLength: 8 })
    const table = fc.integer({ min: 1, max: 5 }).chain((width) => fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 8 }))
    fc.assert(
      fc.property(table, fc.constantFrom<CsvDelimiter>(',', ';'), fc.constantFrom('\n', '\r\n'), fc.boolean(), fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 6 }), (rows, delimiter, lineBreak, minimal, cuts) => {
        // A row of one empty field written minimally is a blank line, which is no record: the writers quote it.
        const text = (minimal ? writeCsvMinimal : writeCsv)(rows, delimiter, lineBreak)
        const reader = new CsvReader(delimiter)
        const records = []
        let at = 0
        for (let index = 0; at < text.length; index++) {
          const size = cuts[index % cuts.length] ?? 1
          records.push(...reader.push(text.slice(at, at + size)))
          at += size
        }
        records.push(...reader.end())
        expect(records.map((record) => record.fields)).toEqual(rows)
        expect(records.every((record) => !record.unclosedQuote)).toBe(true)
      }),
      { numRuns: 400 },
    )
  })

  it('reads a file of several megabytes across its decoding pieces the same as in one go', () => {
    const row = '"José, the ""first""",Müller,"line\r\nbreak",😀\r\n'
    const text = `a,b,c,d\r\n${row.repeat(40_000)}`
    const records = fieldsOf(text)
    expect(records).toHaveLength(40_001)
    expect(records[40_000]).toEqual(['José, the "first"', 'Müller', 'line\r\nbreak', '😀'])
  })
})
