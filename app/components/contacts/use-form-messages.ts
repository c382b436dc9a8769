import { CONTACT_EMAIL_LIMITS, CONTACT_EMAIL_MESSAGES } from '#server/contacts/actions/contact-email-schema'
import { CONTACT_FORM_MESSAGES } from '#server/contacts/contact-form-schema'
import { SEND_FROM_ACCOUNT_MESSAGES } from '#server/connected-emails/send-from-account-messages'
import { useContactsWords } from './use-contacts-words'

type FormMessageName = keyof typeof CONTACT_FORM_MESSAGES

const NAME_OF = new Map<string, FormMessageName>(Object.entries(CONTACT_FORM_MESSAGES).map(([name, message]) => [message, name as FormMessageName]))

/**
 * The contact forms' messages in the page's language. The browser checks the form with the
 * schema, whose messages are English (the spec's); each is shown by its name's words. A message
 * the server already wrote in the page's language passes as it is.
 */
export function useFormMessages() {
  const { t } = useContactsWords()
  const shown = (message: string) => {
    const name = NAME_OF.get(message)
    return name ? t(`form_${name}`) : message
  }
  return (messages: string[] | null | undefined) => (messages ? messages.map(shown) : messages)
}

const EMAIL_NAME_OF = new Map<string, keyof typeof CONTACT_EMAIL_MESSAGES>(
  Object.entries(CONTACT_EMAIL_MESSAGES).map(([name, message]) => [message, name as keyof typeof CONTACT_EMAIL_MESSAGES]),
)

/** The Send email form's messages in the page's language, the browser's and the server's alike. */
export function useEmailFormMessages() {
  const { t, shown: number } = useContactsWords()
  const shown = (message: string) => {
    const name = EMAIL_NAME_OF.get(message)
    if (name === 'subjectTooLong') return t('emailForm_subjectTooLong', { max: number(CONTACT_EMAIL_LIMITS.subject) })
    if (name === 'messageTooLong') return t('emailForm_messageTooLong', { max: number(CONTACT_EMAIL_LIMITS.message) })
    if (message === SEND_FROM_ACCOUNT_MESSAGES.chooseAccount) return t('mailbox_chooseAccount')
    return name ? t(`emailForm_${name}`) : message
  }
  return (messages: string[] | null | undefined) => (messages ? messages.map(shown) : messages)
}
