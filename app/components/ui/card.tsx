import { useId, type ReactNode } from 'react'

type CardProps = {
  /** A titled card is a section named by its title, so it is listed among the page's regions. */
  title?: string
  /** Beside the title: a link or a small button. */
  actions?: ReactNode
  /** 'flush' lets a list or table inside reach the card's edges. */
  padding?: 'normal' | 'flush'
  className?: string
  children: ReactNode
}

const FRAME = 'rounded-xl border border-slate-200 bg-white shadow-sm'

/** A white panel on the page's grey: one figure, one list, one form. */
export function Card({ title, actions, padding = 'normal', className, children }: CardProps) {
  const titleId = useId()
  const body = padding === 'normal' ? 'p-5' : ''
  if (!title) return <div className={[FRAME, body, className].filter(Boolean).join(' ')}>{children}</div>
  return (
    <section aria-labelledby={titleId} className={[FRAME, 'overflow-hidden', className].filter(Boolean).join(' ')}>
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <h2 id={titleId} className="text-sm font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      <div className={body}>{children}</div>
    </section>
  )
}
