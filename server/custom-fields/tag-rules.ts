import { generateTag } from '#server/shell/tags'

export const TAG_MAX_LENGTH = 25
export const TAG_HINT = 'Only Lowercase Alphabets and Numbers are allowed'
export const TAG_FORMAT_MESSAGE = "Tag can't be empty and use lowercase without spaces"
export const TAG_TOO_LONG_MESSAGE = 'Tag cannot exceed 25 chars'
export const TAG_IN_USE_MESSAGE = 'Tag is already in use'

/** The format part of the rule, as a JSON-schema pattern the browser checks too. */
export const TAG_PATTERN = '^[a-z0-9]+$'

/**
 * The spec's three tag rules, in the order a user meets them: format, length, uniqueness.
 * `otherTags` are the tenant's tags except the field's own.
 */
export function tagProblem(tag: string, otherTags: Iterable<string>): string | null {
  if (!/^[a-z0-9]+$/.test(tag)) return TAG_FORMAT_MESSAGE
  if (tag.length > TAG_MAX_LENGTH) return TAG_TOO_LONG_MESSAGE
  for (const other of otherTags) if (other === tag) return TAG_IN_USE_MESSAGE
  return null
}

/**
 * "The tag is auto-generated from the name while the tag has not been edited and the name is
 * at most 25 characters." Returns the tag to show, or null to leave the tag as it is.
 */
export function autoTagFor(name: string, tagEdited: boolean): string | null {
  if (tagEdited || name.length > TAG_MAX_LENGTH) return null
  return generateTag(name)
}
