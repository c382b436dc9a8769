import { describe, expect, test } from 'vitest'
import { csvCell, csvLine, csvNumberCell } from '#server/csv/csv-cell'

describe('CSV cells are quoted and can never start a formula', () => {
  test.each([
    ['plain text', 'Zoë Müller', '"Zoë Müller"'],
    ['a quote is doubled', 'Acme "Ltd"', '"Acme ""Ltd"""'],
    ['a comma and a new line stay inside the quotes', 'a,b\nc', '"a,b\nc"'],
    ['=', '=HYPERLINK("http://evil.test")', `"'=HYPERLINK(""http://evil.test"")"`],
    ['+', '+1 555 0100', `"'+1 555 0100"`],
    ['-', '-2+3', `"'-2+3"`],
    ['@', '@SUM(A1)', `"'@SUM(A1)"`],
    ['a tab', '\t=1', `"'\t=1"`],
    ['a carriage return', '\r=1', `"'\r=1"`],
    ['a formula sign later on is harmless', 'a=b', '"a=b"'],
    ['empty', '', '""'],
  ])('%s', (_, value, written) => {
    expect(csvCell(value)).toBe(written)
  })

  test.each([
    ['a negative amount stays a number', '-45.50', '-45.50'],
    ['a whole number', '12', '12'],
    ['anything else is a text cell, made inert', '-1+1', `"'-1+1"`],
  ])('numbers the product computed: %s', (_, value, written) => {
    expect(csvNumberCell(value)).toBe(written)
  })

  test('a line ends in CRLF', () => {
    expect(csvLine([csvCell('a'), csvNumberCell('1')])).toBe('"a",1\r\n')
  })
})
