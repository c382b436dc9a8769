import { Form, Link, useSubmit } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { DEFAULT_USERS_LIST_QUERY as DEFAULTS, USERS_PAGE_SIZES, usersListSearch, type UsersListQuery } from '#server/users/users-list-query'
import { Button } from '#app/components/ui/button'

/**
 * Page size and page links under the table. The size is a GET form: without JavaScript it has
 * an Apply button, with it the choice applies at once.
 */
export function UsersPagination({ query, total, pageCount }: { query: UsersListQuery; total: number; pageCount: number }) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const first = total === 0 ? 0 : (query.page - 1) * query.size + 1
  const last = Math.min(total, query.page * query.size)
  return (
    <div className="flex flex-wrap items-center justify-end gap-4 px-1 py-3 text-sm text-slate-600">
      <Form method="get" className="flex items-center gap-2" onChange={(event) => submit(event.currentTarget)}>
        {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
        {query.sort !== DEFAULTS.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir !== DEFAULTS.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <label htmlFor="users-page-size">Items per page:</label>
        <select id="users-page-size" name="size" defaultValue={String(query.size)} key={query.size} className="rounded border border-slate-300 bg-white px-2 py-1">
          {USERS_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <Button type="submit" variant="secondary" size="sm">
            Apply
          </Button>
        )}
      </Form>
      <span aria-live="polite">
        {first} – {last} of {total}
      </span>
      <span className="flex items-center gap-1">
        <PageLink query={query} page={query.page - 1} disabled={query.page <= 1} label="Previous page">
          <ChevronLeft aria-hidden className="h-4 w-4" />
        </PageLink>
        <PageLink query={query} page={query.page + 1} disabled={query.page >= pageCount} label="Next page">
          <ChevronRight aria-hidden className="h-4 w-4" />
        </PageLink>
      </span>
    </div>
  )
}

function PageLink({ query, page, disabled, label, children }: { query: UsersListQuery; page: number; disabled: boolean; label: string; children: React.ReactNode }) {
  if (disabled) {
    return (
      // A link without an address is a disabled link: named, announced as unavailable, not focusable.
      <a role="link" aria-disabled="true" aria-label={label} className="rounded p-1.5 text-slate-300">
        {children}
      </a>
    )
  }
  return (
    <Link to={usersListSearch(query, { page }) || '?'} aria-label={label} preventScrollReset className="rounded p-1.5 hover:bg-slate-100">
      {children}
    </Link>
  )
}
