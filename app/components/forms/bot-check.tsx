import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'
import altchaStyles from 'altcha/altcha.css'

export interface BotCheckHandle {
  /** Resolves once the proof of work is done (or has failed: the server then decides). */
  ready(): Promise<void>
}

/**
 * The words of the bot check in the page's language: the hidden field's label and the ALTCHA
 * widget's texts (its `strings`, JSON). Without them the check speaks English, as on sign-in.
 */
export interface BotCheckWords {
  honeypotLabel: string
  widgetStrings: string
}

interface AltchaElement extends HTMLElement {
  getState?: () => string
  verify?: () => Promise<void>
}

/**
 * The bot check inside a public form. Always: the honeypot (a field people never see) and the
 * signed time the form was shown. With JavaScript, also the ALTCHA widget, solving a
 * challenge from our own server in a worker and posting the solution as `rToken`.
 */
export const BotCheck = forwardRef<BotCheckHandle, { stamp: string; disabled: boolean; words?: BotCheckWords }>(function BotCheck({ stamp, disabled, words }, ref) {
  const [loaded, setLoaded] = useState(false)
  const widget = useRef<AltchaElement | null>(null)
  // Resolved once the widget is in the page: a submit made while it is still loading (a slow
  // phone, a quick visitor) waits for it instead of posting without a solution.
  const mounted = useRef(deferred<AltchaElement>())
  useEffect(() => {
    if (loaded && widget.current) mounted.current.resolve(widget.current)
  }, [loaded])

  useEffect(() => {
    if (disabled) return
    let cancelled = false
    if (!document.querySelector('link[data-altcha]')) {
      const link = document.createElement('link')
      link.rel = 'stylesheet'
      link.href = altchaStyles
      link.dataset.altcha = 'true'
      document.head.appendChild(link)
    }
    void import('altcha/external')
      .then(() => {
        if (!cancelled) setLoaded(true)
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [disabled])

  useImperativeHandle(ref, () => ({
    async ready() {
      if (disabled) return
      // The widget script failed to load: post without it (the server's other checks apply).
      const element = widget.current ?? (await Promise.race([mounted.current.promise, delay(WIDGET_LOAD_LIMIT_MS)]))
      if (!element?.getState || !element.verify) return
      if (element.getState() === 'verified') return
      await element.verify().catch(() => undefined)
    },
  }))

  return (
    <div className="flex flex-col gap-2">
      <input type="hidden" name="formStartedAt" value={stamp} />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {words?.honeypotLabel ?? 'Leave this empty'}
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {loaded && !disabled ? (
        <altcha-widget
          ref={widget}
          challengeurl="/altcha/challenge"
          workerurl="/altcha/worker.js"
          name="rToken"
          auto="onload"
          hidefooter
          hidelogo
          strings={words?.widgetStrings}
          style={{ '--altcha-max-width': '100%' }}
        />
      ) : null}
    </div>
  )
})

/** How long a submit waits for the widget's script before posting without it. */
const WIDGET_LOAD_LIMIT_MS = 15_000

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

function delay(ms: number): Promise<null> {
  return new Promise((done) => setTimeout(() => done(null), ms))
}
