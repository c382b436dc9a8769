export interface SplitName {
  firstName: string
  lastName: string
}

/**
 * "A field named Name is split into first and last name, both required": the first word is
 * the first name, everything after it the last name ('Mary Ann Smith' gives 'Mary' and
 * 'Ann Smith'). Runs of white space count as one.
 */
export function splitFullName(fullName: string): SplitName {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') }
}

export function joinFullName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ')
}

/** "A field named Name": the name, trimmed, in any case. */
export function isNameNamed(name: string): boolean {
  return name.trim().toLowerCase() === 'name'
}
