import { Form, Link, useSubmit } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { CONTACT_PAGE_SIZES, contactListSearch, type ContactListFilter } from '#server/contacts/contact-list-filter'
import { Button } from '#app/components/ui/button'
import { FilterHiddenFields } from './filter-hidden-fields'

/**
 * Under the table: the result count, the page size (a GET form; with JavaScript it applies at
 * once) and the previous and next page links.
 */
export function ContactsPagination({ filter, total, pageCount }: { filter: ContactListFilter; total: number; pageCount: number }) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const first = total === 0 ? 0 : (filter.page - 1) * filter.pageSize + 1
  const last = Math.min(total, filter.page * filter.pageSize)
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 px-1 py-3 text-sm text-slate-600">
      <p>
        <span className="font-medium text-slate-900">{total.toLocaleString('en-US')}</span> {total === 1 ? 'contact' : 'contacts'}
        {total > 0 ? (
          <span>
            {' '}
            · showing {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')}
          </span>
        ) : null}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <Form method="get" action="/contacts" className="flex items-center gap-2" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
          <FilterHiddenFields filter={filter} omit={['pageSize', 'page']} />
          <label htmlFor="contacts-page-size">Items per page:</label>
          <select id="contacts-page-size" name="size" defaultValue={String(filter.pageSize)} key={filter.pageSize} className="rounded border border-slate-300 bg-white px-2 py-1">
            {CONTACT_PAGE_SIZES.map((size) => (
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
        <span>
          Page {filter.page.toLocaleString('en-US')} of {pageCount.toLocaleString('en-US')}
        </span>
        <span className="flex items-center gap-1">
          <PageLink filter={filter} page={filter.page - 1} disabled={filter.page <= 1} label="Previous page">
            <ChevronLeft aria-hidden className="h-4 w-4" />
          </PageLink>
          <PageLink filter={filter} page={filter.page + 1} disabled={filter.page >= pageCount} label="Next page">
            <ChevronRight aria-hidden className="h-4 w-4" />
          </PageLink>
        </span>
      </div>
    </div>
  )
}

function PageLink({ filter, page, disabled, label, children }: { filter: ContactListFilter; page: number; disabled: boolean; label: string; children: ReactNode }) {
  if (disabled) {
    return (
      // A link without an address is a disabled link: named, announced as unavailable, not focusable.
      <a role="link" aria-disabled="true" aria-label={label} className="rounded p-1.5 text-slate-300">
        {children}
      </a>
    )
  }
  return (
    <Link to={`/contacts${contactListSearch(filter, { page })}`} aria-label={label} className="rounded p-1.5 hover:bg-slate-100">
      {children}
    </Link>
  )
}
