import { useEffect, useRef, useState, type ComponentType } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import type { PublicFormView, RefusedPost } from '#server/forms/public-form'
import { ServerRenderedRegistrationForm } from './public-registration-form.server'
import type { PublicRegistrationFormProps } from './public-registration-form'
import { readStaticForm, restoreFocus, type StaticFormState } from './read-static-form'

type LiveForm = ComponentType<PublicRegistrationFormProps>

// Loaded once per page life: a refused post or another form reuses it at once.
let liveForm: LiveForm | null = null
let loading: Promise<LiveForm> | null = null
// Set after the first page has hydrated: an island mounted later has no server HTML to keep.
let hydrated = false

function loadLiveForm(): Promise<LiveForm> {
  loading ??= import('./public-registration-form').then((module) => {
    liveForm = module.PublicRegistrationForm
    return liveForm
  })
  return loading
}

interface IslandProps {
  view: PublicFormView
  refused: RefusedPost | null
  action: string
}

/**
 * The registration form, rendered with rjsf on the server and kept as that HTML in the browser
 * until the visitor starts filling in (first focus, touch, key or input inside it). Only then
 * are rjsf, the live validator, the signature pad and the bot check downloaded; the live form
 * takes over with what the visitor already typed and puts the focus back where it was.
 * Until then the form is the plain no-JavaScript form, and posts as one.
 */
export function RegistrationFormIsland({ view, refused, action }: IslandProps) {
  const { t } = useTranslation('forms')
  const islandId = `form-island-${view.form.guId}`
  // Mounted in the browser with no server HTML of this form on screen (a client-side
  // navigation, or the form again after a refused post): the live form is needed at once.
  const [mustLoad] = useState(() => typeof document !== 'undefined' && (hydrated || !document.getElementById(islandId)?.firstElementChild))
  const [Live, setLive] = useState<LiveForm | null>(() => (mustLoad ? liveForm : null))
  const [resumed, setResumed] = useState<StaticFormState | null>(null)
  const host = useRef<HTMLDivElement>(null)

  const started = useRef(false)

  const start = () => {
    if (Live || started.current) return
    started.current = true
    void loadLiveForm()
      .then((loaded) => {
        const form = host.current?.querySelector('form')
        // What the visitor typed while the code was on its way is read at the swap, not before,
        // and the swap is drawn at once so no keystroke falls between the two.
        flushSync(() => {
          setResumed(form ? readStaticForm(form, view.descriptor) : null)
          setLive(() => loaded)
        })
      })
      .catch(() => {
        // Offline or blocked: the plain form still posts without JavaScript; a later touch retries.
        started.current = false
        loading = null
      })
  }

  useEffect(() => {
    hydrated = true
    if (mustLoad && !Live) start()
    // Runs once: `start` reads the latest state through its own closure when called.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (Live && resumed) restoreFocus(resumed.focus)
  }, [Live, resumed])

  if (Live) {
    return (
      <div key="live" id={islandId}>
        <Live view={view} refused={refused} action={action} resumed={resumed} />
      </div>
    )
  }
  if (mustLoad) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('loadingForm')}
      </p>
    )
  }
  if (typeof document === 'undefined') {
    return <div key="static" id={islandId}>{ServerRenderedRegistrationForm ? <ServerRenderedRegistrationForm view={view} refused={refused} action={action} /> : null}</div>
  }
  return (
    <div
      key="static"
      id={islandId}
      ref={host}
      // The server's HTML is kept as it is: React leaves an element's inner HTML alone while hydrating.
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
      onFocusCapture={start}
      onPointerDownCapture={start}
      onKeyDownCapture={start}
      onInputCapture={start}
    />
  )
}
