import type { WidgetProps } from '@rjsf/utils'
import { ariaDescribedByIds } from '@rjsf/utils'
import { useEffect, useRef, useState } from 'react'

/**
 * HTML/script source with CodeMirror 6 (dark theme), loaded only in the browser; without
 * JavaScript, and until it loads, the named textarea is the editor.
 */
export function CodeWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, label, disabled, readonly, options } = props
  const host = useRef<HTMLDivElement>(null)
  const latest = useRef({ onChange, value })
  latest.current = { onChange, value }
  const [ready, setReady] = useState(false)

  useEffect(() => {
    let cancelled = false
    let destroy: (() => void) | null = null
    void Promise.all([
      import('@codemirror/view'),
      import('@codemirror/commands'),
      import('@codemirror/lang-html'),
      import('@codemirror/theme-one-dark'),
    ]).then(
      ([{ EditorView, keymap, lineNumbers, highlightActiveLine }, { defaultKeymap, history, historyKeymap, indentWithTab }, { html }, { oneDark }]) => {
        if (cancelled || !host.current) return
        const view = new EditorView({
          doc: typeof latest.current.value === 'string' ? latest.current.value : '',
          parent: host.current,
          extensions: [
            lineNumbers(),
            highlightActiveLine(),
            history(),
            keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
            EditorView.lineWrapping,
            html(),
            oneDark,
            EditorView.editable.of(!(disabled || readonly)),
            EditorView.contentAttributes.of({ 'aria-label': label }),
            EditorView.updateListener.of((update) => {
              if (update.docChanged) {
                const text = update.state.doc.toString()
                latest.current.onChange(text === '' ? options.emptyValue : text)
              }
            }),
          ],
        })
        destroy = () => view.destroy()
        setReady(true)
      },
    )
    return () => {
      cancelled = true
      destroy?.()
    }
  }, [disabled, readonly, label, options.emptyValue])

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
