import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAboutToExpire, isExpired, USER_ACTIVITY_DEBOUNCE_MS } from '#server/shell/session-expiry'
import { clearLoginTraceOnLogout, setLoginTrace } from './login-trace'

export interface SessionExpiryDialogProps {
  /** The session's expiry (SessionUser.expiresAt) from a loader; null when signed out. */
  expiresAt: string | null
  /** env SESSION_REFRESH_BUFFER_MINUTES: how long before the expiry activity renews the session. */
  refreshBufferMinutes: number
  /** POST endpoint answering { expiresAt } (200) or 401 once the session cannot be renewed. */
  refreshUrl?: string
  /** POST endpoint that logs out (and redirects). */
  logoutUrl?: string
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'mousemove'] as const

/**
 * Keeps a signed-in session alive while the person is active and asks before it lapses.
 *
 * - Activity (debounced 300 ms) renews the session once it is about to expire, one request at
 *   a time and at most every so often (the spec's buffer equals the idle time, so "about to
 *   expire" is true almost at once; without a floor every mouse move would call the server).
 * - At the expiry it shows 'Session Expired': Continue renews, Logout posts to /logout.
 * - It keeps the spec's login trace in local storage in step with the server session.
 *
 * Render it once in every signed-in layout. Without JavaScript nothing here runs, and the
 * server's idle time-out alone sends the person to /login?redirectTo=... on their next click.
 */
export function SessionExpiryDialog({
  expiresAt,
  refreshBufferMinutes,
  refreshUrl = '/session/refresh',
  logoutUrl = '/logout',
}: SessionExpiryDialogProps) {
  // SESSION_EXPIRED_DIALOG's words (server/shell/session-expiry.ts), in the page's language.
  const { t } = useTranslation('common')
  const [expiry, setExpiry] = useState<number>(() => (expiresAt ? Date.parse(expiresAt) : Number.NaN))
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const inFlight = useRef<Promise<boolean> | null>(null)
  const lastRefresh = useRef<number>(0)
  const logoutForm = useRef<HTMLFormElement>(null)
  const continueButton = useRef<HTMLButtonElement>(null)
  const bufferMs = refreshBufferMinutes * 60_000
  const minRefreshGapMs = Math.min(60_000, bufferMs / 2)

  // A new expiry from the server (navigation, revalidation) replaces ours.
  useEffect(() => {
    setExpiry(expiresAt ? Date.parse(expiresAt) : Number.NaN)
    // Re-initialisation on load: a trace without a session means we were logged out.
    setLoginTrace(expiresAt !== null)
  }, [expiresAt])

  useEffect(() => {
    lastRefresh.current = Date.now()
  }, [])

  // Every way out of the session clears the trace, not only the forms that remember to.
  useEffect(() => clearLoginTraceOnLogout(new URL(logoutUrl, window.location.href).pathname), [logoutUrl])

  const refresh = useCallback((): Promise<boolean> => {
    // At most one refresh in flight: later callers share its answer.
    if (inFlight.current) return inFlight.current
    const request = (async () => {
      try {
        const response = await fetch(refreshUrl, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
        })
        if (!response.ok) return false
        const body: unknown = await response.json()
        const next = typeof body === 'object' && body !== null && 'expiresAt' in body ? Date.parse(String(body.expiresAt)) : Number.NaN
        if (!Number.isFinite(next)) return false
        lastRefresh.current = Date.now()
        setExpiry(next)
        return true
      } catch {
        return false
      } finally {
        inFlight.current = null
      }
    })()
    inFlight.current = request
    return request
  }, [refreshUrl])

  const logOut = useCallback(() => {
    setLoginTrace(false)
    logoutForm.current?.submit()
  }, [])

  // The idle timer: re-armed whenever the expiry moves.
  useEffect(() => {
    if (!Number.isFinite(expiry)) return
    const wait = expiry - Date.now()
    if (wait <= 0) {
      setOpen(true)
      return
    }
    setOpen(false)
    const timer = window.setTimeout(() => setOpen(true), Math.min(wait, 2_147_000_000))
    return () => window.clearTimeout(timer)
  }, [expiry])

  // Activity renews a session that is about to expire (never an expired one: that asks first).
  useEffect(() => {
    if (!Number.isFinite(expiry) || open) return
    let debounce: number | undefined
    const onActivity = () => {
      window.clearTimeout(debounce)
      debounce = window.setTimeout(() => {
        const now = Date.now()
        if (isExpired(expiry, now) || !isAboutToExpire(expiry, now, refreshBufferMinutes)) return
        if (now - lastRefresh.current < minRefreshGapMs) return
        // A failed background refresh is only noted; the dialog handles the expiry itself.
        void refresh()
      }, USER_ACTIVITY_DEBOUNCE_MS)
    }
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true })
    return () => {
      window.clearTimeout(debounce)
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity)
    }
  }, [expiry, open, refresh, refreshBufferMinutes, minRefreshGapMs])

  useEffect(() => {
    if (open) continueButton.current?.focus()
  }, [open])

  const onContinue = async () => {
    setBusy(true)
    const renewed = await refresh()
    setBusy(false)
    if (renewed) setOpen(false)
    else logOut()
  }

  return (
    <>
      <form ref={logoutForm} method="post" action={logoutUrl} hidden />
      {open ? (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 px-4">
          <div
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="session-expired-title"
            aria-describedby="session-expired-text"
            className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl"
          >
            <h2 id="session-expired-title" className="text-lg font-semibold">
              {t('sessionExpiredTitle')}
            </h2>
            <p id="session-expired-text" className="mt-2 text-slate-700">
              {t('sessionExpiredText')}
            </p>
            <div className="mt-5 flex justify-end gap-3">
              <button type="button" onClick={logOut} className="rounded border border-slate-300 px-4 py-2 font-medium">
                {t('logout')}
              </button>
              <button
                ref={continueButton}
                type="button"
                onClick={onContinue}
                disabled={busy}
                className="rounded bg-brand px-4 py-2 font-medium text-white disabled:opacity-50"
              >
                {t('sessionExpiredContinue')}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  )
}
