import { AppError } from './app-error'
import { DEFAULT_ERROR_MESSAGES, statusOf, type AppErrorCode } from './error-codes'
import type { Err } from './result'

/**
 * Responses for failures, in the spirit of epic-stack's `invariantResponse`: a route writes
 * `if (!form) throw notFound()` or `invariantResponse(form, 'Form not found', { code: 'not_found' })`
 * and the status comes from the one table in ./error-codes.
 */

type ErrorInit = Omit<ResponseInit, 'status'>

/** A plain-text Response for a code; the boundaries show their own words, this is for scripts and logs. */
export function errorResponse(code: AppErrorCode, message: string = DEFAULT_ERROR_MESSAGES[code], init: ErrorInit = {}): Response {
  const headers = new Headers(init.headers)
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'text/plain; charset=utf-8')
  return new Response(message, { ...init, status: statusOf(code), headers })
}

export const notFound = (message?: string, init?: ErrorInit) => errorResponse('not_found', message, init)
export const forbidden = (message?: string, init?: ErrorInit) => errorResponse('forbidden', message, init)
export const invalidInput = (message?: string, init?: ErrorInit) => errorResponse('invalid_input', message, init)
export const conflict = (message?: string, init?: ErrorInit) => errorResponse('conflict', message, init)
export const unsupportedMediaType = (message?: string, init?: ErrorInit) => errorResponse('unsupported_media_type', message, init)
export const payloadTooLarge = (message?: string, init?: ErrorInit) => errorResponse('payload_too_large', message, init)
export const rateLimited = (message?: string, init?: ErrorInit) => errorResponse('rate_limited', message, init)
export const unavailable = (message?: string, init?: ErrorInit) => errorResponse('unavailable', message, init)

/**
 * Throws the Response of `code` (400 by default, as epic-stack's helper) unless the condition
 * holds; TypeScript then knows the condition is true.
 */
export function invariantResponse(
  condition: unknown,
  message?: string | (() => string),
  init: ErrorInit & { code?: AppErrorCode } = {},
): asserts condition {
  if (condition) return
  const { code = 'invalid_input', ...rest } = init
  throw errorResponse(code, typeof message === 'function' ? message() : message, rest)
}

/** The value when it is there, else a thrown 404: `const form = foundOr404(await loadForm(...))`. */
export function foundOr404<T>(value: T | null | undefined, message?: string, init?: ErrorInit): T {
  if (value === null || value === undefined) throw notFound(message, init)
  return value
}

/** The Response for an AppError or a failed Result; anything else is not ours to word, so a bare 500. */
export function responseFor(failure: AppError | Pick<Err, 'error' | 'message'>): Response {
  if (failure instanceof AppError) return errorResponse(failure.code, failure.message)
  return errorResponse(failure.error, failure.message)
}

/**
 * For loaders and actions that call server code which may throw an AppError: rethrows it as
 * its Response, and anything else unchanged (Responses pass through, bugs stay 500s).
 */
export function rethrowAsResponse(thrown: unknown): never {
  if (thrown instanceof AppError) throw responseFor(thrown)
  throw thrown
}

/** Runs a loader or action body, turning an AppError it throws into its Response. */
export async function answeringAppErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (thrown) {
    return rethrowAsResponse(thrown)
  }
}
