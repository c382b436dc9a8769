import type { Editor } from 'grapesjs'
import { useEffect, useRef, useState } from 'react'

export interface VisualDesign {
  html: string
  css: string
  /** The editor's project data as JSON text; '' to start from the HTML and CSS. */
  design: string
}

export interface PublishedFormLink {
  guId: string
  name: string
}

/**
 * GrapesJS, loaded only here and only in the browser (its bundle is a chunk of its own), with
 * the product's blocks. `onReady` hands the editor to the form, which reads its HTML, CSS and
 * project data when it is posted.
 */
export function VisualEditor({ start, forms, onReady }: { start: VisualDesign; forms: readonly PublishedFormLink[]; onReady: (editor: Editor | null) => void }) {
  const host = useRef<HTMLDivElement>(null)
  const first = useRef({ start, forms, onReady })
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    let cancelled = false
    let editor: Editor | null = null
    const { start: initial, forms: formLinks, onReady: ready } = first.current
    import('grapesjs')
      .then(({ default: grapesjs }) => {
        if (cancelled || !host.current) return
        const project = parseProject(initial.design)
        editor = grapesjs.init({
          container: host.current,
          height: '70vh',
          width: 'auto',
          storageManager: false,
          noticeOnUnload: false,
          // No icon font from an outside CDN, and no page-wide rules added to what getCss answers.
          cssIcons: '',
          protectedCss: '',
          ...(project ? { projectData: project } : { components: initial.html, style: initial.css }),
        })
        addProductBlocks(editor, formLinks)
        labelPanelButtons(editor)
        const started = editor
        started.on('load', () => nameEditorControls(started, host.current))
        ready(editor)
        setState('ready')
      })
      .catch(() => {
        if (!cancelled) setState('failed')
      })
    return () => {
      cancelled = true
      ready(null)
      editor?.destroy()
    }
  }, [])

  return (
    <div className="overflow-hidden rounded-lg border border-slate-300 bg-white">
      {state === 'loading' ? (
        <p role="status" className="p-6 text-sm text-slate-600">
          Loading the visual editor…
        </p>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="p-6 text-sm text-red-700">
          The visual editor could not load. Check your connection and reload the page, or edit the page as HTML.
        </p>
      ) : null}
      <div ref={host} data-testid="visual-editor" />
    </div>
  )
}

function parseProject(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return null
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const BUTTON_STYLE = 'display:inline-block;padding:12px 24px;border-radius:8px;background:#3730a3;color:#ffffff;font-weight:600;text-decoration:none'
const SECTION_STYLE = 'padding:48px 24px;max-width:1100px;margin:0 auto'

/** The blocks a studio builds pages from: text, image, button, columns, video, its forms and its class schedule. */
function addProductBlocks(editor: Editor, forms: readonly PublishedFormLink[]) {
  const blocks = editor.Blocks
  const category = 'Basic'
  blocks.add('heading-text', {
    label: 'Text',
    category,
    content: `<section style="${SECTION_STYLE}"><h2>A heading</h2><p>Tell visitors about your studio, your teachers and what makes your classes special.</p></section>`,
  })
  blocks.add('image', { label: 'Image', category, select: true, activate: true, content: { type: 'image', style: { 'max-width': '100%', height: 'auto' }, attributes: { alt: '' } } })
  blocks.add('button', { label: 'Button', category, content: `<a href="/calendar" style="${BUTTON_STYLE}">Book a class</a>` })
  blocks.add('columns-2', {
    label: 'Two columns',
    category,
    content: `<section style="${SECTION_STYLE};display:flex;flex-wrap:wrap;gap:24px"><div style="flex:1 1 280px"><h3>First column</h3><p>Some words here.</p></div><div style="flex:1 1 280px"><h3>Second column</h3><p>Some words here.</p></div></section>`,
  })
  blocks.add('columns-3', {
    label: 'Three columns',
    category,
    content: `<section style="${SECTION_STYLE};display:flex;flex-wrap:wrap;gap:24px">${[1, 2, 3]
      .map((n) => `<div style="flex:1 1 220px"><h3>Column ${n}</h3><p>Some words here.</p></div>`)
      .join('')}</section>`,
  })
  blocks.add('video', { label: 'Video', category, content: { type: 'video', provider: 'yt', videoId: '', style: { width: '100%', height: '360px' } } })
  blocks.add('class-list', {
    label: 'Class schedule',
    category: 'Your studio',
    content: `<section style="${SECTION_STYLE}"><h2>Our weekly classes</h2><p>See the timetable, check the spots left and book your place online.</p><a href="/calendar" style="${BUTTON_STYLE}">See the class schedule</a></section>`,
  })
  for (const form of forms) {
    blocks.add(`form-${form.guId}`, {
      label: `Form: ${form.name}`,
      category: 'Your studio',
      content: `<section style="${SECTION_STYLE}"><h2>${escapeText(form.name)}</h2><p>Fill in the form online in a couple of minutes.</p><a href="/pforms/${encodeURIComponent(
        form.guId,
      )}" style="${BUTTON_STYLE}">Open the form</a></section>`,
    })
  }
}

/** The editor's own buttons are drawn with an icon font from a CDN, which is not loaded: they get words instead. */
const PANEL_LABELS: ReadonlyArray<readonly [panel: string, button: string, label: string]> = [
  ['options', 'sw-visibility', 'Outlines'],
  ['options', 'preview', 'Preview'],
  ['options', 'fullscreen', 'Full screen'],
  ['options', 'export-template', 'Code'],
  ['views', 'open-blocks', 'Blocks'],
  ['views', 'open-sm', 'Styles'],
  ['views', 'open-tm', 'Settings'],
  ['views', 'open-layers', 'Layers'],
]

function labelPanelButtons(editor: Editor) {
  for (const [panel, id, label] of PANEL_LABELS) {
    const button = editor.Panels.getButton(panel, id)
    if (!button) continue
    button.set('label', `<span class="gjs-text-button">${label}</span>`)
    button.set('attributes', { ...button.get('attributes'), title: label, 'aria-label': label })
  }
  // Blocks are what a new page is built from, so their panel opens first.
  editor.Panels.getButton('views', 'open-blocks')?.set('active', true)
}

/** The canvas frame and the device choice carry no names of their own; screen readers need them. */
function nameEditorControls(editor: Editor, container: HTMLElement | null) {
  editor.Canvas.getFrameEl()?.setAttribute('title', 'Page design')
  container?.querySelector('.gjs-devices-c select')?.setAttribute('aria-label', 'Device')
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
