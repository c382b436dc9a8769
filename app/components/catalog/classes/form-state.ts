/** What a conform reply carries back to a plain form: the values posted and the messages by field. */
export interface PostedForm {
  initialValue?: Record<string, unknown> | null
  error?: Record<string, string[] | null> | null
}

/** The messages of one field ('' for the whole form) of the reply, if this form was the one posted. */
export function errorsOf(posted: PostedForm | null | undefined, name: string): string[] | null {
  return posted?.error?.[name] ?? null
}

/** A field's value: as posted when the post came back with messages, else the stored one. */
export function valueOf(posted: PostedForm | null | undefined, name: string, stored: string): string {
  const value = posted?.initialValue?.[name]
  if (posted?.initialValue) return typeof value === 'string' ? value : ''
  return stored
}

/** The values of a field that posts several (ticked checkboxes). */
export function valuesOf(posted: PostedForm | null | undefined, name: string, stored: readonly string[]): string[] {
  if (!posted?.initialValue) return [...stored]
  const value = posted.initialValue[name]
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string')
  return typeof value === 'string' ? [value] : []
}
