import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import quillSnow from 'quill/dist/quill.snow.css'
import { labelQuillToolbar, type ToolbarWords } from './label-quill-toolbar'

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
  /** Called once Quill is up, with a way to put text at the cursor (merge tags from their chips). */
  onReady?: (editor: RichTextEditorHandle) => void
  /** The editor took the focus (Quill's or, before it loads, the textarea's). */
  onFocus?: () => void
}

export interface RichTextEditorHandle {
  /** Puts `text` where the cursor is (or where it last was), and keeps the focus in the editor. */
  insertText: (text: string) => void
}

/**
 * Rich text with Quill 2, loaded only in the browser. The server renders a plain textarea
 * holding the HTML, which is what a visitor without JavaScript edits and posts; once Quill has
 * loaded it edits the same textarea's value, so the form posts the same field either way.
 * The server sanitises whatever arrives. The toolbar's names are in the page's language
 * ('common' words, which every page carries).
 */
export function RichTextEditor({ id, name, value, onChange, label, disabled, describedBy, invalid, onReady, onFocus }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const { t } = useTranslation('common')
  const words: ToolbarWords = {
    word: (key) => t(key),
    formatting: (label) => t('richText_formatting', { label }),
    headingLevel: (level) => t('richText_headingLevel', { level }),
    textColour: (value) => t('richText_textColourValue', { value }),
    highlight: (value) => t('richText_highlightValue', { value }),
  }
  const latest = useRef({ onChange, value, onReady, onFocus, words })
  latest.current = { onChange, value, onReady, onFocus, words }
  const [ready, setReady] = useState(false)

  useEffect(() => {
    // The host element for this mount: the cleanup clears this one, whatever the ref holds by then.
    const hostElement = host.current
    let cancelled = false
    let container: HTMLDivElement | null = null
    let stopLabelling: (() => void) | null = null
    // The snow theme's stylesheet first: without it the toolbar's icons are drawn page-sized.
    void Promise.all([snowStylesheet(), import('quill')]).then(([, { default: Quill }]) => {
      if (cancelled || !host.current) return
      container = document.createElement('div')
      host.current.appendChild(container)
      const quill = new Quill(container, { theme: 'snow', readOnly: disabled, modules: { toolbar: RICH_TEXT_TOOLBAR } })
      quill.setContents(quill.clipboard.convert({ html: latest.current.value }), 'silent')
      quill.root.setAttribute('aria-label', label)
      quill.root.setAttribute('role', 'textbox')
      quill.root.setAttribute('aria-multiline', 'true')
      if (describedBy) quill.root.setAttribute('aria-describedby', describedBy)
      const toolbar = host.current.querySelector<HTMLElement>('.ql-toolbar')
      if (toolbar) stopLabelling = labelQuillToolbar(toolbar, label, container.querySelector<HTMLElement>('.ql-tooltip'), latest.current.words)
      quill.on('text-change', () => {
        const html = quill.getLength() <= 1 ? '' : quill.getSemanticHTML().replace(/&nbsp;/g, ' ')
        latest.current.onChange(html)
      })
      quill.on('selection-change', (range) => {
        if (range) latest.current.onFocus?.()
      })
      latest.current.onReady?.({
        insertText: (text) => {
          const at = quill.getSelection(true)
          quill.insertText(at.index, text, 'user')
          quill.setSelection(at.index + text.length, 0, 'user')
        },
      })
      setReady(true)
    })
    return () => {
      cancelled = true
      stopLabelling?.()
      // Quill puts its toolbar before the editor, inside our host: clear both.
      if (hostElement) hostElement.innerHTML = ''
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
        onFocus={onFocus}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
      />
      <div ref={host} className="bg-white [&_.ql-editor]:min-h-40" />
    </div>
  )
}

let snowLoaded: Promise<void> | null = null

/** Adds Quill's snow stylesheet once per page (a route may already link it) and waits for it. */
function snowStylesheet(): Promise<void> {
  snowLoaded ??= new Promise<void>((done) => {
    const existing = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].find((link) => link.href.endsWith(quillSnow))
    if (existing?.sheet) return done()
    const link = existing ?? document.createElement('link')
    // Loaded or not, the editor comes: a stylesheet that fails must not leave it missing.
    link.addEventListener('load', () => done(), { once: true })
    link.addEventListener('error', () => done(), { once: true })
    if (!existing) {
      link.rel = 'stylesheet'
      link.href = quillSnow
      link.dataset.quillSnow = 'true'
      document.head.appendChild(link)
    }
  })
  return snowLoaded
}
