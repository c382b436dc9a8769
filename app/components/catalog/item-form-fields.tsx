import type { InputHTMLAttributes, ReactNode } from 'react'
import { Field, FIELD_INPUT_CLASSES, fieldErrorId } from '#app/components/ui/field'

/** A field's id from its input name: 'priceOptions[0].price' is 'priceOptions-0-price'. */
export const idOf = (name: string) => `item-${name.replace(/[[\].]+/g, '-').replace(/-+$/, '')}`

type Messages = Record<string, readonly string[]>

type TextProps = {
  name: string
  label: ReactNode
  value: string
  errors: Messages
  hint?: ReactNode
  required?: boolean
  className?: string
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'defaultValue' | 'id' | 'required' | 'className'>

/** A labelled text input posted under `name`, its message beside it. */
export function TextInput({ name, label, value, errors, hint, required, className, ...rest }: TextProps) {
  return (
    <Field id={idOf(name)} label={label} hint={hint} errors={errors[name]} required={required} className={className}>
      {(control) => <input {...control} {...rest} name={name} defaultValue={value} className={FIELD_INPUT_CLASSES} />}
    </Field>
  )
}

/** A labelled select posted under `name`. */
export function SelectInput({
  name,
  label,
  value,
  errors,
  options,
  hint,
  required,
  className,
  onChange,
}: {
  name: string
  label: ReactNode
  value: string
  errors: Messages
  options: ReadonlyArray<readonly [value: string, label: string]>
  hint?: ReactNode
  required?: boolean
  className?: string
  onChange?: (value: string) => void
}) {
  return (
    <Field id={idOf(name)} label={label} hint={hint} errors={errors[name]} required={required} className={className}>
      {(control) => (
        <select {...control} name={name} defaultValue={value} className={FIELD_INPUT_CLASSES} onChange={onChange ? (event) => onChange(event.target.value) : undefined}>
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** A checkbox posted as 'on' under `name`, with its message under it. */
export function CheckboxInput({
  name,
  label,
  checked,
  errors,
  hint,
  onChange,
}: {
  name: string
  label: ReactNode
  checked: boolean
  errors: Messages
  hint?: ReactNode
  onChange?: (checked: boolean) => void
}) {
  const id = idOf(name)
  const messages = errors[name] ?? []
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, messages.length ? fieldErrorId(id) : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={checked}
          aria-invalid={messages.length ? true : undefined}
          aria-describedby={describedBy}
          onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
          className="h-4 w-4 rounded border-slate-300 accent-brand"
        />
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="ml-6 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {messages.length ? (
        <p id={fieldErrorId(id)} className="ml-6 text-sm text-red-700">
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
