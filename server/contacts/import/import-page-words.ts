import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import { MAPPING_MESSAGES } from './import-mapping'
import type { ImportPage } from './import-pages'
import type { ImportSummary } from './import-view'
import type { MappingStep } from './mapping-step'

/** '"First name" is chosen for another column too...': the field's name is itself in the page's language. */
const CHOSEN_TWICE = new RegExp(`^${MAPPING_MESSAGES.chosenTwice('\u0000').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0000', '(.+)')}$`)

/** Where one sentence ends, as translateMessage splits them. */
const SENTENCE_END = /(?<=[.!?:])\s+/

/**
 * A refused row's words: 'Email: Please enter a valid email address.' names the field before
 * its problem, so the field's name is translated too (a custom field's name stays the studio's).
 */
export function rowMessageIn(language: Language, message: string): string {
  if (language === 'en' || !message.includes(': ')) return translateMessage(language, message)
  return message
    .split(SENTENCE_END)
    .map((piece) => (piece.endsWith(':') ? `${translateMessage(language, piece.slice(0, -1))}:` : translateMessage(language, piece)))
    .join(' ')
}

function problemIn(language: Language, message: string): string {
  const twice = CHOSEN_TWICE.exec(message)
  if (twice) return translateMessage(language, MAPPING_MESSAGES.chosenTwice(translateMessage(language, twice[1] ?? '')))
  return translateMessage(language, message)
}

/**
 * The mapping step in the page's language: the standard fields' names, the preview's notes and
 * the problems. The file's own words (its header, its values) and the studio's custom field
 * names are the studio's and stay as they are.
 */
export function mappingStepIn(language: Language, step: MappingStep): MappingStep {
  if (language === 'en') return step
  const customNames = new Set(step.options.filter((option) => option.group === 'Custom fields').map((option) => option.label))
  return {
    ...step,
    options: step.options.map((option) => (option.group === 'Contact' ? { ...option, label: translateMessage(language, option.label) } : option)),
    problems: {
      form: step.problems.form === null ? null : problemIn(language, step.problems.form),
      columns: Object.fromEntries(Object.entries(step.problems.columns).map(([column, message]) => [column, problemIn(language, message)])),
    },
    preview: {
      columns: step.preview.columns.map((column) => (customNames.has(column) ? column : translateMessage(language, column))),
      rows: step.preview.rows.map((row) => ({ ...row, note: rowMessageIn(language, row.note) })),
    },
  }
}

/** An import's summary in the page's language: its failure, if any (the status is named on the page). */
function summaryIn(language: Language, summary: ImportSummary): ImportSummary {
  return summary.failure === null ? summary : { ...summary, failure: translateMessage(language, summary.failure) }
}

/** One import's page in the page's language. The error file keeps the English, as it is saved. */
export function importPageIn(language: Language, page: ImportPage): ImportPage {
  if (language === 'en') return page
  if (page.step === 'mapping') return { ...page, summary: summaryIn(language, page.summary), mapping: mappingStepIn(language, page.mapping) }
  return { ...page, summary: summaryIn(language, page.summary), errors: page.errors.map((error) => ({ ...error, message: rowMessageIn(language, error.message) })) }
}
