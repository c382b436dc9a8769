import type { EnumOptionsType, RJSFSchema, WidgetProps } from '@rjsf/utils'
import { ariaDescribedByIds, optionId } from '@rjsf/utils'
import { useEffect, useState } from 'react'
import { formContextOf, inputClass } from '#app/components/schema-form/form-context'
import { useSchemaFormWords } from '#app/components/schema-form/use-schema-form-words'

type Option = EnumOptionsType<RJSFSchema>

/**
 * The options a select offers, narrowed by another field when its uiSchema says so:
 * `filterBy` + `optionsByValue` (time zones of the chosen country), or `filterBy` naming a list
 * field + `alwaysOffer` (currencies ticked, plus USD and INR). The current value stays listed so
 * a change elsewhere never silently changes this field.
 */
export function offeredOptions(props: Pick<WidgetProps, 'options' | 'value' | 'registry'>): Option[] {
  const all = props.options.enumOptions ?? []
  const filterBy = props.options.filterBy
  if (typeof filterBy !== 'string') return all
  const other = formContextOf(props.registry).values[filterBy]
  const byValue = props.options.optionsByValue as Record<string, unknown> | undefined
  let allowed: unknown[] | null = null
  if (byValue && typeof other === 'string' && Array.isArray(byValue[other])) allowed = byValue[other] as unknown[]
  else if (Array.isArray(other)) allowed = [...((props.options.alwaysOffer as unknown[] | undefined) ?? []), ...other]
  if (!allowed) return all
  const keep = new Set(allowed.map(String))
  return all.filter((option) => keep.has(String(option.value)) || option.value === props.value)
}

function labelsOf(options: WidgetProps['options']): Record<string, string> {
  const names = options.enumNames
  return typeof names === 'object' && names !== null && !Array.isArray(names) ? (names as Record<string, string>) : {}
}

function decode(options: Option[], raw: string): unknown {
  const match = options.find((option) => String(option.value) === raw)
  return match ? match.value : raw === '' ? undefined : raw
}

/** A native select that posts the option's real value (rjsf's posts its index). */
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, placeholder, onChange, onBlur, onFocus, rawErrors, autofocus } = props
  const options = offeredOptions(props)
  const labels = labelsOf(props.options)
  const current = value === undefined || value === null ? '' : String(value)
  const hasCurrent = options.some((option) => String(option.value) === current)
  const word = useSchemaFormWords()
  return (
    <select
      id={id}
      name={htmlName ?? id}
      className={inputClass}
      value={hasCurrent ? current : ''}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-required={required || undefined}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(decode(options, event.target.value))}
      onBlur={(event) => onBlur(id, decode(options, event.target.value))}
      onFocus={(event) => onFocus(id, decode(options, event.target.value))}
    >
      {!hasCurrent || !required ? <option value="">{placeholder || word('sf_select')}</option> : null}
      {options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {labels[String(option.value)] ?? option.label}
        </option>
      ))}
    </select>
  )
}

/** Radio buttons posting real values; booleans post 'true' or 'false'. */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, onChange, onBlur, onFocus, registry } = props
  const options = props.options.enumOptions ?? []
  const labels = labelsOf(props.options)
  void registry
  return (
    <div role="radiogroup" aria-labelledby={`${id}__label`} className={props.options.inline ? 'flex flex-wrap gap-4' : 'flex flex-col gap-2'}>
      {options.map((option, index) => (
        <label key={String(option.value)} className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            id={optionId(id, index)}
            name={htmlName ?? id}
            value={String(option.value)}
            checked={value === option.value}
            disabled={disabled || readonly}
            className="h-4 w-4 accent-brand"
            onChange={() => onChange(option.value)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
            aria-describedby={ariaDescribedByIds(id)}
          />
          {labels[String(option.value)] ?? option.label}
        </label>
      ))}
    </div>
  )
}

/** A list of ticks for an array of choices; each posts its value under name[]. */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, onChange } = props
  const options = props.options.enumOptions ?? []
  const labels = labelsOf(props.options)
  const selected: unknown[] = Array.isArray(value) ? value : []
  const word = useSchemaFormWords()
  // `searchable`: a filter box, with JavaScript only; without it every option simply shows.
  const [hydrated, setHydrated] = useState(false)
  const [query, setQuery] = useState('')
  useEffect(() => setHydrated(true), [])
  const searchable = props.options.searchable === true && hydrated
  const labelOf = (option: Option) => labels[String(option.value)] ?? option.label
  const matches = (option: Option) => !searchable || labelOf(option).toLowerCase().includes(query.trim().toLowerCase())
  const toggle = (option: Option, on: boolean) => {
    const next = on ? [...selected, option.value] : selected.filter((item) => item !== option.value)
    // Keep the schema's order, whatever order they were ticked in.
    onChange(options.map((o) => o.value).filter((v) => next.includes(v)))
  }
  return (
    <div className="flex flex-col gap-2">
      {searchable ? (
        <input
          type="search"
          aria-label={word('sf_search')}
          placeholder={word('sf_search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={`${inputClass} max-w-xs`}
        />
      ) : null}
      <div role="group" aria-labelledby={`${id}__label`} className={props.options.inline ? 'flex flex-wrap gap-x-5 gap-y-2' : 'flex flex-col gap-2'}>
        {options.map((option, index) => (
          // Filtered out, a ticked option stays in the form (hidden, still posted).
          <label key={String(option.value)} className={`${matches(option) ? 'inline-flex' : 'hidden'} items-center gap-2 text-sm text-slate-800`}>
            <input
              type="checkbox"
              id={optionId(id, index)}
              name={htmlName ?? `${id}[]`}
              value={String(option.value)}
              checked={selected.includes(option.value)}
              disabled={disabled || readonly}
              className="h-4 w-4 rounded accent-brand"
              onChange={(event) => toggle(option, event.target.checked)}
            />
            {labelOf(option)}
          </label>
        ))}
      </div>
      {searchable && !options.some(matches) ? <p className="text-sm text-slate-500">{word('sf_noResults')}</p> : null}
    </div>
  )
}
