import { useFetcher, useLocation } from '@remix-run/react'
import { Download, Tag, Trash2 } from 'lucide-react'
import { useEffect, useState, type MouseEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { BulkContactAction } from '#server/contacts/bulk-contact-action'
import { carriedSelectionFields } from '#server/contacts/contact-selection'
import type { ContactListFilter } from '#server/contacts/contact-list-filter'
import type { action as bulkAction } from '#app/routes/_admin+/contacts+/bulk'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { BulkConfirmContent } from './bulk-confirm-content'
import { FilterHiddenFields } from './filter-hidden-fields'
import type { ContactRowsSelection } from './use-contact-selection'
import { useContactsWords } from './use-contacts-words'

export const CONTACTS_BULK_FORM_ID = 'contacts-bulk'

const ACTIONS: Array<{ action: BulkContactAction; label: 'bulkDelete' | 'bulkTag' | 'bulkExport'; Icon: typeof Trash2 }> = [
  { action: 'delete', label: 'bulkDelete', Icon: Trash2 },
  { action: 'tag', label: 'bulkTag', Icon: Tag },
  { action: 'export', label: 'bulkExport', Icon: Download },
]

/**
 * Above the list: what to do with the ticked contacts. Without JavaScript the boxes and these
 * buttons are one GET form that leads to the confirmation page (/contacts/bulk), and a box
 * offers 'all that match'. With it, a bar says how many are selected, offers all that match once
 * the page is, and each button opens its confirmation in a dialog.
 */
export function ContactsBulkActions({
  filter,
  total,
  state,
  tags,
}: {
  filter: ContactListFilter
  total: number
  state: ContactRowsSelection
  tags: Array<{ id: string; name: string }>
}) {
  const { t, shown, contactCount: contacts } = useContactsWords()
  const hydrated = useHydrated()
  const location = useLocation()
  const [open, setOpen] = useState<BulkContactAction | null>(null)
  const [openings, setOpenings] = useState(0)
  // A fresh fetcher per opening: a refusal shown last time is not shown again.
  const fetcher = useFetcher<typeof bulkAction>({ key: `contacts-bulk-${openings}` })
  useEffect(() => setOpen(null), [location.key])

  const choose = (event: MouseEvent<HTMLButtonElement>, action: BulkContactAction) => {
    if (!hydrated) return
    event.preventDefault()
    setOpenings((count) => count + 1)
    setOpen(action)
  }
  const close = () => setOpen(null)
  const selection = state.selection
  const carried = selection ? carriedSelectionFields(filter, selection) : []
  const everyoneOnPage = state.pageState === 'all' && !state.allMatching && total > state.selected.size

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-t-xl border border-b-0 border-slate-200 bg-slate-50 px-4 py-2.5 text-sm">
      <form id={CONTACTS_BULK_FORM_ID} method="get" action="/contacts/bulk" className="contents">
        <FilterHiddenFields filter={filter} omit={[]} />
      </form>
      {hydrated ? (
        <p aria-live="polite" className="font-medium text-slate-900">
          {state.count > 0 ? t('selectedCount', { shown: shown(state.count) }) : t('tickToAct')}
        </p>
      ) : (
        <p className="font-medium text-slate-900">{t('withTicked')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {ACTIONS.map(({ action, label, Icon }) => (
          <Button
            key={action}
            type="submit"
            form={CONTACTS_BULK_FORM_ID}
            name="bulk"
            value={action}
            size="sm"
            variant={action === 'delete' ? 'danger' : 'secondary'}
            disabled={hydrated && state.count === 0}
            onClick={(event) => choose(event, action)}
          >
            <Icon aria-hidden className="h-3.5 w-3.5" />
            {t(label)}
          </Button>
        ))}
      </div>
      {hydrated ? (
        everyoneOnPage ? (
          <p className="text-slate-700">
            {t('allOnPageSelected', { contacts: contacts(state.selected.size) })}{' '}
            <Button type="button" variant="link" onClick={state.selectAllMatching}>
              {t('selectAllMatching', { contacts: contacts(total) })}
            </Button>
          </p>
        ) : state.allMatching ? (
          <p className="text-slate-700">
            {t('allMatchingSelected', { contacts: contacts(total) })}{' '}
            <Button type="button" variant="link" onClick={state.clear}>
              {t('clearSelection')}
            </Button>
          </p>
        ) : null
      ) : total > 0 ? (
        <label className="flex items-center gap-2 text-slate-700">
          <input type="checkbox" name="all" value="1" form={CONTACTS_BULK_FORM_ID} className="h-4 w-4 accent-brand" />
          {t('orAllMatching', { contacts: contacts(total) })}
        </label>
      ) : null}
      {open && selection ? (
        <ConfirmDialog
          open
          onClose={close}
          title={t(`bulkTitle_${open}`)}
          intent={open}
          yesLabel={t(`bulkYes_${open}`)}
          yesVariant={open === 'delete' ? 'danger' : 'primary'}
          action={open === 'export' ? '/contacts/export.csv' : '/contacts/bulk'}
          method={open === 'export' ? 'get' : 'post'}
          reloadDocument={open === 'export'}
          fetcher={open === 'export' ? undefined : fetcher}
          hiddenFields={carried}
          // The download goes on without the page; the dialog closes once it has started.
          onSubmit={open === 'export' ? () => setTimeout(close, 0) : undefined}
        >
          <BulkConfirmContent
            action={open}
            count={state.count}
            notFound={0}
            allMatching={state.allMatching}
            tags={tags}
            formError={fetcher.data?.formError}
            tagErrors={fetcher.data?.tagErrors}
          />
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
