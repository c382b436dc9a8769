import { useTranslation } from 'react-i18next'
import type { ContactSearchItem } from '#server/contacts/search-contacts'

/**
 * The options of a contact suggestion list (spec 2.10: each shows the label and the email),
 * or 'No Record Found'. Goes inside the combobox's listbox; the mouse chooses without taking
 * the focus from the input.
 */
export function ContactOptions({
  items,
  active,
  optionId,
  onChoose,
}: {
  items: readonly ContactSearchItem[]
  active: number
  optionId: (index: number) => string
  onChoose: (item: ContactSearchItem) => void
}) {
  const { t } = useTranslation()
  if (items.length === 0) {
    return (
      <li role="option" aria-selected={false} aria-disabled className="px-3 py-2 text-sm text-slate-500">
        {t('contactPicker_noRecord')}
      </li>
    )
  }
  return items.map((item, index) => (
    <li
      key={item.id}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(item)}
      className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand/10' : 'hover:bg-slate-50'}`}
    >
      <span className="block text-sm font-medium text-slate-900">{item.label}</span>
      {item.email ? <span className="block text-xs text-slate-600">{item.email}</span> : null}
    </li>
  ))
}

/** The option an arrow key moves the highlight to, wrapping round; null for any other key. */
export function movedHighlight(key: string, current: number, count: number): number | null {
  if (count === 0) return null
  if (key === 'ArrowDown') return (current + 1) % count
  if (key === 'ArrowUp') return current <= 0 ? count - 1 : current - 1
  return null
}
