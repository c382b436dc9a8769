import { useContactsWords } from '#app/components/contacts/use-contacts-words'

/** The words for a profile field nobody filled in. */
export function NotGiven() {
  const { t } = useContactsWords()
  return <span className="text-slate-500 italic">{t('notGiven')}</span>
}
