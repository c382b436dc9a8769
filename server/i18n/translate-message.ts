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

/** Entries with {{name}} placeholders become patterns, built once per language. */
function templatesOf(table: Record<string, string>): MessageTemplate[] {
  const templates: MessageTemplate[] = []
  for (const [english, translation] of Object.entries(table)) {
    if (!english.includes('{{')) continue
    const names: string[] = []
    let source = ''
    let last = 0
    for (const match of english.matchAll(PLACEHOLDER)) {
      source += escapeRegExp(english.slice(last, match.index)) + '(.+?)'
      names.push(match[1] ?? '')
      last = (match.index ?? 0) + match[0].length
    }
    source += escapeRegExp(english.slice(last))
    templates.push({ pattern: new RegExp(`^${source}$`, 's'), names, translation })
  }
  return templates
}

const templatesByLanguage = new Map<Language, MessageTemplate[]>()

/**
 * A server message in the page's language. English comes back as it is; a message with no
 * translation stays English rather than showing a key. "Offer code 'X' is invalid..." matches
 * the entry "Offer code '{{code}}' is invalid..." and keeps X.
 */
export function translateMessage(language: Language, message: string): string {
  if (language === 'en' || message === '') return message
  const table = MESSAGE_TRANSLATIONS[language]
  const exact = table[message]
  if (exact !== undefined) return exact
  let templates = templatesByLanguage.get(language)
  if (!templates) {
    templates = templatesOf(table)
    templatesByLanguage.set(language, templates)
  }
  for (const template of templates) {
    const found = template.pattern.exec(message)
    if (!found) continue
    return template.translation.replace(PLACEHOLDER, (_whole, name: string) => found[template.names.indexOf(name) + 1] ?? '')
  }
  return message
}

/** The same for each message of a field-errors record. */
export function translateMessages<T extends Record<string, string | undefined>>(language: Language, messages: T): T {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, message === undefined ? message : translateMessage(language, message)])) as T
}
