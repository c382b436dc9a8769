/**
 * Spec 002 section 5: "lowercase letters, digits and ._%+- before @, a domain, then 2 to 4
 * letters". Applies to a field named Email, email-type fields, and mother and father emails.
 */
export const EMAIL_PATTERN = '^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,4}$'
const emailRegex = new RegExp(EMAIL_PATTERN)

export const EMAIL_MAX_LENGTH = 254

/**
 * Addresses are trimmed and lower-cased before the pattern is applied: phones capitalise the
 * first letter, and 'Ann@Example.com' is the same mailbox as 'ann@example.com'.
 */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase()
}

export function matchesEmailPattern(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && emailRegex.test(value)
}

/** "A field named Email": the name, trimmed, in any case. */
export function isEmailNamed(name: string): boolean {
  return name.trim().toLowerCase() === 'email'
}
