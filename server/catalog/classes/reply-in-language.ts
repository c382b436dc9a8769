import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'

/**
 * A form's reply with its messages in the page's language: the schemas and refusals write them
 * in English, and the reply is what reaches the page.
 */
export function replyInLanguage<Reply extends { error?: Record<string, string[] | null> | null }>(reply: Reply, language: Language): Reply {
  if (language === 'en' || !reply.error) return reply
  const error = Object.fromEntries(Object.entries(reply.error).map(([name, messages]) => [name, messages ? messages.map((message) => translateMessage(language, message)) : messages]))
  return { ...reply, error }
}
