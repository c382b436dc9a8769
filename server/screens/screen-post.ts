import type { FieldSchema, ScreenDescriptor } from '#server/screens/descriptor'
import { clearFieldName, fieldName } from '#server/screens/parse-form-submission'
import { postedValues, refusedSubmission, validateSubmission, type SubmissionResult } from '#server/screens/validate-submission'
import { isRecord } from '#server/screens/apply-overlay'

/**
 * Whether a field's input posts nothing for one of its legitimate values, so that its absence
 * is an answer: an unticked checkbox or switch (false), a checkbox group with nothing ticked
 * (none), a radio group with no choice made (none). Every other input the themed form draws
 * always posts its name, empty or not (text, number, select, colour, a hidden image address).
 */
function absenceIsAnAnswer(field: FieldSchema, ui: unknown): boolean {
  if (field.type === 'boolean' || field.type === 'array') return true
  return isRecord(ui) && ui['ui:widget'] === 'radio'
}

function isPosted(form: FormData, path: readonly string[], field: FieldSchema): boolean {
  const name = fieldName(path)
  if (field.type === 'array') return form.has(`${name}[]`) || form.has(`${name}[0]`)
  return form.has(name) || form.has(clearFieldName(path))
}

/**
 * The fields the screen renders that a post left out. A settings post saves every field the
 * screen shows, so a field missing from it would be saved as blank: a post that lacks one did
 * not come from the form as drawn, and is refused whole (docs/decisions/058).
 */
export function missingFields(descriptor: Pick<ScreenDescriptor, 'schema' | 'uiSchema'>, form: FormData): string[] {
  const missing: string[] = []
  const walk = (properties: Record<string, FieldSchema>, path: string[], ui: unknown) => {
    for (const [name, field] of Object.entries(properties)) {
      if (field.readOnly) continue
      const fieldUi = isRecord(ui) ? ui[name] : undefined
      if (field.type === 'object') {
        walk(field.properties ?? {}, [...path, name], fieldUi)
        continue
      }
      if (absenceIsAnAnswer(field, fieldUi)) continue
      if (!isPosted(form, [...path, name], field)) missing.push([...path, name].join('.'))
    }
  }
  walk(descriptor.schema.properties, [], descriptor.uiSchema)
  return missing
}

/**
 * Checks a post of a descriptor-driven screen before anything is written: it must name the
 * form it comes from (`intent`, posted by every SchemaForm) and carry every field the screen
 * renders, unchecked checkboxes excepted; then the schema's own checks. Anything else is the
 * screen's 'Invalid Form!' and writes nothing.
 */
export function validateScreenPost(descriptor: ScreenDescriptor, form: FormData, intent: string): SubmissionResult {
  const submitted = validateSubmission(descriptor, form)
  if (form.get('intent') === intent && missingFields(descriptor, form).length === 0) return submitted
  return refusedSubmission(descriptor, postedValues(submitted), submitted.ok ? {} : submitted.details.fieldErrors)
}
