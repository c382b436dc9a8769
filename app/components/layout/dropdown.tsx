import { useLocation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'

type Props = {
  /** What the closed menu shows. Its text names it, unless `summaryLabel` is given. */
  summary: ReactNode
  /**
   * The name of a menu whose summary has no text (an icon), or the same words as its text when
   * that text is hidden on small screens. Never different words from the visible ones.
   */
  summaryLabel?: string
  summaryClassName?: string
  children: ReactNode
  align?: 'left' | 'right'
  panelClassName?: string
  testId?: string
}

/**
 * A menu that opens on click. It is a native <details>, so it opens without JavaScript; with
 * it, it also closes on Escape, on a click elsewhere and after navigating.
 */
export function Dropdown({ summary, summaryLabel, summaryClassName = '', children, align = 'right', panelClassName = '', testId }: Props) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()

  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [location.key])

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current
      if (!details?.open) return
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return
        details.open = false
        details.querySelector('summary')?.focus()
        return
      }
      if (event.target instanceof Node && !details.contains(event.target)) details.open = false
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
    }
  }, [])

  return (
    <details ref={ref} className="group/dropdown relative" data-testid={testId}>
      <summary
        aria-label={summaryLabel}
        title={summaryLabel}
        className={`flex cursor-pointer list-none items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {summary}
      </summary>
      <div
        className={`absolute z-50 mt-2 min-w-52 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 text-sm text-slate-700 shadow-lg ${
          align === 'right' ? 'right-0' : 'left-0'
        } ${panelClassName}`}
      >
        {children}
      </div>
    </details>
  )
}

export const menuRowClass =
  'flex w-full items-center gap-2.5 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 hover:text-slate-900 focus:bg-slate-50 focus:outline-none'
