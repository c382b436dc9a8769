import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * What a screen shows while it has nothing to list: what will appear here, why not yet, and
 * (in `action`) the way to add the first one.
 */
export function EmptyState({ icon: Icon, title, action, children }: { icon: LucideIcon; title: string; action?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand/10 text-brand-text">
        <Icon aria-hidden className="h-6 w-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mt-2 max-w-md text-sm leading-relaxed text-slate-600">{children}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  )
}
