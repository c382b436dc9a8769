import { X } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A modal on the native <dialog> element (focus trap, Escape and the backdrop come from the
 * browser). Only ever opened by JavaScript: without it the same content is a page of its own.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  labelledBy,
  width = 590,
  minHeight,
  children,
}: {
  open: boolean
  onClose: () => void
  title: string
  labelledBy: string
  width?: number
  minHeight?: number
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onCancel={onClose}
      style={{ width: `min(${width}px, calc(100vw - 1rem))`, minHeight: minHeight ? `min(${minHeight}px, calc(100vh - 1rem))` : undefined }}
      className="m-auto max-h-[calc(100vh-1rem)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
        <h2 id={labelledBy} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" onClick={onClose} aria-label="Close" className="rounded p-1 text-slate-500 hover:bg-slate-100">
          <X aria-hidden className="h-5 w-5" />
        </button>
      </div>
      <div className="p-5">{open ? children : null}</div>
    </dialog>
  )
}
