import { Link, useNavigate } from '@remix-run/react'
import { ArrowDown, ArrowUp, Check, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { StaffUserListRow } from '#server/users/list-staff-users'
import { nextSortFor, usersListSearch, type UsersListQuery, type UsersSortColumn } from '#server/users/users-list-query'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { DateText } from '#app/components/ui/date-text'
import { CopyEmailButton } from './copy-email-button'

/** Each column's header: a key of the settings words. */
const COLUMNS = [
  { key: 'name', label: 'users_colName' },
  { key: 'email', label: 'users_colEmail' },
  { key: 'role', label: 'role' },
  { key: 'teacher', label: 'teacher' },
  { key: 'lastLogin', label: 'users_colLastLogin' },
] as const satisfies readonly { key: UsersSortColumn; label: string }[]

/** The staff table: sortable headers are links, so sorting works without JavaScript too. */
export function UsersTable({ rows, query }: { rows: StaffUserListRow[]; query: UsersListQuery }) {
  const navigate = useNavigate()
  const { t } = useTranslation('settings')
  return (
    <Table label={t('users_title')}>
      <TableHead>
        {COLUMNS.map((column) => {
          const sorted = query.sort === column.key
          return (
            <HeaderCell key={column.key} aria-sort={sorted ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
              <Link
                to={usersListSearch(query, nextSortFor(query, column.key)) || '?'}
                preventScrollReset
                className="inline-flex items-center gap-1 hover:text-slate-900"
              >
                {t(column.label)}
                {sorted ? (
                  query.dir === 'asc' ? <ArrowUp aria-hidden className="h-3.5 w-3.5" /> : <ArrowDown aria-hidden className="h-3.5 w-3.5" />
                ) : null}
              </Link>
            </HeaderCell>
          )
        })}
      </TableHead>
      <TableBody columnCount={COLUMNS.length} empty={t('users_noRecordFound')}>
        {rows.map((row) => (
          <Row key={row.guid} className="cursor-pointer" onClick={() => navigate(`/settings/users/${row.guid}`)}>
            <Cell className="font-medium">
              <Link to={`/settings/users/${row.guid}`} className="hover:underline" onClick={(event) => event.stopPropagation()}>
                {row.name}
              </Link>
              {row.isAccountLocked ? <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-700">{t('users_suspended')}</span> : null}
            </Cell>
            <Cell>
              {row.email ? (
                <span className="inline-flex items-center gap-1">
                  <span>{row.email}</span>
                  <CopyEmailButton email={row.email} />
                </span>
              ) : (
                '-'
              )}
            </Cell>
            <Cell>{row.roleTitle}</Cell>
            <Cell>
              {row.isTeacher ? (
                <>
                  <Check aria-hidden className="h-4 w-4 text-emerald-600" />
                  <span className="sr-only">{t('teacher')}</span>
                </>
              ) : (
                <>
                  <X aria-hidden className="h-4 w-4 text-slate-400" />
                  <span className="sr-only">{t('users_notTeacher')}</span>
                </>
              )}
            </Cell>
            <Cell className="whitespace-nowrap">
              {/* The spec's Last Login Time: a date or '-'. */}
              <DateText value={row.lastLogin} empty="-" />
            </Cell>
          </Row>
        ))}
      </TableBody>
    </Table>
  )
}
