/** Whether a database error is the named constraint failing (pg and PGlite both name it, one as a field, one in the message). */
export function violates(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const named = (error as { constraint?: unknown }).constraint
  if (named === constraint) return true
  const message = (error as { message?: unknown }).message
  return typeof message === 'string' && message.includes(`"${constraint}"`)
}
