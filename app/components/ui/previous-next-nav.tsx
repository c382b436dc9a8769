import { Link } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'

/** '1-50 of 120' and the previous and next page links of a list (a link is greyed where there is no page). */
export function PreviousNextNav({ first, last, total, previousHref, nextHref }: { first: number; last: number; total: number; previousHref: string | null; nextHref: string | null }) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between text-sm text-slate-600">
      <span>
        {first}-{last} of {total}
      </span>
      <span className="flex items-center gap-1">
        <PageLink href={previousHref} label="Previous page">
          <ChevronLeft aria-hidden className="h-4 w-4" />
        </PageLink>
        <PageLink href={nextHref} label="Next page">
          <ChevronRight aria-hidden className="h-4 w-4" />
        </PageLink>
      </span>
    </nav>
  )
}

function PageLink({ href, label, children }: { href: string | null; label: string; children: ReactNode }) {
  if (href === null) {
    return (
      <a role="link" aria-disabled="true" aria-label={label} className="rounded p-1.5 text-slate-300">
        {children}
      </a>
    )
  }
  return (
    <Link to={href} aria-label={label} className="rounded p-1.5 hover:bg-slate-100">
      {children}
    </Link>
  )
}
