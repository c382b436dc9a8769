/**
 * Every way a request can fail on purpose, and the HTTP status each one answers with. This is
 * the only table: server code names a code, routes turn it into a Response through
 * `#server/errors/responses`, and the error boundaries read the status back.
 */
export const APP_ERROR_STATUS = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, number>

export type AppErrorCode = keyof typeof APP_ERROR_STATUS

/** What a person reads when the thrower gave no message of its own. */
export const DEFAULT_ERROR_MESSAGES: Record<AppErrorCode, string> = {
  invalid_input: 'Invalid request.',
  unauthenticated: 'Please sign in.',
  forbidden: 'You do not have access to this page.',
  not_found: 'Not found',
  conflict: 'This was changed meanwhile. Please reload and try again.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This kind of request body is not accepted here.',
  rate_limited: 'Too many attempts. Please wait a moment and try again.',
  internal: 'Something went wrong.',
  unavailable: 'The service is not available right now. Please try again in a moment.',
}

export function statusOf(code: AppErrorCode): number {
  return APP_ERROR_STATUS[code]
}

/** The code of a status, for reading a Response back (the error boundaries); 'internal' for any other. */
export function codeOfStatus(status: number): AppErrorCode {
  for (const [code, known] of Object.entries(APP_ERROR_STATUS) as Array<[AppErrorCode, number]>) if (known === status) return code
  return 'internal'
}

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && Object.hasOwn(APP_ERROR_STATUS, value)
}
