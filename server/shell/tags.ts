/**
 * "Tags are extracted only from strings wrapped in double curly braces." Space just inside
 * the braces is trimmed ('{{ name }}' and '{{name}}' are one tag), space between words is
 * kept, empty braces are no tag, and each tag is listed once in order of first use.
 */
export function extractTags(text: string): string[] {
  const tags: string[] = []
  for (const match of text.matchAll(/\{\{([^{}]*)\}\}/g)) {
    const tag = (match[1] ?? '').trim()
    if (tag !== '' && !tags.includes(tag)) tags.push(tag)
  }
  return tags
}

/**
 * "A generated tag is lowercase alphanumeric only." Accents are folded first so 'Café'
 * keeps its e rather than losing the letter.
 */
export function generateTag(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}
