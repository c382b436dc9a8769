import { Form, Link, useSubmit } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useTranslation } from 'react-i18next'
import { Button } from './button'

/**
 * The page size of a paged list, as a GET form: without JavaScript it has an Apply button,
 * with it the choice applies at once. `hiddenFields` carry the list's search, sort and filters.
 */
export function PageSizeForm({
  id,
  sizes,
  current,
  action,
  hiddenFields,
}: {
  /** The select's id, unique on the page. */
  id: string
  sizes: readonly number[]
  current: number
  /** Where the form goes; the current address when not given. */
  action?: string
  hiddenFields: ReactNode
}) {
  const { t } = useTranslation('common')
  const submit = useSubmit()
  const hydrated = useHydrated()
  return (
    <Form method="get" action={action} className="flex items-center gap-2" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
      {hiddenFields}
      <label htmlFor={id}>{t('itemsPerPage')}</label>
      <select id={id} name="size" defaultValue={String(current)} key={current} className="rounded border border-slate-300 bg-white px-2 py-1">
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" variant="secondary" size="sm">
          {t('apply')}
        </Button>
      )}
    </Form>
  )
}

/** The previous and next page links of a paged list; `hrefOf` keeps the list's other parameters. */
export function PageLinks({ page, pageCount, hrefOf }: { page: number; pageCount: number; hrefOf: (page: number) => string }) {
  const { t } = useTranslation('common')
  return (
    <span className="flex items-center gap-1">
      <PageLink href={page <= 1 ? null : hrefOf(page - 1)} label={t('previousPage')}>
        <ChevronLeft aria-hidden className="h-4 w-4" />
      </PageLink>
      <PageLink href={page >= pageCount ? null : hrefOf(page + 1)} label={t('nextPage')}>
        <ChevronRight aria-hidden className="h-4 w-4" />
      </PageLink>
    </span>
  )
}

function PageLink({ href, label, children }: { href: string | null; label: string; children: ReactNode }) {
  if (href === null) {
    return (
      // A link without an address is a disabled link: named, announced as unavailable, not focusable.
      <a role="link" aria-disabled="true" aria-label={label} className="rounded p-1.5 text-slate-300">
        {children}
      </a>
    )
  }
  return (
    <Link to={href} aria-label={label} preventScrollReset className="rounded p-1.5 hover:bg-slate-100">
      {children}
    </Link>
  )
}

/** '1-50 of 120' and the previous and next page links of a list (a link is greyed where there is no page). */
export function PreviousNextNav({ first, last, total, previousHref, nextHref }: { first: number; last: number; total: number; previousHref: string | null; nextHref: string | null }) {
  const { t } = useTranslation('common')
  return (
    <nav aria-label={t('pages')} className="flex items-center justify-between text-sm text-slate-600">
      <span>{t('rangeOfTotal', { first, last, total })}</span>
      <span className="flex items-center gap-1">
        <PageLink href={previousHref} label={t('previousPage')}>
          <ChevronLeft aria-hidden className="h-4 w-4" />
        </PageLink>
        <PageLink href={nextHref} label={t('nextPage')}>
          <ChevronRight aria-hidden className="h-4 w-4" />
        </PageLink>
      </span>
    </nav>
  )
}
