import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/**
 * The email a booked student gets when the studio cancels a session, in their language; `when`
 * comes written in it too. Plain text, signed with the studio's name.
 */
export function classCancellationEmail(
  input: { firstName: string; className: string; when: string; studio: string; note: string },
  language: Language = 'en',
): { subject: string; text: string } {
  const t = tFor(language, 'emails')
  const values = { className: input.className, when: input.when, studio: input.studio }
  const lines = [input.firstName ? t('hello', { name: input.firstName }) : t('helloNoName'), '', t('classCancelledBody', values)]
  // The studio's own note is theirs: kept as they wrote it.
  if (input.note) lines.push('', input.note)
  lines.push('', input.studio)
  return { subject: t('classCancelledSubject', values), text: lines.join('\n') }
}
