import type { ReactNode } from 'react'

/** What a field hands its control so that the label, hint and message belong to it. */
export type FieldControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  required: boolean | undefined
}

/** The ids a field's hint and message take: the same as conform's, so its props agree with ours. */
export const fieldHintId = (id: string) => `${id}-description`
export const fieldErrorId = (id: string) => `${id}-error`

/** The classes of a text input or select in a field, red while it holds an invalid value. */
export const FIELD_INPUT_CLASSES =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-text'

type FieldProps = {
  /** The control's id; the label points at it and the hint and message ids derive from it. */
  id: string
  label: ReactNode
  hint?: ReactNode
  /** The messages of the value last posted or typed; none means valid. */
  errors?: readonly string[] | null
  required?: boolean
  className?: string
  /** Draws the control, spreading what it is given onto the input, select or textarea. */
  children: (control: FieldControlProps) => ReactNode
}

/**
 * A labelled form control with its hint and its error message. The message and hint are tied
 * to the control with aria-describedby, and an error marks it aria-invalid, so a screen reader
 * reads them when the control takes the focus.
 */
export function Field({ id, label, hint, errors, required, className, children }: FieldProps) {
  const messages = (errors ?? []).filter((message, index, all) => message && all.indexOf(message) === index)
  const invalid = messages.length > 0
  const describedBy = [hint ? fieldHintId(id) : null, invalid ? fieldErrorId(id) : null].filter(Boolean).join(' ')
  return (
    <div className={['flex flex-col gap-1.5', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined, required: required || undefined })}
      {hint ? (
        <p id={fieldHintId(id)} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={fieldErrorId(id)} className="text-sm text-red-700">
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/** The red asterisk after a required field's label; the control's `required` is what is announced. */
export function RequiredMark() {
  return (
    <span aria-hidden className="ml-0.5 text-red-600">
      *
    </span>
  )
}
