import type { Editor } from 'grapesjs'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { GrapesMessages } from './grapesjs-turkish'

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
  const { t, i18n } = useTranslation('website')
  const words = editorWords(t)
  const first = useRef({ start, forms, onReady, words, turkish: i18n.language === 'tr' })
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    let cancelled = false
    let editor: Editor | null = null
    const { start: initial, forms: formLinks, onReady: ready, words: said, turkish } = first.current
    // GrapesJS's Turkish is a chunk of its own, fetched only for a Turkish page.
    Promise.all([import('grapesjs'), turkish ? import('./grapesjs-turkish') : null])
      .then(([{ default: grapesjs }, turkishWords]) => {
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
          textViewCode: said.code,
          // The page's language, not the browser's.
          i18n: turkishWords
            ? { locale: 'tr', localeFallback: 'en', detectLocale: false, messagesAdd: { tr: turkishWords.grapesjsTurkish(grapesWords(said)) } }
            : { locale: 'en', detectLocale: false },
          ...(project ? { projectData: project } : { components: initial.html, style: initial.css }),
        })
        addProductBlocks(editor, formLinks, said)
        labelPanelButtons(editor, said)
        const started = editor
        started.on('load', () => nameEditorControls(started, host.current, said))
        if (turkishWords) started.on('rte:enable', () => titleRichTextButtons(started, turkishWords.RICH_TEXT_TITLES))
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
          {words.loading}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="p-6 text-sm text-red-700">
          {words.failed}
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

/** The editor's words in the page's language: its panels' buttons, devices and blocks, and what the blocks drop into the page. */
function editorWords(t: TFunction<'website'>) {
  return {
    loading: t('editor_loading'),
    failed: t('editor_failed'),
    canvas: t('editor_canvas'),
    device: t('editor_device'),
    code: t('editor_code'),
    devices: {
      desktop: t('editor_device_desktop'),
      tablet: t('editor_device_tablet'),
      mobileLandscape: t('editor_device_mobileLandscape'),
      mobilePortrait: t('editor_device_mobilePortrait'),
    },
    panels: {
      'sw-visibility': t('editor_outlines'),
      preview: t('editor_preview'),
      fullscreen: t('editor_fullscreen'),
      'export-template': t('editor_code'),
      'open-blocks': t('editor_blocks'),
      'open-sm': t('editor_styles'),
      'open-tm': t('editor_settings'),
      'open-layers': t('editor_layers'),
    },
    categories: { basic: t('editor_category_basic'), studio: t('editor_category_studio') },
    blocks: {
      text: t('editor_block_text'),
      image: t('editor_block_image'),
      button: t('editor_block_button'),
      columns2: t('editor_block_columns2'),
      columns3: t('editor_block_columns3'),
      video: t('editor_block_video'),
      classList: t('editor_block_classList'),
      form: (name: string) => t('editor_block_form', { name }),
    },
    // Starter content becomes the studio's page, so it is written in the language the studio works in.
    starter: {
      heading: t('editor_starter_heading'),
      text: t('editor_starter_text'),
      book: t('editor_starter_book'),
      firstColumn: t('editor_starter_firstColumn'),
      secondColumn: t('editor_starter_secondColumn'),
      column: (number: number) => t('editor_starter_column', { number }),
      someWords: t('editor_starter_someWords'),
      classesHeading: t('editor_starter_classesHeading'),
      classesText: t('editor_starter_classesText'),
      classesButton: t('editor_starter_classesButton'),
      formText: t('editor_starter_formText'),
      formButton: t('editor_starter_formButton'),
    },
  }
}

type EditorWords = ReturnType<typeof editorWords>

/** The product's words GrapesJS draws itself: its buttons' titles and the device names. */
function grapesWords(words: EditorWords): GrapesMessages {
  return { panels: { buttons: { titles: words.panels } }, deviceManager: { device: words.device, devices: words.devices } }
}

const BUTTON_STYLE = 'display:inline-block;padding:12px 24px;border-radius:8px;background:#3730a3;color:#ffffff;font-weight:600;text-decoration:none'
const SECTION_STYLE = 'padding:48px 24px;max-width:1100px;margin:0 auto'

/** The blocks a studio builds pages from: text, image, button, columns, video, its forms and its class schedule. */
function addProductBlocks(editor: Editor, forms: readonly PublishedFormLink[], words: EditorWords) {
  const blocks = editor.Blocks
  const { blocks: label, starter } = words
  const category = words.categories.basic
  const studio = words.categories.studio
  blocks.add('heading-text', {
    label: label.text,
    category,
    content: `<section style="${SECTION_STYLE}"><h2>${escapeText(starter.heading)}</h2><p>${escapeText(starter.text)}</p></section>`,
  })
  blocks.add('image', { label: label.image, category, select: true, activate: true, content: { type: 'image', style: { 'max-width': '100%', height: 'auto' }, attributes: { alt: '' } } })
  blocks.add('button', { label: label.button, category, content: `<a href="/calendar" style="${BUTTON_STYLE}">${escapeText(starter.book)}</a>` })
  blocks.add('columns-2', {
    label: label.columns2,
    category,
    content: `<section style="${SECTION_STYLE};display:flex;flex-wrap:wrap;gap:24px"><div style="flex:1 1 280px"><h3>${escapeText(starter.firstColumn)}</h3><p>${escapeText(starter.someWords)}</p></div><div style="flex:1 1 280px"><h3>${escapeText(starter.secondColumn)}</h3><p>${escapeText(starter.someWords)}</p></div></section>`,
  })
  blocks.add('columns-3', {
    label: label.columns3,
    category,
    content: `<section style="${SECTION_STYLE};display:flex;flex-wrap:wrap;gap:24px">${[1, 2, 3]
      .map((n) => `<div style="flex:1 1 220px"><h3>${escapeText(starter.column(n))}</h3><p>${escapeText(starter.someWords)}</p></div>`)
      .join('')}</section>`,
  })
  blocks.add('video', { label: label.video, category, content: { type: 'video', provider: 'yt', videoId: '', style: { width: '100%', height: '360px' } } })
  blocks.add('class-list', {
    label: label.classList,
    category: studio,
    content: `<section style="${SECTION_STYLE}"><h2>${escapeText(starter.classesHeading)}</h2><p>${escapeText(starter.classesText)}</p><a href="/calendar" style="${BUTTON_STYLE}">${escapeText(starter.classesButton)}</a></section>`,
  })
  for (const form of forms) {
    blocks.add(`form-${form.guId}`, {
      label: label.form(form.name),
      category: studio,
      content: `<section style="${SECTION_STYLE}"><h2>${escapeText(form.name)}</h2><p>${escapeText(starter.formText)}</p><a href="/pforms/${encodeURIComponent(
        form.guId,
      )}" style="${BUTTON_STYLE}">${escapeText(starter.formButton)}</a></section>`,
    })
  }
}

/** The editor's own buttons are drawn with an icon font from a CDN, which is not loaded: they get words instead. */
const PANEL_BUTTONS: ReadonlyArray<readonly [panel: string, button: keyof EditorWords['panels']]> = [
  ['options', 'sw-visibility'],
  ['options', 'preview'],
  ['options', 'fullscreen'],
  ['options', 'export-template'],
  ['views', 'open-blocks'],
  ['views', 'open-sm'],
  ['views', 'open-tm'],
  ['views', 'open-layers'],
]

function labelPanelButtons(editor: Editor, words: EditorWords) {
  for (const [panel, id] of PANEL_BUTTONS) {
    const button = editor.Panels.getButton(panel, id)
    if (!button) continue
    const label = words.panels[id]
    button.set('label', `<span class="gjs-text-button">${label}</span>`)
    button.set('attributes', { ...button.get('attributes'), title: label, 'aria-label': label })
  }
  // Blocks are what a new page is built from, so their panel opens first.
  editor.Panels.getButton('views', 'open-blocks')?.set('active', true)
}

/** The canvas frame and the device choice carry no names of their own; screen readers need them. */
function nameEditorControls(editor: Editor, container: HTMLElement | null, words: EditorWords) {
  editor.Canvas.getFrameEl()?.setAttribute('title', words.canvas)
  container?.querySelector('.gjs-devices-c select')?.setAttribute('aria-label', words.device)
}

/** The rich text toolbar is built when text is first edited, with GrapesJS's English titles. */
function titleRichTextButtons(editor: Editor, titles: Readonly<Record<string, string>>) {
  for (const action of editor.RichTextEditor.getAll()) {
    const title = titles[action.name]
    if (title && action.btn) action.btn.setAttribute('title', title)
  }
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
