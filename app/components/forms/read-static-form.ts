import type { ScreenDescriptor } from '#server/screens/descriptor'
import type { FormValues } from '#app/components/schema-form/csp-validator'
import type { SignatureValue } from '#app/components/signature/signature-field'

/** What the visitor did in the server-rendered form before the live one took over. */
export interface StaticFormState {
  values: FormValues
  signature: SignatureValue
  /** The visitor had started signing by typing their name: the live form keeps that mode. */
  signatureTyped: boolean
  /** The focused control and its caret, to put the visitor back where they were. */
  focus: { id: string; selectionStart: number | null; selectionEnd: number | null } | null
}

/**
 * Reads the server-rendered form as it stands: every field's value (typed as the descriptor
 * says, as the server reads a post), the typed signature, and where the focus is.
 */
export function readStaticForm(form: HTMLFormElement, descriptor: ScreenDescriptor): StaticFormState {
  const data = new FormData(form)
  const values: FormValues = {}
  for (const [key, schema] of Object.entries(descriptor.schema.properties)) {
    const raw = data.get(`root[${key}]`)
    if (schema.readOnly) values[key] = schema.title ?? ''
    else if (schema.type === 'boolean') values[key] = raw === 'true' || raw === 'on'
    else if (typeof raw !== 'string' || raw === '') continue
    else if (schema.type === 'number') values[key] = Number.isFinite(Number(raw)) ? Number(raw) : raw
    else values[key] = raw
  }
  const active = document.activeElement
  const focus =
    active instanceof HTMLElement && (active.id || active.getAttribute('name')) && form.contains(active)
      ? {
          id: active.id || `[name="${active.getAttribute('name')}"]`,
          selectionStart: active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? safeSelection(active, 'selectionStart') : null,
          selectionEnd: active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? safeSelection(active, 'selectionEnd') : null,
        }
      : null
  const signature = { sign: '', signTypedName: String(data.get('signTypedName') ?? ''), signConsent: data.get('signConsent') === 'on' }
  const signing = focus?.id === 'signTypedName' || (active instanceof HTMLInputElement && active.name === 'signConsent')
  return { values, signature, signatureTyped: signing || signature.signTypedName.trim() !== '' || signature.signConsent, focus }
}

// Checkboxes, dates and numbers have no caret: reading it throws in some browsers.
function safeSelection(element: HTMLInputElement | HTMLTextAreaElement, key: 'selectionStart' | 'selectionEnd'): number | null {
  try {
    return element[key]
  } catch {
    return null
  }
}

/** Puts the focus (and caret) back on the same control of the live form. */
export function restoreFocus(focus: StaticFormState['focus']): void {
  if (!focus) return
  const element = focus.id.startsWith('[') ? document.querySelector(focus.id) : document.getElementById(focus.id)
  if (!(element instanceof HTMLElement)) return
  element.focus({ preventScroll: true })
  if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && focus.selectionStart !== null) {
    try {
      element.setSelectionRange(focus.selectionStart, focus.selectionEnd ?? focus.selectionStart)
    } catch {
      // Inputs without a caret (date, number) refuse a selection: the focus alone is restored.
    }
  }
}
