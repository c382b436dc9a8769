import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { containsPattern } from '#server/text/like-pattern'

/** Fewer digits than this would match most phone numbers, so they do not search phones. */
const MIN_PHONE_DIGITS = 3
/**
 * Shorter text has too few trigrams for similarity to mean anything ('jo' is "similar" to
 * half the book); it still matches as a substring.
 */
const MIN_SIMILARITY_LENGTH = 3

/**
 * Where a contact matches typed text: its name, any of its four email addresses or its barcode
 * contains the text, ignoring case and accents ('jose' finds 'José'); or a word
 * of the name is spelled nearly like it ('rosi' finds 'Rossi', pg_trgm word similarity); or, for text that
 * looks like a phone number, its phone's digits contain the typed digits. Both the list and
 * the pickers' autocomplete search with this, on the trigram indexes of migration contacts-list.
 */
export function contactSearchCondition(text: string): RawBuilder<SqlBool> {
  const folded = sql`search_fold(${text})`
  const alternatives = [sql`search_text like ${sql`search_fold(${containsPattern(text)})`}`]
  if (searchesNearSpellings(text)) alternatives.push(sql`${folded} <% sort_name`)
  const digits = phoneDigitsSearched(text)
  if (digits !== null) alternatives.push(sql`(phone_digits <> '' and phone_digits like ${containsPattern(digits)})`)
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`
}

/** Whether the text also finds names spelled nearly like it: typos are forgiven in names, where people make them; an email or a number is exact. */
export function searchesNearSpellings(text: string): boolean {
  return text.length >= MIN_SIMILARITY_LENGTH && /^[\p{L}\s'.-]+$/u.test(text)
}

/** The digits a text searches phones by, or null: only text that looks like a phone number does ('100%' is not one). */
export function phoneDigitsSearched(text: string): string | null {
  const digits = /^[\d\s().+-]+$/.test(text) ? text.replace(/\D/g, '') : ''
  return digits.length >= MIN_PHONE_DIGITS ? digits : null
}

/** How well a contact matches (1 is an exact word), for ranking picker suggestions. */
export function contactSearchRank(text: string): RawBuilder<number> {
  return sql<number>`word_similarity(search_fold(${text}), sort_name)`
}
