import { Link, useNavigate } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react'
import { useTranslation } from 'react-i18next'

// Layout effects do nothing on the server and React warns about them there.
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect

type DialogSize = {
  /** Widest it gets, in pixels; a phone gets the screen's width less a margin. */
  width?: number
  minHeight?: number
}

/** Opened and closed by the page's own state: needs JavaScript (without it, link to a page instead). */
type StateDialogProps = { open: boolean; onClose: () => void; closeTo?: never }
/** A dialog that is its own address: drawn open by the server, closed by going to `closeTo`. */
type AddressDialogProps = { closeTo: string; open?: never; onClose?: never }

export type DialogProps = DialogSize & (StateDialogProps | AddressDialogProps) & { title: string; children: ReactNode }

/**
 * The one modal dialog, on the native <dialog> element shown with showModal(): the browser
 * keeps the focus inside and makes the page behind it inert. It is labelled by its title; the
 * focus moves in (to a control marked `data-autofocus`, else a field that took it with
 * autoFocus, else the dialog itself, so that its title is read), Escape closes it, and on
 * closing the focus returns to what had it before.
 *
 * Given `closeTo`, the dialog is a route of its own: the server draws it open, so without
 * JavaScript it is a page that looks like a dialog, closed by a link back; once the page runs,
 * it becomes modal. Given `open` and `onClose`, the page opens it; its content is only
 * mounted while open, so each opening starts afresh.
 */
export function Dialog(props: DialogProps) {
  const { t } = useTranslation('common')
  const { title, width = 450, minHeight, children } = props
  const byAddress = props.closeTo !== undefined
  const shown = byAddress || props.open
  const titleId = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  // Kept in a ref so that the effects below do not re-run when the parent passes a new function.
  const close = useRef(() => {})
  close.current = props.closeTo !== undefined ? () => navigate(props.closeTo, { preventScrollReset: true }) : props.onClose

  // What had the focus when the dialog opened, read while rendering: by the time effects run, a
  // field inside may have taken the focus already (autoFocus).
  const opener = useRef<Element | null>(null)
  const wasShown = useRef(false)
  if (shown !== wasShown.current) {
    wasShown.current = shown
    if (shown && typeof document !== 'undefined') opener.current = document.activeElement
  }

  useBeforePaint(() => {
    const dialog = ref.current
    if (!dialog || !shown) return
    const returnTo = opener.current instanceof HTMLElement && opener.current !== document.body ? opener.current : null
    const active = document.activeElement
    const focusedInside = active instanceof HTMLElement && active !== dialog && dialog.contains(active) ? active : null
    // Drawn open by the server (not modal): close it and show it again as a modal.
    if (dialog.open && !dialog.matches(':modal')) dialog.close()
    if (!dialog.open) dialog.showModal()
    ;(dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusedInside ?? dialog).focus()
    return () => {
      if (dialog.open) dialog.close()
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true })
    }
  }, [shown])

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the page decides (it may navigate), rather than the browser closing it under React.
    event.preventDefault()
    close.current()
  }
  const onClose = () => {
    // A close event also follows the server-drawn dialog's switch to modal: it is open again by then.
    if (ref.current?.open) return
    if (shown) close.current()
  }

  const closeLabel = t('close')
  const closeClasses = 'ml-auto rounded-full p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-text'
  return (
    <>
      {/* Without JavaScript the server-drawn dialog is not modal: this dims the page behind it. */}
      {byAddress ? <div aria-hidden className="fixed inset-0 z-40 bg-slate-900/40" /> : null}
      <dialog
        ref={ref}
        open={byAddress ? true : undefined}
        aria-labelledby={titleId}
        tabIndex={-1}
        onCancel={onCancel}
        onClose={onClose}
        style={{
          width: `min(${width}px, calc(100vw - 1rem))`,
          minHeight: minHeight ? `min(${minHeight}px, calc(100dvh - 1rem))` : undefined,
        }}
        className={`fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-xl bg-white p-0 text-slate-900 shadow-xl outline-none ${
          byAddress ? 'backdrop:bg-transparent' : 'backdrop:bg-slate-900/40'
        }`}
      >
        <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {props.closeTo !== undefined ? (
            <Link to={props.closeTo} preventScrollReset aria-label={closeLabel} className={closeClasses}>
              <X aria-hidden className="h-5 w-5" />
            </Link>
          ) : (
            <button type="button" onClick={props.onClose} aria-label={closeLabel} className={closeClasses}>
              <X aria-hidden className="h-5 w-5" />
            </button>
          )}
        </div>
        <div className="p-5">{shown ? children : null}</div>
      </dialog>
    </>
  )
}
