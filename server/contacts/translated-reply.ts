import type { SubmissionResult } from '@conform-to/react'
import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'

/** A refused form's answer with its messages in the page's language (fields and the form's own). */
export function translatedReply<R extends SubmissionResult<string[]>>(reply: R, language: Language): R {
  if (language === 'en' || !reply.error) return reply
  const error = Object.fromEntries(Object.entries(reply.error).map(([name, messages]) => [name, messages ? messages.map((message) => translateMessage(language, message)) : messages]))
  return { ...reply, error }
}
