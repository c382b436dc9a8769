/**
 * Posted text as a person could have typed it: control characters removed (NUL above all,
 * which Postgres refuses in text and jsonb; tabs and line breaks stay) and lone surrogates,
 * which are not text either, replaced by U+FFFD.
 */
export function withoutControlCharacters(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
}
