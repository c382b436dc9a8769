import { useEffect, useRef } from 'react'
import { Cell, HeaderCell } from '#app/components/ui/table'
import type { ContactRowsSelection } from './use-contact-selection'
import { useContactsWords } from './use-contacts-words'

/** What the table's checkbox column needs: the list's bulk form and the selection kept in the page. */
export interface RowSelectionProps {
  /** The GET form (by id) the boxes belong to, so they post without JavaScript. */
  formId: string
  state: ContactRowsSelection
}

const BOX_CLASSES = 'h-4 w-4 rounded border-slate-400 accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text'

/**
 * The header's 'Select this page' box. Without JavaScript it posts `selectPage=1`, and the
 * page's guIds go with it as `pageId` (one per row), so ticking it alone selects the page.
 */
export function PageSelectBox({ selection }: { selection: RowSelectionProps }) {
  const { t } = useContactsWords()
  const ref = useRef<HTMLInputElement>(null)
  const { pageState } = selection.state
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = pageState === 'some'
  }, [pageState])
  return (
    <HeaderCell className="w-10">
      <input
        ref={ref}
        type="checkbox"
        name="selectPage"
        value="1"
        form={selection.formId}
        aria-label={t('selectThisPage')}
        checked={pageState === 'all'}
        onChange={(event) => selection.state.togglePage(event.currentTarget.checked)}
        className={BOX_CLASSES}
      />
    </HeaderCell>
  )
}

/**
 * A row's box: `id` is its guId; `pageId` says the row was on the page (for 'Select this page').
 * `label` comes from the table ('Select Ada Okafor'), which has the words already: a hook per row
 * would be fifty on every render of a page.
 */
export function RowSelectBox({ selection, guId, label }: { selection: RowSelectionProps; guId: string; label: string }) {
  const { state, formId } = selection
  return (
    <Cell className="w-10">
      <input type="hidden" name="pageId" value={guId} form={formId} />
      <input
        type="checkbox"
        name="id"
        value={guId}
        form={formId}
        aria-label={label}
        checked={state.allMatching || state.selected.has(guId)}
        onChange={(event) => state.toggle(guId, event.currentTarget.checked)}
        className={BOX_CLASSES}
      />
    </Cell>
  )
}
