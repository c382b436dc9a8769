import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'

export const FEEDBACK_PAGE_SIZES = [50, 100, 150] as const
export const FEEDBACK_DEFAULT_PAGE_SIZE = 50
export const FEEDBACK_MAX_LENGTH = 2000

/** Feedback's words and paging (website spec 2.14, 5, 8 and 9), spelled as the spec spells them. */
export const FEEDBACK_MESSAGES = {
  required: 'Message is required!',
  tooLong: `Message must be at most ${FEEDBACK_MAX_LENGTH} characters.`,
  sent: 'Feedback submited successfully',
} as const

const messageSchema = z.string().max(FEEDBACK_MAX_LENGTH * 2).default('')

/** The message a student typed, trimmed; blank or too long is refused with the spec's words. */
export function readFeedbackMessage(value: unknown): WordedResult<string, 'invalid_input'> {
  const parsed = messageSchema.safeParse(value ?? undefined)
  const message = parsed.success ? parsed.data.trim() : ''
  if (!message) return err('invalid_input', FEEDBACK_MESSAGES.required)
  if (message.length > FEEDBACK_MAX_LENGTH) return err('invalid_input', FEEDBACK_MESSAGES.tooLong)
  return ok(message)
}

export type FeedbackPaging = { page: number; size: number; offset: number }

/** Page (1-based) and size from the address; offset = page index times page size (spec 7). */
export function feedbackPaging(params: URLSearchParams): FeedbackPaging {
  const sizeAsked = Number(params.get('size'))
  const size = FEEDBACK_PAGE_SIZES.find((candidate) => candidate === sizeAsked) ?? FEEDBACK_DEFAULT_PAGE_SIZE
  const pageAsked = Number(params.get('page'))
  const page = Number.isInteger(pageAsked) && pageAsked >= 1 && pageAsked <= 100000 ? pageAsked : 1
  return { page, size, offset: (page - 1) * size }
}
