import type { WidgetProps } from '@rjsf/utils'
import { ariaDescribedByIds } from '@rjsf/utils'
import { inputClass } from '#app/components/schema-form/form-context'

/**
 * A textarea; with `counter` it shows "used/max" characters, with `blockEnter` the Enter key
 * adds no line break (the invoice note is one paragraph).
 */
export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, placeholder, onChange, onBlur, onFocus, options, schema, rawErrors, required, autofocus } = props
  const text = typeof value === 'string' ? value : ''
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : null
  const rows = typeof options.rows === 'number' ? options.rows : 4
  return (
    <div className="flex flex-col gap-1">
      <textarea
        id={id}
        name={htmlName ?? id}
        rows={rows}
        className={inputClass}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        placeholder={placeholder || undefined}
        aria-required={required || undefined}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onKeyDown={(event) => {
          if (options.blockEnter && event.key === 'Enter') event.preventDefault()
        }}
        onChange={(event) => {
          const next = options.blockEnter ? event.target.value.replace(/[\r\n]+/g, ' ') : event.target.value
          onChange(next === '' ? options.emptyValue : next)
        }}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      {options.counter && max !== null ? (
        <p className={`self-end text-xs ${[...text].length > max ? 'text-red-700' : 'text-slate-500'}`} aria-live="polite">
          {[...text].length}/{max}
        </p>
      ) : null}
    </div>
  )
}
