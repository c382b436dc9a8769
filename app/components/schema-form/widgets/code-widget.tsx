import type { WidgetProps } from '@rjsf/utils'
import { ariaDescribedByIds } from '@rjsf/utils'
import { useRef } from 'react'
import { useCodeMirror } from '#app/components/ui/use-code-mirror'

/**
 * HTML/script source with CodeMirror 6 (dark theme), loaded only in the browser; without
 * JavaScript, and until it loads, the named textarea is the editor.
 */
export function CodeWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, label, disabled, readonly, options } = props
  const host = useRef<HTMLDivElement>(null)
  const { ready } = useCodeMirror(host, {
    initial: typeof value === 'string' ? value : '',
    label,
    editable: !(disabled || readonly),
    onChange: (text) => onChange(text === '' ? options.emptyValue : text),
  })

  return (
    <div>
      <textarea
        id={id}
        name={htmlName ?? id}
        value={typeof value === 'string' ? value : ''}
        hidden={ready}
        rows={8}
        disabled={disabled}
        readOnly={readonly}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-slate-900 px-3 py-2 font-mono text-sm text-slate-100"
      />
      <div ref={host} className="overflow-hidden rounded-md text-sm [&_.cm-editor]:min-h-40" />
    </div>
  )
}
