import { z } from 'zod'
import type { CustomFieldView } from '#server/custom-fields/custom-field-view'
import { CSV_DELIMITERS, type CsvDelimiter } from './csv-reader'
import { customFieldTarget, importableFields, STANDARD_TARGETS, standardTarget } from './import-targets'
import type { OnDuplicate } from './plan-batch'

/** A target the mapping list offers: the standard fields, then the tenant's custom fields. */
export interface TargetOption {
  key: string
  label: string
  group: 'Contact' | 'Custom fields'
}

export function targetOptions(fields: readonly CustomFieldView[]): TargetOption[] {
  return [
    ...STANDARD_TARGETS.map((entry) => ({ key: entry.key, label: entry.label, group: 'Contact' as const })),
    ...importableFields(fields).map((field) => ({ key: customFieldTarget(field), label: field.name, group: 'Custom fields' as const })),
  ]
}

export const MAPPING_MESSAGES = {
  needsKey: 'Choose the column with the email, or the columns with the first and last names (or the full name): a contact is found and named by them.',
  chosenTwice: (label: string) => `"${label}" is chosen for another column too: each field takes one column at most.`,
  unknownTarget: 'Choose a field from the list.',
  invalid: 'Please correct the highlighted columns.',
} as const

/** The mapping step's choices as posted: a target per column ('column-0', ...), the separator and the duplicate rule. */
export interface MappingChoice {
  mapping: Record<string, string>
  delimiter: CsvDelimiter
  onDuplicate: OnDuplicate
}

export interface MappingProblems {
  form: string | null
  columns: Record<string, string>
}

const choiceSchema = z.object({
  delimiter: z.enum(CSV_DELIMITERS as [CsvDelimiter, ...CsvDelimiter[]]).catch(','),
  onDuplicate: z.enum(['skip', 'update']).catch('skip'),
})

/** Reads the mapping form; unknown columns and values are dropped, and named in the problems. */
export function readMappingForm(form: FormData, header: readonly string[], fields: readonly CustomFieldView[]): { choice: MappingChoice; problems: MappingProblems } {
  const { delimiter, onDuplicate } = choiceSchema.parse({ delimiter: form.get('delimiter'), onDuplicate: form.get('onDuplicate') })
  const known = new Set(targetOptions(fields).map((option) => option.key))
  const mapping: Record<string, string> = {}
  const columns: Record<string, string> = {}
  header.forEach((_, index) => {
    const value = form.get(`column-${index}`)
    if (typeof value !== 'string' || value === '') return
    if (!known.has(value)) columns[String(index)] = MAPPING_MESSAGES.unknownTarget
    else mapping[String(index)] = value
  })
  const problems = mappingProblems(mapping, fields)
  const merged = { ...problems.columns, ...columns }
  const summary = problems.form ?? (Object.keys(merged).length > 0 ? MAPPING_MESSAGES.invalid : null)
  return { choice: { mapping, delimiter, onDuplicate }, problems: { form: summary, columns: merged } }
}

/** What keeps a mapping from being imported: a field chosen twice, or neither an email nor a name to go by. */
export function mappingProblems(mapping: Readonly<Record<string, string>>, fields: readonly CustomFieldView[]): MappingProblems {
  const labels = new Map(targetOptions(fields).map((option) => [option.key, option.label]))
  const columns: Record<string, string> = {}
  const seen = new Set<string>()
  for (const [column, key] of Object.entries(mapping).sort(([a], [b]) => Number(a) - Number(b))) {
    if (seen.has(key)) columns[column] = MAPPING_MESSAGES.chosenTwice(labels.get(key) ?? standardTarget(key)?.label ?? key)
    seen.add(key)
  }
  const named = seen.has('fullName') || (seen.has('firstName') && seen.has('lastName'))
  const form = !seen.has('email') && !named ? MAPPING_MESSAGES.needsKey : Object.keys(columns).length > 0 ? MAPPING_MESSAGES.invalid : null
  return { form, columns }
}

export function hasMappingProblems(problems: MappingProblems): boolean {
  return problems.form !== null || Object.keys(problems.columns).length > 0
}
