import { Link, useNavigate } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A dialog drawn over the page it belongs to, as its own URL: without JavaScript it is a page
 * that looks like a dialog (close is a link back), with JavaScript Escape closes it too and
 * focus moves into it.
 */
export function OverlayDialog({ title, closeTo, width = 450, children }: { title: string; closeTo: string; width?: number; children: ReactNode }) {
  const navigate = useNavigate()
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    panel.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(closeTo, { preventScrollReset: true })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [closeTo, navigate])
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-4 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="overlay-dialog-title"
        tabIndex={-1}
        style={{ maxWidth: width }}
        className="w-full rounded-xl bg-white p-5 shadow-xl outline-none"
      >
        <div className="mb-4 flex items-center gap-3">
          <h2 id="overlay-dialog-title" className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <Link to={closeTo} preventScrollReset aria-label="Close" className="ml-auto rounded-full p-1.5 text-slate-500 hover:bg-slate-100">
            <X aria-hidden className="h-5 w-5" />
          </Link>
        </div>
        {children}
      </div>
    </div>
  )
}
