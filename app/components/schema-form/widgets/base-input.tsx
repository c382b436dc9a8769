import type { BaseInputTemplateProps } from '@rjsf/utils'
import { ariaDescribedByIds, getInputProps } from '@rjsf/utils'
import type { ChangeEvent } from 'react'
import { inputClass } from '#app/components/schema-form/form-context'

/** The plain <input> behind text, email, url and number fields. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, type, placeholder, rawErrors, required } = props
  const inputProps = getInputProps(schema, type, options)
  const isNumber = inputProps.type === 'number' || inputProps.type === 'integer'
  const shown = isNumber ? (value || value === 0 ? value : '') : (value ?? '')
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) => {
    if (target.value === '') return onChange(options.emptyValue)
    // Numbers reach the validator as numbers; what the browser cannot parse stays text and fails `type`.
    if (isNumber) return onChange(Number.isNaN(target.valueAsNumber) ? target.value : target.valueAsNumber)
    onChange(target.value)
  }
  const autoComplete = typeof props.autocomplete === 'string' ? props.autocomplete : undefined
  return (
    <input
      id={id}
      name={htmlName ?? id}
      className={inputClass}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder || undefined}
      autoComplete={autoComplete}
      aria-required={required || undefined}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      {...inputProps}
      type={inputProps.type === 'integer' ? 'number' : inputProps.type}
      value={shown}
      onChange={onChangeOverride ?? handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  )
}
