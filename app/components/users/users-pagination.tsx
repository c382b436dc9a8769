import { DEFAULT_USERS_LIST_QUERY as DEFAULTS, USERS_PAGE_SIZES, usersListSearch, type UsersListQuery } from '#server/users/users-list-query'
import { useTranslation } from 'react-i18next'
import { PageLinks, PageSizeForm } from '#app/components/ui/pagination'

/** Page size, the rows shown and the page links under the users table. */
export function UsersPagination({ query, total, pageCount }: { query: UsersListQuery; total: number; pageCount: number }) {
  const { t } = useTranslation('settings')
  const first = total === 0 ? 0 : (query.page - 1) * query.size + 1
  const last = Math.min(total, query.page * query.size)
  return (
    <div className="flex flex-wrap items-center justify-end gap-4 px-1 py-3 text-sm text-slate-600">
      <PageSizeForm
        id="users-page-size"
        sizes={USERS_PAGE_SIZES}
        current={query.size}
        hiddenFields={
          <>
            {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
            {query.sort !== DEFAULTS.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
            {query.dir !== DEFAULTS.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
          </>
        }
      />
      <span aria-live="polite">{t('rangeOfTotal', { first, last, total })}</span>
      <PageLinks page={query.page} pageCount={pageCount} hrefOf={(page) => usersListSearch(query, { page }) || '?'} />
    </div>
  )
}
