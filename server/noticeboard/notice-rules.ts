import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'
import { richTextToPlainText, sanitizeRichTextHtml } from '#server/text/rich-text-html'
import { NOTICE_MESSAGES } from './notice-words'

export { NOTICE_MESSAGES } from './notice-words'

export const NOTICE_TYPES = ['notice', 'quote'] as const
export type NoticeKind = (typeof NOTICE_TYPES)[number]

/** Long enough for any notice a studio writes; the column refuses more. */
export const NOTICE_MAX_LENGTH = 20000

export type NoticeInput = { message: string; type: NoticeKind; isActive: boolean }
export type NoticeFieldErrors = Partial<Record<'message' | 'type', string>>

const fieldsSchema = z.object({
  message: z.string().max(NOTICE_MAX_LENGTH * 2).default(''),
  type: z.string().max(20).default(''),
  // 'Published' posts 'true'; Private posts 'false' (a radio pair, so no JavaScript is needed).
  isActive: z.enum(['true', 'false']).default('true'),
})

/**
 * Reads a notice form: the message is sanitised first, so a message that is only markup (or
 * only script) counts as blank, as the spec's "blank after trimming" means to the reader.
 */
export type NoticeFormFailure = { errors: NoticeFieldErrors; message: string; type: string }

export function readNoticeForm(fields: Record<string, unknown>): WordedResult<NoticeInput, 'invalid_input', NoticeFormFailure> {
  const parsed = fieldsSchema.safeParse(fields)
  const raw = parsed.success ? parsed.data : { message: '', type: '', isActive: 'true' as const }
  const message = sanitizeRichTextHtml(raw.message).trim()
  const errors: NoticeFieldErrors = {}
  if (!richTextToPlainText(message).trim() || message.length > NOTICE_MAX_LENGTH) errors.message = NOTICE_MESSAGES.messageRequired
  const type = NOTICE_TYPES.find((candidate) => candidate === raw.type)
  if (!type) errors.type = NOTICE_MESSAGES.typeRequired
  if (errors.message || !type) return err('invalid_input', errors.message ?? errors.type ?? NOTICE_MESSAGES.messageRequired, { errors, message, type: raw.type })
  return ok({ message, type, isActive: raw.isActive === 'true' })
}

/** The board shows notices and quotes apart (spec 2.13). */
export function splitByType<T extends { type: NoticeKind }>(notices: readonly T[]): { notices: T[]; quotes: T[] } {
  return { notices: notices.filter((notice) => notice.type === 'notice'), quotes: notices.filter((notice) => notice.type === 'quote') }
}
