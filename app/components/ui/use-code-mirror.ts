import { useEffect, useRef, useState, type RefObject } from 'react'

/**
 * CodeMirror 6 for HTML with the dark theme, mounted in `host` once the page runs; loaded on
 * demand so no other page pays for it. Until it is ready (and without JavaScript) the caller's
 * textarea is the editor; `ready` says when to hide it.
 */
export function useCodeMirror(host: RefObject<HTMLDivElement | null>, options: { initial: string; label: string; editable: boolean; onChange: (text: string) => void }): { ready: boolean } {
  const latest = useRef(options)
  latest.current = options
  const [ready, setReady] = useState(false)
  const { label, editable } = options

  useEffect(() => {
    let cancelled = false
    let destroy: (() => void) | null = null
    void Promise.all([import('@codemirror/view'), import('@codemirror/commands'), import('@codemirror/lang-html'), import('@codemirror/theme-one-dark')]).then(
      ([{ EditorView, keymap, lineNumbers, highlightActiveLine }, { defaultKeymap, history, historyKeymap, indentWithTab }, { html }, { oneDark }]) => {
        if (cancelled || !host.current) return
        const view = new EditorView({
          doc: latest.current.initial,
          parent: host.current,
          extensions: [
            lineNumbers(),
            highlightActiveLine(),
            history(),
            keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
            EditorView.lineWrapping,
            html(),
            oneDark,
            EditorView.editable.of(editable),
            EditorView.contentAttributes.of({ 'aria-label': label }),
            EditorView.updateListener.of((update) => {
              if (update.docChanged) latest.current.onChange(update.state.doc.toString())
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
  }, [host, label, editable])

  return { ready }
}
