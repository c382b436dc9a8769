import type { WidgetProps } from '@rjsf/utils'
import { ariaDescribedByIds } from '@rjsf/utils'
import { clearFieldName } from '#server/screens/parse-form-submission'
import { useSchemaFormWords } from '#app/components/schema-form/use-schema-form-words'

/** '4d8dfc' or '#4D8DFC' as the '#4d8dfc' a colour input wants; '' when it is not a colour. */
export function asHexColor(value: unknown): string {
  if (typeof value !== 'string') return ''
  const hex = value.trim().replace(/^#/, '').toLowerCase()
  return /^[0-9a-f]{6}$/.test(hex) ? `#${hex}` : ''
}

/**
 * A colour picker with its value shown read-only beside it. A picker always posts a colour, so
 * an optional colour gets a "No colour" box that empties it.
 */
export function ColorWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, required, onChange, fieldPathId } = props
  const hex = asHexColor(value)
  const word = useSchemaFormWords()
  const path = (fieldPathId?.path ?? [props.name]).map(String)
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        type="color"
        id={id}
        name={htmlName ?? id}
        value={hex || '#4d8dfc'}
        disabled={disabled || readonly}
        className="h-10 w-14 cursor-pointer rounded border border-slate-300 bg-white p-1"
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.value)}
      />
      <input
        type="text"
        readOnly
        tabIndex={-1}
        aria-label={word('sf_chosenColour')}
        value={hex || word('sf_noColour')}
        className="w-28 rounded-md border border-slate-200 bg-slate-50 px-2 py-2 font-mono text-sm text-slate-700"
      />
      {!required ? (
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name={clearFieldName(path)}
            value="true"
            checked={!hex}
            className="h-4 w-4 rounded accent-brand"
            onChange={(event) => onChange(event.target.checked ? undefined : '#4d8dfc')}
          />
          {word('sf_noColour')}
        </label>
      ) : null}
    </div>
  )
}
