/**
 * A cell as spreadsheet programs read it safely: quoted, and a leading = + - @ tab or carriage
 * return made inert with an apostrophe, so text a visitor or staff typed cannot become a
 * formula in someone's spreadsheet (CSV injection). Shared by every CSV the product writes.
 */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${inert.replace(/"/g, '""')}"`
}

/**
 * A number the product computed itself (a balance), written as a number: a leading minus on
 * a value that is only digits cannot start a formula, and an apostrophe would turn '-12.50'
 * into text a spreadsheet no longer sums.
 */
export function csvNumberCell(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? value : csvCell(value)
}

/** One CSV line (RFC 4180 line end) of cells already written with csvCell or csvNumberCell. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`
}

/** Tells Excel the file is UTF-8, so accented names open right. */
export const UTF8_BOM = '\uFEFF'
