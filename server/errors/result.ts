import { AppError } from './app-error'
import type { AppErrorCode } from './error-codes'

/**
 * The one shape a domain function answers with when failing is part of its job (a taken
 * email, the last admin, a record that is gone): `ok` says which side it is.
 *
 * - success: `{ ok: true, value }`
 * - failure: `{ ok: false, error, message?, details? }` where `error` is a code of the status
 *   table (so a route can answer it without a mapping of its own), `message` is what a person
 *   reads, and `details` carries what the screen needs to show it (field messages, a form's
 *   state).
 *
 * Functions whose only failure is "not there" may return `T | null` instead; bugs and lost
 * connections are thrown, never returned.
 */
export type Result<T, E extends AppErrorCode = AppErrorCode, D = undefined> = Ok<T> | Err<E, D>

export type Ok<T> = { readonly ok: true; readonly value: T }

export type Err<E extends AppErrorCode = AppErrorCode, D = undefined> = {
  readonly ok: false
  readonly error: E
  readonly message?: string
} & ([D] extends [undefined] ? { readonly details?: undefined } : { readonly details: D })

/**
 * A failure that always carries its words: what a refused form, sign-in or check shows. A
 * function whose every failure is worded answers `WordedResult`, so callers need no fallback.
 */
export type Refusal<E extends AppErrorCode = AppErrorCode, D = undefined> = Err<E, D> & { readonly message: string }

export type WordedResult<T, E extends AppErrorCode = AppErrorCode, D = undefined> = Ok<T> | Refusal<E, D>

export function ok<T>(value: T): Ok<T>
export function ok(): Ok<undefined>
export function ok<T>(value?: T): Ok<T | undefined> {
  return { ok: true, value }
}

export function err<E extends AppErrorCode>(error: E, message: string): Refusal<E>
export function err<E extends AppErrorCode>(error: E, message?: string): Err<E>
export function err<E extends AppErrorCode, D>(error: E, message: string, details: D): Refusal<E, D>
export function err<E extends AppErrorCode, D>(error: E, message: string | undefined, details: D): Err<E, D>
export function err<E extends AppErrorCode, D>(error: E, message?: string, details?: D): Err<E, D> {
  const failure: { ok: false; error: E; message?: string; details?: D } = { ok: false, error }
  if (message !== undefined) failure.message = message
  if (details !== undefined) failure.details = details
  // The overloads above tie `details` to D; the object built here matches whichever was called.
  return failure as Err<E, D>
}

/** The value, or the failure thrown as an AppError (for callers with nothing better to do with it). */
export function unwrap<T, E extends AppErrorCode, D>(result: Result<T, E, D>): T {
  if (result.ok) return result.value
  throw new AppError(result.error, result.message)
}
