import type { WidgetProps } from '@rjsf/utils'
import { ariaDescribedByIds } from '@rjsf/utils'

/** A checkbox with its label beside it; posts 'true' when ticked and nothing otherwise. */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, label, onChange, onBlur, onFocus, autofocus } = props
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        id={id}
        name={htmlName ?? id}
        value="true"
        checked={value === true}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        className="h-4 w-4 rounded accent-brand"
        onChange={(event) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
        aria-describedby={ariaDescribedByIds(id)}
      />
      {label}
    </label>
  )
}

/** An on/off switch: a real checkbox (so it posts without JavaScript) drawn as a toggle. */
export function SwitchWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, label, onChange, onBlur, onFocus, autofocus } = props
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 rounded-md py-1 text-sm font-medium text-slate-800">
      <span>{label}</span>
      <span className="relative inline-flex shrink-0 items-center">
        <input
          type="checkbox"
          role="switch"
          id={id}
          name={htmlName ?? id}
          value="true"
          checked={value === true}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          className="peer sr-only"
          onChange={(event) => onChange(event.target.checked)}
          onBlur={(event) => onBlur(id, event.target.checked)}
          onFocus={(event) => onFocus(id, event.target.checked)}
          aria-describedby={ariaDescribedByIds(id)}
        />
        <span
          aria-hidden
          className="h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand peer-focus-visible:ring-2 peer-focus-visible:ring-brand/40 peer-disabled:opacity-50"
        />
        <span
          aria-hidden
          className="absolute left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </label>
  )
}
