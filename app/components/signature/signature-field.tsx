import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

export const SIGNATURE_WIDTH = 350
export const SIGNATURE_HEIGHT = 150

export interface SignatureValue {
  sign: string
  signTypedName: string
  signConsent: boolean
}

interface SignatureFieldProps {
  initial: SignatureValue
  signDate: string
  error: string | null
  disabled: boolean
  /** Told whenever the visitor signs or clears, so the form can check before posting. */
  onChange?: (signed: boolean) => void
  /** Start with the typed name (the visitor was already typing it), not the pad. */
  startTyped?: boolean
}

/**
 * A required signature. With JavaScript: a signature_pad canvas (350x150, minimum stroke 2)
 * with a Clear button, posting the drawing as a PNG in `sign`. Without JavaScript (or if the
 * pad cannot load): the full name typed in `signTypedName` plus an explicit consent box.
 */
export function SignatureField({ initial, signDate, error, disabled, onChange, startTyped = false }: SignatureFieldProps) {
  // Drawn on the public forms, whose routes bring the 'forms' words.
  const { t } = useTranslation('forms')
  const canvas = useRef<HTMLCanvasElement>(null)
  const pad = useRef<{ clear(): void; off(): void; isEmpty(): boolean; toDataURL(type?: string): string; fromDataURL(url: string, options?: object): Promise<void> } | null>(null)
  const [drawn, setDrawn] = useState(initial.sign)
  const [canDraw, setCanDraw] = useState(false)
  const [typeInstead, setTypeInstead] = useState(startTyped)
  // Which control gets the focus once a switch between drawing and typing has been drawn.
  const focusAfterSwitch = useRef<'typed' | 'pad' | null>(null)
  const typedName = useRef<HTMLInputElement>(null)
  const typeInsteadButton = useRef<HTMLButtonElement>(null)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  // The pad lives as long as the field: a parent re-render must not rebuild it (and wipe the drawing).
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const initialDrawing = useRef(initial.sign)

  useEffect(() => {
    if (disabled) {
      setCanDraw(false)
      return
    }
    if (typeInstead) return
    let cancelled = false
    void import('signature_pad')
      .then(({ default: SignaturePad }) => {
        const element = canvas.current
        if (cancelled || !element) return
        // The pad is 350x150, narrower on a small phone; drawn at the screen's pixel density.
        element.hidden = false
        const ratio = Math.max(window.devicePixelRatio || 1, 1)
        element.width = Math.round(element.offsetWidth * ratio)
        element.height = Math.round(element.offsetHeight * ratio)
        element.getContext('2d')?.scale(ratio, ratio)
        const instance = new SignaturePad(element, { minWidth: 2, maxWidth: 3.5, penColor: '#0f172a', backgroundColor: 'rgba(255,255,255,0)' })
        instance.addEventListener('endStroke', () => {
          const url = instance.isEmpty() ? '' : instance.toDataURL('image/png')
          setDrawn(url)
          onChangeRef.current?.(url !== '')
        })
        if (initialDrawing.current) void instance.fromDataURL(initialDrawing.current, { width: element.offsetWidth, height: element.offsetHeight })
        pad.current = instance
        setCanDraw(true)
      })
      .catch(() => setCanDraw(false))
    // canDraw stays as it was: the library has loaded once, so switching back to drawing shows
    // the pad (and moves the focus to it) at once, while the pad attaches again.
    return () => {
      cancelled = true
      pad.current?.off()
      pad.current = null
    }
  }, [typeInstead, disabled])

  const clear = () => {
    pad.current?.clear()
    initialDrawing.current = ''
    setDrawn('')
    onChange?.(false)
  }
  const showPad = canDraw && !typeInstead

  // The button pressed disappears with the mode it belonged to: the focus follows the switch
  // to the control that replaced it instead of falling back to the top of the page.
  useEffect(() => {
    if (focusAfterSwitch.current === 'typed' && !showPad) {
      focusAfterSwitch.current = null
      typedName.current?.focus()
    } else if (focusAfterSwitch.current === 'pad' && showPad) {
      focusAfterSwitch.current = null
      typeInsteadButton.current?.focus()
    }
  }, [showPad])

  const switchTo = (mode: 'typed' | 'pad') => {
    focusAfterSwitch.current = mode
    setTypeInstead(mode === 'typed')
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'signature-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">
        {t('signature')} <span aria-hidden className="text-red-600">*</span>
      </legend>
      {/* One canvas throughout: hidden until the pad has loaded, so the pad attaches to the one shown. */}
      <canvas
        ref={canvas}
        width={SIGNATURE_WIDTH}
        height={SIGNATURE_HEIGHT}
        hidden={!showPad}
        role="img"
        aria-label={t('signaturePad')}
        className="touch-none rounded-md border border-slate-300 bg-white"
        style={{ width: '100%', maxWidth: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT }}
      />
      {showPad ? (
        <>
          <input type="hidden" name="sign" value={drawn} />
          <div className="flex flex-wrap gap-3 text-sm">
            <button type="button" onClick={clear} disabled={disabled} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50">
              {t('clearSignature')}
            </button>
            <button ref={typeInsteadButton} type="button" onClick={() => switchTo('typed')} className="text-slate-600 underline">
              {t('typeNameInstead')}
            </button>
          </div>
        </>
      ) : (
        <>
          <label htmlFor="signTypedName" className="text-sm text-slate-700">
            {t('typeNameToSign')}
          </label>
          <input
            ref={typedName}
            id="signTypedName"
            name="signTypedName"
            defaultValue={initial.signTypedName}
            maxLength={255}
            autoComplete="name"
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange?.(event.target.value.trim() !== '')}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-serif text-lg italic text-slate-900 shadow-sm"
          />
          <label className="inline-flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" name="signConsent" value="on" defaultChecked={initial.signConsent} disabled={disabled} className="mt-0.5 h-4 w-4 accent-brand" />
            {t('typedSignatureConsent')}
          </label>
          {typeInstead && hydrated && !disabled ? (
            <button type="button" onClick={() => switchTo('pad')} className="self-start text-sm text-slate-600 underline">
              {t('drawInstead')}
            </button>
          ) : null}
        </>
      )}
      <p className="text-xs text-slate-500">{t('signDate', { date: signDate })}</p>
      {error ? (
        <p id="signature-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
