import { Link } from '@remix-run/react'
import { ArrowDown, ArrowUp, Pencil } from 'lucide-react'
import type { ReactNode } from 'react'
import { contactListSearch, type ContactListFilter, type ContactSort } from '#server/contacts/contact-list-filter'
import type { ShownDate } from '#server/dates/tenant-dates'
import { DateText } from '#app/components/ui/date-text'
import { EditContactLink } from './edit-contact-dialog'
import { ContactAvatar } from './profile/contact-avatar'
import { useContactsWords } from './use-contacts-words'
import { PageSelectBox, RowSelectBox, type RowSelectionProps } from './row-select-box'
import { ListLink, ListLinks } from '#app/components/ui/list-link'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'

export interface ContactRowView {
  guId: string
  name: string
  initials: string
  /** The list-sized picture; null shows the initials. */
  pictureUrl: string | null
  email: string | null
  phone: string | null
  statuses: string[]
  isWalkIn: boolean
  balance: string
  balanceSign: number
  created: ShownDate | null
  updated: ShownDate | null
}

// The Edit links stay in sight while the table scrolls sideways (a laptop's width with the menu
// open, a phone), over the columns that pass under them.
const EDIT_COLUMN_CLASSES = 'sticky right-0 shadow-[-1px_0_0_var(--color-slate-200)]'

/**
 * One page of contacts; the sortable columns' headers are links that sort by them. Given
 * `selection`, a first column of checkboxes chooses rows for the bulk actions; given `onEdit`, a
 * last column of Edit links (the Edit Contact dialog in place, the full page without JavaScript).
 */
export function ContactsTable({
  rows,
  filter,
  empty,
  selection,
  onEdit,
}: {
  rows: ContactRowView[]
  filter: ContactListFilter
  empty: ReactNode
  selection?: RowSelectionProps
  onEdit?: (guId: string) => void
}) {
  const { t } = useContactsWords()
  const columnCount = 6 + (selection ? 1 : 0) + (onEdit ? 1 : 0)
  return (
    <ListLinks>
      <Table caption={t('contacts')} hideCaption minWidth={820 + (selection ? 40 : 0) + (onEdit ? 48 : 0)}>
        <TableHead>
          {selection ? <PageSelectBox selection={selection} /> : null}
          <SortHeader filter={filter} sort="name">
            {t('name')}
          </SortHeader>
          <HeaderCell>{t('emailAndPhone')}</HeaderCell>
          <HeaderCell>{t('status')}</HeaderCell>
          <SortHeader filter={filter} sort="balance" align="end">
            {t('balance')}
          </SortHeader>
          <SortHeader filter={filter} sort="created">
            {t('created')}
          </SortHeader>
          <SortHeader filter={filter} sort="updated">
            {t('updated')}
          </SortHeader>
          {onEdit ? (
            <HeaderCell className={`${EDIT_COLUMN_CLASSES} bg-slate-50`}>
              <span className="sr-only">{t('edit')}</span>
            </HeaderCell>
          ) : null}
        </TableHead>
        <TableBody columnCount={columnCount} empty={empty}>
          {rows.map((row) => (
            <Row key={row.guId} className="group">
              {selection ? <RowSelectBox selection={selection} guId={row.guId} label={t('selectName', { name: row.name })} /> : null}
              <HeaderCell scope="row">
                <span className="flex items-center gap-3">
                  <ContactAvatar pictureUrl={row.pictureUrl} initials={row.initials} size="sm" />
                  <ListLink to={`/contacts/${row.guId}/detail`} className="font-medium text-brand-text hover:underline">
                    {row.name}
                  </ListLink>
                </span>
              </HeaderCell>
              <Cell className="text-slate-700">
                <span className="block max-w-64 truncate" title={row.email ?? undefined}>
                  {row.email ?? '-'}
                </span>
                {row.phone ? <span className="block text-xs whitespace-nowrap text-slate-600">{row.phone}</span> : null}
              </Cell>
              <Cell>
                <span className="flex flex-wrap gap-1">
                  {row.statuses.map((status) => (
                    <span key={status} className="whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {status}
                    </span>
                  ))}
                  {row.isWalkIn ? <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t('walkIn')}</span> : null}
                </span>
              </Cell>
              <Cell align="end" className={`whitespace-nowrap tabular-nums ${row.balanceSign < 0 ? 'text-red-700' : row.balanceSign > 0 ? 'text-emerald-700' : 'text-slate-700'}`}>
                {row.balance}
              </Cell>
              <Cell className="whitespace-nowrap text-slate-700">
                <DateText value={row.created} empty="-" />
              </Cell>
              <Cell className="whitespace-nowrap text-slate-700">
                <DateText value={row.updated} empty="-" />
              </Cell>
              {onEdit ? (
                <Cell align="end" className={`${EDIT_COLUMN_CLASSES} bg-white group-hover:bg-slate-50`}>
                  <EditContactLink guId={row.guId} onOpen={onEdit} look={{ variant: 'secondary', size: 'sm' }} title={t('editName', { name: row.name })}>
                    <Pencil aria-hidden className="h-4 w-4" />
                    <span className="sr-only">{t('editName', { name: row.name })}</span>
                  </EditContactLink>
                </Cell>
              ) : null}
            </Row>
          ))}
        </TableBody>
      </Table>
    </ListLinks>
  )
}

function SortHeader({ filter, sort, align, children }: { filter: ContactListFilter; sort: ContactSort; align?: 'end'; children: string }) {
  const { t } = useContactsWords()
  const active = filter.sort === sort
  // A second click on the column in use turns its order round; a new column starts at its natural order.
  const direction = active ? (filter.direction === 'asc' ? 'desc' : 'asc') : sort === 'name' ? 'asc' : 'desc'
  const Arrow = filter.direction === 'asc' ? ArrowUp : ArrowDown
  return (
    <HeaderCell align={align} aria-sort={active ? (filter.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <Link to={`/contacts${contactListSearch(filter, { sort, direction, page: 1 })}`} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
        {children}
        {active ? <Arrow aria-hidden className="h-3.5 w-3.5" /> : null}
        <span className="sr-only">{active ? t(filter.direction === 'asc' ? 'sortedAscending' : 'sortedDescending') : t('sortByColumn')}</span>
      </Link>
    </HeaderCell>
  )
}
