import { useEffect, useRef, useState } from 'react'

/** The product's rich-text toolbar (spec 000 section 9), in Quill 2's terms. */
export const RICH_TEXT_TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  ['blockquote', 'code-block'],
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ script: 'sub' }, { script: 'super' }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ direction: 'rtl' }],
  [{ size: ['small', false, 'large', 'huge'] }],
  [{ color: [] }, { background: [] }],
  [{ font: [] }],
  [{ align: [] }],
  ['clean'],
  ['link'],
]

export interface RichTextEditorProps {
  id: string
  name: string
  value: string
  onChange: (html: string) => void
  label: string
  disabled?: boolean
  describedBy?: string
  invalid?: boolean
}

/**
 * Rich text with Quill 2, loaded only in the browser. The server renders a plain textarea
 * holding the HTML, which is what a visitor without JavaScript edits and posts; once Quill has
 * loaded it edits the same textarea's value, so the form posts the same field either way.
 * The server sanitises whatever arrives.
 */
export function RichTextEditor({ id, name, value, onChange, label, disabled, describedBy, invalid }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const latest = useRef({ onChange, value })
  latest.current = { onChange, value }
  const [ready, setReady] = useState(false)

  useEffect(() => {
    let cancelled = false
    let container: HTMLDivElement | null = null
    void import('quill').then(({ default: Quill }) => {
      if (cancelled || !host.current) return
      container = document.createElement('div')
      host.current.appendChild(container)
      const quill = new Quill(container, { theme: 'snow', readOnly: disabled, modules: { toolbar: RICH_TEXT_TOOLBAR } })
      quill.setContents(quill.clipboard.convert({ html: latest.current.value }), 'silent')
      quill.root.setAttribute('aria-label', label)
      if (describedBy) quill.root.setAttribute('aria-describedby', describedBy)
      quill.on('text-change', () => {
        const html = quill.getLength() <= 1 ? '' : quill.getSemanticHTML().replace(/&nbsp;/g, ' ')
        latest.current.onChange(html)
      })
      setReady(true)
    })
    return () => {
      cancelled = true
      // Quill puts its toolbar before the editor, inside our host: clear both.
      if (host.current) host.current.innerHTML = ''
      container = null
    }
  }, [disabled, label, describedBy])

  return (
    <div className={`rounded-md ${invalid ? 'ring-1 ring-red-500' : ''}`}>
      <textarea
        id={id}
        name={name}
        value={value}
        hidden={ready}
        rows={6}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
      />
      <div ref={host} className="bg-white [&_.ql-editor]:min-h-40" />
    </div>
  )
}
