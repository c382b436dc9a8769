import { Search } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import type { ContactSearchItem } from '#server/contacts/search-contacts'
import { ContactOptions, movedHighlight } from './contact-options'
import { useContactSuggestions } from './use-contact-suggestions'
import { useContactsWords } from './use-contacts-words'

/** Website spec 9: "Contact search debounce 20 ms". */
export const CONTACT_SEARCH_DEBOUNCE_MS = 20

/**
 * The contact search box (website spec 2.10): an autocomplete whose options show each
 * contact's label and email; choosing one hands it to `onChoose` and clears the input, ready
 * for the next search. Arrow keys move through the options, Enter chooses, Escape closes.
 * It needs JavaScript: pages that show it offer a plain search beside it.
 */
export function ContactSearchBox({ onChoose, label: givenLabel }: { onChoose: (contact: ContactSearchItem) => void; label?: string }) {
  const { t } = useContactsWords()
  // The spec's 'Search Contact' in English; the page's language otherwise.
  const label = givenLabel ?? t('searchContact')
  const id = useId()
  const listboxId = `${id}-options`
  const [text, setText] = useState('')
  const [active, setActive] = useState(-1)
  const { items, searched, clear, settle } = useContactSuggestions(text, CONTACT_SEARCH_DEBOUNCE_MS)
  // New suggestions start with none highlighted.
  useEffect(() => setActive(-1), [items])

  const close = () => {
    clear()
    setActive(-1)
  }
  const choose = (item: ContactSearchItem) => {
    settle('')
    setText('')
    setActive(-1)
    onChoose(item)
  }
  const open = searched && text.trim() !== ''

  return (
    <div className="relative w-full sm:w-72">
      <label htmlFor={`${id}-input`} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        placeholder={t('searchContact')}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        onBlur={close}
        onKeyDown={(event) => {
          const moved = movedHighlight(event.key, active, items.length)
          if (moved !== null) {
            event.preventDefault()
            setActive(moved)
          } else if (event.key === 'Enter') {
            event.preventDefault()
            const chosen = items[active] ?? (items.length === 1 ? items[0] : undefined)
            if (chosen) choose(chosen)
          } else if (event.key === 'Escape' && open) {
            event.preventDefault()
            close()
          }
        }}
        className="w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-text"
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={label}
        hidden={!open}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        <ContactOptions items={items} active={active} optionId={(index) => `${id}-option-${index}`} onChoose={choose} />
      </ul>
    </div>
  )
}
