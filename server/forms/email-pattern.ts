/**
 * Spec 002 section 5: "lowercase letters, digits and ._%+- before @, a domain, then 2 to 4
 * letters". Applies to a field named Email, email-type fields, and mother and father emails.
 *
 * The top-level domain is widened from the spec's 2 to 4 letters to 2 to 63 (the longest DNS
 * label), plus the internationalised `xn--` form: name@studio.online, a@b.museum and
 * a@b.xn--p1ai are real mailboxes (docs/decisions/054).
 */
const TOP_LEVEL_DOMAIN = '(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})'
export const EMAIL_PATTERN = `^[a-z0-9._%+-]+@[a-z0-9.-]+\\.${TOP_LEVEL_DOMAIN}$`
const emailRegex = new RegExp(EMAIL_PATTERN)

/**
 * The same rule for the browser's `pattern` attribute, which sees the address as typed (before
 * it is lower-cased), so capitals are let through there and the server lower-cases them.
 * Browsers compile `pattern` with the `v` flag, where a bare `-` inside a class is an error
 * that makes them drop the check: each one is escaped (valid under `u` and `v` alike).
 */
export const BROWSER_EMAIL_PATTERN = `^[A-Za-z0-9._%+\\-]+@[A-Za-z0-9.\\-]+\\.(?:[A-Za-z]{2,63}|[Xx][Nn]--[A-Za-z0-9\\-]{1,59})$`

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
