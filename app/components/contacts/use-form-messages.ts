import { CONTACT_FORM_MESSAGES } from '#server/contacts/contact-form-schema'
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
