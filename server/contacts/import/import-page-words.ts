import { DATE_FORMATS } from '#server/dates/date-formats'
import { tooLongMessage } from '#server/forms/form-messages'
import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import { MAPPING_MESSAGES } from './import-mapping'
import type { ImportPage } from './import-pages'
import { ROW_MESSAGES } from './import-row'
import { STANDARD_TARGETS } from './import-targets'
import type { ImportSummary } from './import-view'
import type { MappingStep } from './mapping-step'

/** '"First name" is chosen for another column too...': the field's name is itself in the page's language. */
const CHOSEN_TWICE = new RegExp(`^${MAPPING_MESSAGES.chosenTwice('\u0000').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0000', '(.+)')}$`)

/** Where one sentence ends, as translateMessage splits them. */
const SENTENCE_END = /(?<=[.!?:])\s+/

const SLOT = '\u0000'

/** A message made with SLOT for each of its values, as a pattern that finds those values again. */
function patternOf(message: string): RegExp {
  return new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').split(SLOT).join('(.+?)')}$`)
}

const DATE_PROBLEM = patternOf(ROW_MESSAGES.dateInvalid(SLOT, SLOT))
const TOO_LONG = patternOf(tooLongMessage(SLOT, 12345).replace('12345', SLOT))
const STANDARD_LABELS = new Set(STANDARD_TARGETS.map((target) => target.label))
const FORMATS = new Set<string>(DATE_FORMATS)

/** 'dd/MM/YYYY' as Turkish writes the letters of a date pattern ('GG/AA/YYYY', as 'YYYY-AA-GG' is). */
function dateFormatIn(language: Language, format: string): string {
  if (language !== 'tr' || !FORMATS.has(format)) return format
  return format.replace(/M/g, 'A').replace(/d/g, 'G')
}

/**
 * A sentence that names a contact field inside it ('Date of birth must be a date...', 'Zip code
 * must be at most 20 characters.') is made again with the field's name and the studio's date
 * format in the page's language, then translated. A custom field's name is the studio's own.
 */
function namedProblemIn(language: Language, sentence: string): string | null {
  const date = DATE_PROBLEM.exec(sentence)
  if (date && STANDARD_LABELS.has(date[1] ?? '')) return translateMessage(language, ROW_MESSAGES.dateInvalid(translateMessage(language, date[1] ?? ''), dateFormatIn(language, date[2] ?? '')))
  const long = TOO_LONG.exec(sentence)
  if (long && STANDARD_LABELS.has(long[1] ?? '')) return translateMessage(language, tooLongMessage(translateMessage(language, long[1] ?? ''), Number(long[2])))
  return null
}

/**
 * A refused row's words: 'Email: Please enter a valid email address.' names the field before
 * its problem, and 'Date of birth must be a date...' inside it, so the field's name is
 * translated too (a custom field's name stays the studio's).
 */
export function rowMessageIn(language: Language, message: string): string {
  if (language === 'en') return message
  return message
    .split(SENTENCE_END)
    .map((piece) => (piece.endsWith(':') ? `${translateMessage(language, piece.slice(0, -1))}:` : (namedProblemIn(language, piece) ?? translateMessage(language, piece))))
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
