import { MESSAGE_TRANSLATIONS } from './catalog'
import type { Language } from './languages'

/** A message with values in it: its English form as a pattern, and its translation. */
interface MessageTemplate {
  pattern: RegExp
  names: string[]
  translation: string
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Entries with {{name}} placeholders become patterns, built once per language, the most
 * specific first (the most words of their own), so "Please check your cart: {{1}}" is tried
 * before a shorter pattern that would also match. An entry with no words of its own
 * ("{{1}}: {{2}}", a name and another message) would match anything: it is not a pattern, and
 * such a message is translated sentence by sentence instead.
 */
function templatesOf(table: Record<string, string>): MessageTemplate[] {
  const templates: (MessageTemplate & { words: number })[] = []
  for (const [english, translation] of Object.entries(table)) {
    if (!english.includes('{{')) continue
    const literal = english.replace(PLACEHOLDER, '')
    if (!/\p{L}/u.test(literal)) continue
    const names: string[] = []
    let source = ''
    let last = 0
    for (const match of english.matchAll(PLACEHOLDER)) {
      source += escapeRegExp(english.slice(last, match.index)) + '(.+?)'
      names.push(match[1] ?? '')
      last = (match.index ?? 0) + match[0].length
    }
    source += escapeRegExp(english.slice(last))
    templates.push({ pattern: new RegExp(`^${source}$`, 's'), names, translation, words: literal.length })
  }
  return templates.sort((a, b) => b.words - a.words)
}

const templatesByLanguage = new Map<Language, MessageTemplate[]>()

/** One message by its entry, or as a pattern with its values kept; null when neither knows it. */
function lookUp(language: Exclude<Language, 'en'>, message: string): string | null {
  const exact = MESSAGE_TRANSLATIONS[language][message]
  if (exact !== undefined) return exact
  let templates = templatesByLanguage.get(language)
  if (!templates) {
    templates = templatesOf(MESSAGE_TRANSLATIONS[language])
    templatesByLanguage.set(language, templates)
  }
  for (const template of templates) {
    const found = template.pattern.exec(message)
    if (!found) continue
    return template.translation.replace(PLACEHOLDER, (_whole, name: string) => found[template.names.indexOf(name) + 1] ?? '')
  }
  return null
}

/** Where one sentence of a message made of several ends: after . ! ? or : and a space. */
const SENTENCE_END = /(?<=[.!?:])\s+/

/**
 * A server message in the page's language. English comes back as it is. "Offer code 'X' is
 * invalid..." matches the entry "Offer code '{{1}}' is invalid..." and keeps X. A message put
 * together from others ("Please check your cart: A is sold out. B is no longer sold.") is
 * translated sentence by sentence when each sentence is known, since a pattern's value could
 * otherwise swallow the sentences before it. What has no translation stays English rather
 * than showing a key.
 */
export function translateMessage(language: Language, message: string): string {
  if (language === 'en' || message === '') return message
  const exact = MESSAGE_TRANSLATIONS[language][message]
  if (exact !== undefined) return exact
  const sentences = message.split(SENTENCE_END)
  const bySentence = sentences.length > 1 ? sentences.map((sentence) => lookUp(language, sentence)) : []
  if (bySentence.length > 0 && bySentence.every((sentence) => sentence !== null)) return bySentence.join(' ')
  return lookUp(language, message) ?? (bySentence.length > 0 ? bySentence.map((sentence, index) => sentence ?? sentences[index]).join(' ') : message)
}

/** The same for each message of a field-errors record. */
export function translateMessages<T extends Record<string, string | undefined>>(language: Language, messages: T): T {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, message === undefined ? message : translateMessage(language, message)])) as T
}
