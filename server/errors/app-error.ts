import { DEFAULT_ERROR_MESSAGES, statusOf, type AppErrorCode } from './error-codes'

/**
 * An expected failure thrown by server code: a code from the one status table and a message
 * that is safe to show (never a stack, a query or another tenant's data). Anything else
 * thrown is a bug and answers 500 with a generic message.
 */
export class AppError extends Error {
  readonly code: AppErrorCode

  constructor(code: AppErrorCode, message: string = DEFAULT_ERROR_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AppError'
    this.code = code
  }

  get status(): number {
    return statusOf(this.code)
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError
}
