/**
 * pg_trgm's word similarity (`word_similarity(a, b)` and the `a <% b` operator), computed in
 * the process so that the contact search index (docs/decisions/153) decides near spellings
 * exactly as Postgres does: the same words, the same padded trigrams, the same walk over the
 * text's trigrams, the same single-precision arithmetic and threshold.
 */

/**
 * Which characters make words, as the database's character type decides: under a UTF-8
 * character type every letter and digit does ('ıyı' is a word); under the C type only ASCII
 * ones do, and any other character separates words.
 */
export type WordCharacters = 'unicode' | 'ascii'

/** `pg_trgm.word_similarity_threshold`'s default, as the server holds it (a float widened to a double). */
export const WORD_SIMILARITY_THRESHOLD = Math.fround(0.6)

const ASCII_WORD_CHARACTER = /^[a-z0-9]$/i
const UNICODE_WORD_CHARACTER = /^[\p{L}\p{Nd}]$/u
const ASCII_ONLY = /^[\x00-\x7f]*$/

/** Whether this character (one code point) belongs to a word. */
export function isWordCharacter(character: string, mode: WordCharacters): boolean {
  return ASCII_WORD_CHARACTER.test(character) || (mode === 'unicode' && UNICODE_WORD_CHARACTER.test(character))
}

/**
 * Whether the process can be sure it splits this text into words as Postgres does: plain ASCII,
 * or (under a UTF-8 character type) letters and digits beyond it. Other characters (marks,
 * symbols, other numbers) are classed by the C library's tables, which this does not read.
 */
export function splitsLikePostgres(text: string, mode: WordCharacters): boolean {
  if (ASCII_ONLY.test(text)) return true
  for (const character of text) {
    if (character.charCodeAt(0) < 0x80) continue
    if (mode === 'ascii') continue
    if (!UNICODE_WORD_CHARACTER.test(character)) return false
  }
  return true
}

/**
 * The text's trigrams in order, with repeats: each word (lower-cased by the caller) padded with
 * two spaces before and one after, then every run of three characters. 'ab' gives '  a', ' ab',
 * 'ab '. Characters are code points, as Postgres counts them.
 */
export function wordTrigrams(text: string, mode: WordCharacters): string[] {
  const trigrams: string[] = []
  let word: string[] = []
  const flush = () => {
    if (word.length === 0) return
    const padded = [' ', ' ', ...word, ' ']
    for (let i = 0; i + 2 < padded.length; i++) trigrams.push(padded[i] + padded[i + 1] + padded[i + 2])
    word = []
  }
  for (const character of text) {
    if (isWordCharacter(character, mode)) word.push(character)
    else flush()
  }
  flush()
  return trigrams
}

/** pg_trgm's similarity of `count` shared trigrams, in single precision as it computes it. */
function similarityOf(count: number, queryTrigrams: number, extentTrigrams: number): number {
  return Math.fround(count / (queryTrigrams + extentTrigrams - count))
}

/**
 * The greatest similarity between the query's set of trigrams and any continuous extent of the
 * text's trigrams, found as pg_trgm finds it: each time the walk meets a trigram of the query,
 * the extent ends there and its start moves right while that raises the similarity.
 * With `threshold`, the walk stops as soon as the similarity reaches it (the operator's check).
 */
export function wordSimilarity(query: string, text: string, mode: WordCharacters, threshold?: number): number {
  const queryTrigrams = new Set(wordTrigrams(query, mode))
  if (queryTrigrams.size === 0) return 0
  // Each distinct trigram of the text gets a number; whether it is one of the query's.
  const numbers = new Map<string, number>()
  const inQuery: number[] = []
  const sequence = Int32Array.from(wordTrigrams(text, mode), (trigram) => {
    let number = numbers.get(trigram)
    if (number === undefined) {
      number = numbers.size
      numbers.set(trigram, number)
      inQuery.push(queryTrigrams.has(trigram) ? 1 : 0)
    }
    return number
  })
  const lastPosition = new Int32Array(numbers.size).fill(-1)
  return extentSimilarity(sequence, Uint8Array.from(inQuery), queryTrigrams.size, lastPosition, threshold)
}

/**
 * The walk itself, over a text's trigrams given as numbers: `inQuery[number]` is 1 for the
 * query's trigrams, of which there are `queryCount` distinct. `lastPosition` holds -1 for every
 * number of the sequence on entry, and is left so (callers share one across texts).
 */
export function extentSimilarity(sequence: Int32Array, inQuery: Uint8Array, queryCount: number, lastPosition: Int32Array, threshold?: number): number {
  let lower = -1
  let count = 0
  let distinct = 0
  let best = 0
  for (let i = 0; i < sequence.length; i++) {
    const number = sequence[i]
    const found = inQuery[number] === 1
    if (lower >= 0 || found) {
      if (lastPosition[number] < 0) {
        distinct++
        if (found) count++
      }
      lastPosition[number] = i
    }
    if (!found) continue

    const upper = i
    if (lower === -1) {
      lower = i
      distinct = 1
    }
    let current = similarityOf(count, queryCount, distinct)
    // Try each later start of the extent, dropping the trigrams that only the skipped part held.
    let trialCount = count
    let trialDistinct = distinct
    const previousLower = lower
    for (let start = lower; start <= upper; start++) {
      const trial = similarityOf(trialCount, queryCount, trialDistinct)
      if (trial > current) {
        current = trial
        distinct = trialDistinct
        lower = start
        count = trialCount
      }
      if (threshold !== undefined && current >= threshold) break
      const skipped = sequence[start]
      if (lastPosition[skipped] === start) {
        trialDistinct--
        if (inQuery[skipped] === 1) trialCount--
      }
    }
    best = Math.max(best, current)
    if (threshold !== undefined && best >= threshold) break
    for (let start = previousLower; start < lower; start++) {
      const skipped = sequence[start]
      if (lastPosition[skipped] === start) lastPosition[skipped] = -1
    }
  }
  for (let i = 0; i < sequence.length; i++) lastPosition[sequence[i]] = -1
  return best
}

/** `query <% text`: whether a word of the text is spelled nearly like the query. */
export function isNearWordOf(query: string, text: string, mode: WordCharacters): boolean {
  return wordSimilarity(query, text, mode, WORD_SIMILARITY_THRESHOLD) >= WORD_SIMILARITY_THRESHOLD
}
