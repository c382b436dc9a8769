import { Link } from '@remix-run/react'
import type { LucideIcon } from 'lucide-react'

/**
 * A home page's tile (the settings home, the reports home): an icon, a title and a line of
 * description, the whole tile one link. A file (a CSV export) is left to the browser: no client
 * navigation, and no prefetch of the whole file.
 */
export function TileLink({
  to,
  icon: Icon,
  title,
  description,
  isFile = false,
  data,
}: {
  to: string
  icon: LucideIcon
  title: string
  description: string
  isFile?: boolean
  /** data-* attributes of the link (tests find tiles by them). */
  data?: Record<`data-${string}`, string>
}) {
  return (
    <Link
      to={to}
      prefetch={isFile ? 'none' : 'intent'}
      reloadDocument={isFile}
      download={isFile || undefined}
      {...data}
      className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand">
        <Icon aria-hidden className="h-6 w-6" />
      </span>
      <span className="flex min-w-0 flex-col gap-1">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-600">{description}</span>
      </span>
    </Link>
  )
}
