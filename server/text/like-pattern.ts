/** A `%text%` pattern for ILIKE that matches the text literally, wildcards included. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}
