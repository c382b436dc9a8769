import { CircleAlert, CircleCheck, X } from 'lucide-react'
import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

export type ToastView = { type: 'success' | 'error'; message: string }

/** The settings spec's snackbar time. */
const HIDE_AFTER_MS = 2000

/**
 * A layout's toast from the flash cookie, kept while the same page reads its data again: the
 * cookie is read once, so a second read of the page (a form's, a refresh's) brings none, and
 * the toast must not vanish before its time for that. Another page without one ends it.
 */
export function useFlashToast(toast: ToastView | null): ToastView | null {
  const location = useLocation()
  const last = useRef<{ toast: ToastView; locationKey: string } | null>(null)
  if (toast) {
    if (last.current?.toast !== toast) last.current = { toast, locationKey: location.key }
    return toast
  }
  return last.current?.locationKey === location.key ? last.current.toast : null
}

/**
 * Shows the toast a layout loader read from the flash cookie. Without JavaScript it simply
 * stays on the page until the next navigation; with it, it goes after two seconds and can
 * be closed. Errors stay until closed: they usually need reading.
 */
export function ToastNotice({ toast }: { toast: ToastView | null }) {
  const { t } = useTranslation('common')
  const [shown, setShown] = useState<ToastView | null>(toast)

  useEffect(() => {
    setShown(toast)
    if (!toast || toast.type === 'error') return
    const timer = window.setTimeout(() => setShown(null), HIDE_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [toast])

  if (!shown) return null
  const isError = shown.type === 'error'
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-3 sm:justify-end sm:px-6">
      <div
        role={isError ? 'alert' : 'status'}
        data-toast={shown.type}
        className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${
          isError ? 'border-red-200 bg-red-50 text-red-900' : 'border-emerald-200 bg-emerald-50 text-emerald-900'
        }`}
      >
        {isError ? (
          <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-red-600" />
        ) : (
          <CircleCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
        )}
        <p className="flex-1">{shown.message}</p>
        <button
          type="button"
          onClick={() => setShown(null)}
          className="-m-1 rounded p-1 text-current opacity-60 hover:opacity-100"
          aria-label={t('closeMessage')}
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </div>
  )
}
