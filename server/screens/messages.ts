import type { FieldSchema, MessageKeyword, ScreenDescriptor } from './descriptor'
import type { FormatName } from './formats'
import { ISSUE_PHRASES } from './message-phrases'

export interface ValidationIssue {
  /** Path of the field: top-level name first, e.g. ['address', 'city']. */
  path: string[]
  keyword: MessageKeyword
  /** The schema value the keyword compared against (a length, a bound, a format name). */
  limit?: number | string
}

/**
 * The sentence shown for one issue: the descriptor's own message for that field and keyword
 * (the spec's exact words), else a plain sentence built from the field's label, in the
 * descriptor's language. Shared by the server and the browser so both show the same words.
 */
export function messageFor(descriptor: Pick<ScreenDescriptor, 'schema' | 'messages' | 'language'>, issue: ValidationIssue): string {
  const field = issue.path[0] ?? ''
  const own = descriptor.messages.fields[issue.path.join('.')]?.[issue.keyword] ?? descriptor.messages.fields[field]?.[issue.keyword]
  if (own) return own
  const schema = fieldAt(descriptor.schema.properties, issue.path)
  // A list entry has no title of its own: it is named after its list.
  const label = schema?.title ?? descriptor.schema.properties[field]?.title ?? field
  const phrases = ISSUE_PHRASES[descriptor.language ?? 'en']
  switch (issue.keyword) {
    case 'required':
      return phrases.required(label)
    case 'type':
      return schema?.type === 'integer' ? phrases.wholeNumber(label) : schema?.type === 'number' ? phrases.number(label) : phrases.unexpected(label)
    case 'enum':
    case 'const':
      return phrases.choose(label)
    case 'minLength':
      return phrases.minLength(label, issue.limit)
    case 'maxLength':
      return phrases.maxLength(label, issue.limit)
    case 'pattern':
      return phrases.pattern(label)
    case 'format':
      return phrases.formats[issue.limit as FormatName] ?? phrases.pattern(label)
    case 'minimum':
      return phrases.minimum(label, issue.limit)
    case 'maximum':
      return phrases.maximum(label, issue.limit)
    case 'multipleOf':
      return phrases.multipleOf(label, issue.limit)
    case 'minItems':
      return phrases.minItems(label, issue.limit)
    case 'maxItems':
      return phrases.maxItems(label, issue.limit)
    case 'uniqueItems':
      return phrases.uniqueItems(label)
  }
}

function fieldAt(properties: Record<string, FieldSchema>, path: string[]): FieldSchema | undefined {
  let schema: FieldSchema | undefined = properties[path[0] ?? '']
  for (const part of path.slice(1)) {
    if (!schema) return undefined
    schema = /^\d+$/.test(part) ? schema.items : schema.properties?.[part]
  }
  return schema
}

/** Issues grouped as field path -> messages, the first issue of each keyword only. */
export function fieldErrorsFrom(
  descriptor: Pick<ScreenDescriptor, 'schema' | 'messages' | 'language'>,
  issues: readonly ValidationIssue[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = issue.path.join('.')
    const message = messageFor(descriptor, issue)
    const list = (errors[key] ??= [])
    if (!list.includes(message)) list.push(message)
  }
  return errors
}
