import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ContactSearchItem } from '#server/contacts/search-contacts'
import { Button } from '#app/components/ui/button'
import { ContactOptions, movedHighlight } from './contact-options'
import { useContactSuggestions } from './use-contact-suggestions'

/** Settings spec, section 9: the picker searches after a 100 ms pause. */
export const PICKER_DEBOUNCE_MS = 100
export const PICK_CONTACT_PATH = '/settings/users/pick'

type PickResult = { formErrors?: string[] | null } | undefined

type ContactPickerProps = {
  /** Without it there is no Cancel button (a picker on a page rather than in a dialog). */
  onCancel?: () => void
  /** Where the choice is posted; by default the Users list's pick page. */
  action?: string
  prompt?: string
  /** The posted field that carries the chosen contact's guid. */
  fieldName?: string
  submitLabel?: string
  /** Contacts not to offer (the one whose page this is). */
  excludeIds?: readonly string[]
  /** Focus the search when shown (in a dialog); not on a page, where it would jump there. */
  autoFocus?: boolean
  /** More fields posted with the choice (an intent, a relation), between the search and the buttons. */
  children?: ReactNode
}

/**
 * The contact picker (JavaScript version): type, choose one of the suggestions, Submit.
 * Submit stays disabled until a suggestion is chosen; Enter chooses the highlighted suggestion
 * and, once one is chosen, submits. Without JavaScript the same job is done by the pick page.
 */
export function ContactPicker({
  onCancel,
  action = PICK_CONTACT_PATH,
  prompt,
  fieldName = 'contactId',
  submitLabel,
  excludeIds = [],
  autoFocus = true,
  children,
}: ContactPickerProps) {
  const { t } = useTranslation()
  const fetcher = useFetcher<PickResult>()
  const listboxId = useId()
  const [text, setText] = useState('')
  const [active, setActive] = useState(-1)
  const [picked, setPicked] = useState<ContactSearchItem | null>(null)
  const { items, searched, settle } = useContactSuggestions(text, PICKER_DEBOUNCE_MS, excludeIds)
  // New suggestions start with none highlighted.
  useEffect(() => setActive(-1), [items])

  const choose = (item: ContactSearchItem) => {
    setPicked(item)
    settle(item.label)
    setText(item.label)
  }

  const formErrors = fetcher.data?.formErrors ?? null
  const open = items.length > 0 || (searched && !picked)
  return (
    <fetcher.Form method="post" action={action} className="flex flex-col gap-4">
      <p className="font-medium">{prompt ?? t('contactPicker_prompt')}</p>
      {formErrors?.length ? (
        <div role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formErrors.join(' ')}
        </div>
      ) : null}
      <div className="relative">
        <label htmlFor={`${listboxId}-input`} className="sr-only">
          {t('contactPicker_search')}
        </label>
        <input
          id={`${listboxId}-input`}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listboxId}-${active}` : undefined}
          autoComplete="off"
          data-autofocus={autoFocus || undefined}
          placeholder={t('contactPicker_placeholder')}
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value)
            if (picked && event.target.value !== picked.label) setPicked(null)
          }}
          onKeyDown={(event) => {
            const moved = movedHighlight(event.key, active, items.length)
            if (moved !== null) {
              event.preventDefault()
              setActive(moved)
            } else if (event.key === 'Enter') {
              const highlighted = items[active] ?? (items.length === 1 ? items[0] : undefined)
              if (highlighted && !picked) {
                event.preventDefault()
                choose(highlighted)
              } else if (!picked) {
                event.preventDefault()
              }
            }
          }}
          className="w-full rounded border border-slate-300 px-3 py-2"
        />
        {open ? (
          <ul id={listboxId} role="listbox" className="mt-1 max-h-72 w-full overflow-y-auto rounded border border-slate-200 bg-white">
            <ContactOptions items={items} active={active} optionId={(index) => `${listboxId}-${index}`} onChoose={choose} />
          </ul>
        ) : null}
      </div>
      <input type="hidden" name={fieldName} value={picked?.id ?? ''} />
      {children}
      <div className="flex justify-end gap-3">
        {onCancel ? (
          <Button type="button" onClick={onCancel} variant="secondary">
            {t('cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={!picked} busy={fetcher.state !== 'idle'} variant="primary">
          {submitLabel ?? t('submit')}
        </Button>
      </div>
    </fetcher.Form>
  )
}
