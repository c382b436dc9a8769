/** The two separators a contacts file may use: spreadsheets in many European locales write ';'. */
export type CsvDelimiter = ',' | ';'

export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';']

/** One record of the file: its fields, and whether its quoted field ran to the end of the file. */
export interface CsvRecord {
  fields: string[]
  unclosedQuote: boolean
}

const QUOTE = 34
const CR = 13
const LF = 10

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote seen inside a quoted field: a doubled quote, or the field's end. */
  QuoteInQuoted,
}

/**
 * An RFC 4180 reader fed text in pieces (so a 50 MB file is never one string): fields split
 * by the delimiter, records by CRLF, LF or a lone CR; a field in double quotes may hold the
 * delimiter, line breaks and doubled quotes. Lenient where spreadsheets are sloppy: a quote
 * inside an unquoted field is kept as it is, and text after a closing quote is kept too.
 * Blank lines are not records. The caller checks each record's field count.
 */
export class CsvReader {
  readonly #delimiter: number
  #state = State.FieldStart
  #field = ''
  #fields: string[] = []
  /** The record's first field was quoted, so a record of one empty field is not a blank line. */
  #sawQuote = false
  /** The last piece ended on CR: a LF at the start of the next one belongs to it. */
  #afterCr = false

  constructor(delimiter: CsvDelimiter) {
    this.#delimiter = delimiter.charCodeAt(0)
  }

  /** Reads a piece of text and returns the records it completed. */
  push(text: string): CsvRecord[] {
    const records: CsvRecord[] = []
    const delimiter = this.#delimiter
    const length = text.length
    let index = 0
    if (this.#afterCr && length > 0) {
      this.#afterCr = false
      if (text.charCodeAt(0) === LF) index = 1
    }
    while (index < length) {
      switch (this.#state) {
        case State.FieldStart:
        case State.Unquoted: {
          if (this.#state === State.FieldStart && text.charCodeAt(index) === QUOTE) {
            this.#state = State.Quoted
            this.#sawQuote = true
            index += 1
            break
          }
          // Copy the run of ordinary characters in one slice: most fields are plain text.
          let end = index
          while (end < length) {
            const code = text.charCodeAt(end)
            if (code === delimiter || code === LF || code === CR) break
            end += 1
          }
          if (end > index) {
            this.#field += text.slice(index, end)
            this.#state = State.Unquoted
          }
          index = end
          if (index < length) index = this.#separator(text, index, records)
          break
        }
        case State.Quoted: {
          const close = text.indexOf('"', index)
          if (close === -1) {
            this.#field += text.slice(index)
            index = length
          } else {
            this.#field += text.slice(index, close)
            this.#state = State.QuoteInQuoted
            index = close + 1
          }
          break
        }
        case State.QuoteInQuoted: {
          const code = text.charCodeAt(index)
          if (code === QUOTE) {
            this.#field += '"'
            this.#state = State.Quoted
            index += 1
          } else if (code === delimiter || code === LF || code === CR) {
            index = this.#separator(text, index, records)
          } else {
            // 'a"b' after a closing quote: kept as text rather than refused.
            this.#state = State.Unquoted
          }
          break
        }
      }
    }
    return records
  }

  /** Ends the input: the last record, if the text did not end with a line break. */
  end(): CsvRecord[] {
    const unclosedQuote = this.#state === State.Quoted
    if (this.#state === State.FieldStart && this.#fields.length === 0 && !this.#sawQuote) return []
    this.#fields.push(this.#field)
    const record = { fields: this.#fields, unclosedQuote }
    this.#reset()
    return [record]
  }

  /** At a delimiter or line break (text[index]); returns where reading goes on. */
  #separator(text: string, index: number, records: CsvRecord[]): number {
    const code = text.charCodeAt(index)
    this.#fields.push(this.#field)
    this.#field = ''
    if (code === this.#delimiter) {
      this.#state = State.FieldStart
      return index + 1
    }
    const blank = this.#fields.length === 1 && this.#fields[0] === '' && !this.#sawQuote
    if (!blank) records.push({ fields: this.#fields, unclosedQuote: false })
    this.#reset()
    if (code === CR) {
      if (index + 1 < text.length) return text.charCodeAt(index + 1) === LF ? index + 2 : index + 1
      this.#afterCr = true
    }
    return index + 1
  }

  #reset(): void {
    this.#fields = []
    this.#field = ''
    this.#state = State.FieldStart
    this.#sawQuote = false
  }
}

/** Thrown when the bytes are not UTF-8 text (a file saved as Windows-1252 or UTF-16, or not text at all). */
export class NotUtf8Error extends Error {
  override name = 'NotUtf8Error'
}

/** How much of the file is decoded at a time. */
const CHUNK_BYTES = 1024 * 1024

/**
 * The records of a CSV file's bytes, read a megabyte at a time: UTF-8 with or without a byte
 * order mark (dropped), anything else refused with NotUtf8Error when it is reached.
 */
export function* csvRecords(bytes: Uint8Array, delimiter: CsvDelimiter): Generator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const reader = new CsvReader(delimiter)
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    let text: string
    try {
      text = decoder.decode(bytes.subarray(offset, offset + CHUNK_BYTES), { stream: true })
    } catch {
      throw new NotUtf8Error('not utf-8')
    }
    yield* reader.push(text)
  }
  try {
    const rest = decoder.decode()
    if (rest) yield* reader.push(rest)
  } catch {
    throw new NotUtf8Error('not utf-8')
  }
  yield* reader.end()
}

/** Whether the bytes are UTF-8 text throughout (checked once, at upload). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/**
 * The file's separator, guessed from its header line: the one of ',' and ';' that occurs more
 * often outside quotes (a tie, or neither, is a comma). The mapping step lets a person change it.
 */
export function sniffDelimiter(bytes: Uint8Array): CsvDelimiter {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 64 * 1024))
  let commas = 0
  let semicolons = 0
  let quoted = false
  for (let index = 0; index < head.length; index++) {
    const char = head[index]
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (commas + semicolons > 0) break
    } else if (!quoted && char === ',') commas += 1
    else if (!quoted && char === ';') semicolons += 1
  }
  return semicolons > commas ? ';' : ','
}
