import { Link, useNavigate } from '@remix-run/react'
import { ArrowDown, ArrowUp, Check, X } from 'lucide-react'
import type { StaffUserListRow } from '#server/users/list-staff-users'
import { nextSortFor, usersListSearch, type UsersListQuery, type UsersSortColumn } from '#server/users/users-list-query'
import { CopyEmailButton } from './copy-email-button'

const COLUMNS: { key: UsersSortColumn; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'teacher', label: 'Teacher' },
  { key: 'lastLogin', label: 'Last Login Time' },
]

/** The staff table: sortable headers are links, so sorting works without JavaScript too. */
export function UsersTable({ rows, query }: { rows: StaffUserListRow[]; query: UsersListQuery }) {
  const navigate = useNavigate()
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            {COLUMNS.map((column) => {
              const sorted = query.sort === column.key
              return (
                <th
                  key={column.key}
                  scope="col"
                  className="px-4 py-3 font-semibold whitespace-nowrap"
                  aria-sort={sorted ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <Link
                    to={usersListSearch(query, nextSortFor(query, column.key)) || '?'}
                    preventScrollReset
                    className="inline-flex items-center gap-1 hover:text-slate-900"
                  >
                    {column.label}
                    {sorted ? (
                      query.dir === 'asc' ? <ArrowUp aria-hidden className="h-3.5 w-3.5" /> : <ArrowDown aria-hidden className="h-3.5 w-3.5" />
                    ) : null}
                  </Link>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="px-4 py-8 text-center text-slate-500">
                No Record Found
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.guid}
                className="group cursor-pointer border-b border-slate-100 last:border-0 hover:bg-slate-50"
                onClick={() => navigate(`/settings/users/${row.guid}`)}
              >
                <td className="px-4 py-3 font-medium">
                  <Link to={`/settings/users/${row.guid}`} className="hover:underline" onClick={(event) => event.stopPropagation()}>
                    {row.name}
                  </Link>
                  {row.isAccountLocked ? (
                    <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-700">Suspended</span>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  {row.email ? (
                    <span className="inline-flex items-center gap-1">
                      <span>{row.email}</span>
                      <CopyEmailButton email={row.email} />
                    </span>
                  ) : (
                    '-'
                  )}
                </td>
                <td className="px-4 py-3">{row.roleTitle}</td>
                <td className="px-4 py-3">
                  {row.isTeacher ? (
                    <>
                      <Check aria-hidden className="h-4 w-4 text-emerald-600" />
                      <span className="sr-only">Teacher</span>
                    </>
                  ) : (
                    <>
                      <X aria-hidden className="h-4 w-4 text-slate-400" />
                      <span className="sr-only">Not a teacher</span>
                    </>
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{row.lastLogin}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
