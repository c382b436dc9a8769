import type { FieldSchema, MessageKeyword, ScreenDescriptor } from './descriptor'
import type { FormatName } from './formats'

export interface ValidationIssue {
  /** Path of the field: top-level name first, e.g. ['address', 'city']. */
  path: string[]
  keyword: MessageKeyword
  /** The schema value the keyword compared against (a length, a bound, a format name). */
  limit?: number | string
}

const formatMessages: Record<FormatName, string> = {
  email: 'Enter a valid email address',
  uri: 'Enter a full link, starting with https://',
  hostname: 'Enter a valid domain name, like schedule.example.com',
  color: 'Enter a colour like #4d8dfc',
  'image-url': 'Upload an image file',
}

/**
 * The sentence shown for one issue: the descriptor's own message for that field and keyword
 * (the spec's exact words), else a plain sentence built from the field's label. Shared by the
 * server and the browser so both show the same words.
 */
export function messageFor(descriptor: Pick<ScreenDescriptor, 'schema' | 'messages'>, issue: ValidationIssue): string {
  const field = issue.path[0] ?? ''
  const own = descriptor.messages.fields[issue.path.join('.')]?.[issue.keyword] ?? descriptor.messages.fields[field]?.[issue.keyword]
  if (own) return own
  const schema = fieldAt(descriptor.schema.properties, issue.path)
  // A list entry has no title of its own: it is named after its list.
  const label = schema?.title ?? descriptor.schema.properties[field]?.title ?? field
  switch (issue.keyword) {
    case 'required':
      return `${label} is required!`
    case 'type':
      return schema?.type === 'integer'
        ? `${label} must be a whole number`
        : schema?.type === 'number'
          ? `${label} must be a number`
          : `${label} has an unexpected value`
    case 'enum':
    case 'const':
      return `Choose one of the listed options for ${label}`
    case 'minLength':
      return `${label} must be at least ${issue.limit} characters`
    case 'maxLength':
      return `${label} must be at most ${issue.limit} characters`
    case 'pattern':
      return `${label} is not in the expected format`
    case 'format':
      return formatMessages[issue.limit as FormatName] ?? `${label} is not in the expected format`
    case 'minimum':
      return `${label} must be at least ${issue.limit}`
    case 'maximum':
      return `${label} must be at most ${issue.limit}`
    case 'multipleOf':
      return `${label} must be a multiple of ${issue.limit}`
    case 'minItems':
      return `Choose at least ${issue.limit} for ${label}`
    case 'maxItems':
      return `Choose at most ${issue.limit} for ${label}`
    case 'uniqueItems':
      return `${label} lists a value twice`
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
  descriptor: Pick<ScreenDescriptor, 'schema' | 'messages'>,
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
