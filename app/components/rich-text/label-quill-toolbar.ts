import type { CATALOG } from '#server/i18n/catalog'

/** A word of the rich-text toolbar that takes no value, from the 'common' words every page carries. */
export type RichTextKey = Exclude<Extract<keyof (typeof CATALOG)['en']['common'], `richText_${string}`>, 'richText_formatting' | 'richText_headingLevel' | 'richText_textColourValue' | 'richText_highlightValue'>

/** The toolbar's words in the page's language: the plain ones by key, and the ones made with a value. */
export interface ToolbarWords {
  word: (key: RichTextKey) => string
  /** '{{label}}: formatting', the toolbar's name. */
  formatting: (editorLabel: string) => string
  headingLevel: (level: string) => string
  textColour: (colour: string) => string
  highlight: (colour: string) => string
}

/**
 * Quill's snow toolbar draws icon-only buttons and span "pickers" with no accessible names,
 * and keeps each picker's options focusable while they are aria-hidden. This names every
 * control after what it does, in the page's language, makes closed pickers' options
 * unreachable by Tab, and names the link tooltip's input. Quill's own visible words (the
 * heading and size pickers, the link tooltip) are English in its stylesheet; they are given
 * as data attributes that its stylesheet and ours show instead (app/styles/app.css).
 * Returns a function that stops watching the pickers.
 */
export function labelQuillToolbar(toolbar: HTMLElement, editorLabel: string, tooltip: HTMLElement | null, words: ToolbarWords): () => void {
  toolbar.setAttribute('role', 'toolbar')
  toolbar.setAttribute('aria-label', words.formatting(editorLabel))

  for (const button of toolbar.querySelectorAll<HTMLButtonElement>('button')) {
    const format = formatOf(button)
    const key = BUTTON_NAMES[`${format}:${button.value}`] ?? BUTTON_NAMES[format]
    button.setAttribute('aria-label', key ? words.word(key) : format)
    button.setAttribute('aria-pressed', String(button.classList.contains('ql-active')))
  }

  const pickers = [...toolbar.querySelectorAll<HTMLElement>('.ql-picker')]
  for (const picker of pickers) {
    const format = formatOf(picker)
    const label = picker.querySelector<HTMLElement>('.ql-picker-label')
    const pickerName = PICKER_NAMES[format]
    label?.setAttribute('aria-label', pickerName ? words.word(pickerName) : format)
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      item.setAttribute('aria-label', itemName(format, item.dataset.value, words))
      const shown = shownName(format, item.dataset.value, words)
      if (shown !== null) item.dataset.label = shown
    }
    // Quill copies an item's data-label to the picker's label when it is chosen; the one chosen now too.
    const chosen = picker.querySelector<HTMLElement>('.ql-picker-item.ql-selected') ?? picker.querySelector<HTMLElement>('.ql-picker-item:not([data-value])')
    if (label && chosen?.dataset.label) label.dataset.label = chosen.dataset.label
    syncOptions(picker)
  }

  // Quill flips aria-hidden when a picker opens or closes, and ql-active as the selection moves.
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const target = mutation.target as HTMLElement
      if (target.classList.contains('ql-picker-options')) {
        const picker = target.closest<HTMLElement>('.ql-picker')
        if (picker) syncOptions(picker)
      } else if (target instanceof HTMLButtonElement) {
        const pressed = String(target.classList.contains('ql-active'))
        if (target.getAttribute('aria-pressed') !== pressed) target.setAttribute('aria-pressed', pressed)
      }
    }
  })
  observer.observe(toolbar, { subtree: true, attributes: true, attributeFilter: ['aria-hidden', 'class'] })

  const linkInput = tooltip?.querySelector<HTMLInputElement>('input[type=text]')
  linkInput?.setAttribute('aria-label', words.word('richText_linkAddress'))
  if (tooltip) {
    tooltip.dataset.visitLabel = words.word('richText_visitUrl')
    tooltip.dataset.enterLinkLabel = words.word('richText_enterLink')
    const action = tooltip.querySelector<HTMLElement>('a.ql-action')
    if (action) {
      action.dataset.editLabel = words.word('richText_edit')
      action.dataset.saveLabel = words.word('richText_save')
    }
    const remove = tooltip.querySelector<HTMLElement>('a.ql-remove')
    if (remove) remove.dataset.removeLabel = words.word('richText_remove')
  }
  return () => observer.disconnect()
}

/** Closed options are hidden from assistive technology and so must be out of the Tab order too. */
function syncOptions(picker: HTMLElement): void {
  const options = picker.querySelector<HTMLElement>('.ql-picker-options')
  if (!options) return
  const hidden = options.getAttribute('aria-hidden') === 'true'
  for (const item of options.querySelectorAll<HTMLElement>('.ql-picker-item')) {
    const tabIndex = hidden ? '-1' : '0'
    if (item.getAttribute('tabindex') !== tabIndex) item.setAttribute('tabindex', tabIndex)
  }
}

function formatOf(element: Element): string {
  const format = [...element.classList].find((name) => name.startsWith('ql-') && !['ql-active', 'ql-picker', 'ql-expanded', 'ql-color-picker', 'ql-icon-picker'].includes(name))
  return format ? format.slice(3) : 'format'
}

/** The buttons of RICH_TEXT_TOOLBAR, by format (and value where one format has several buttons). */
const BUTTON_NAMES: Record<string, RichTextKey> = {
  bold: 'richText_bold',
  italic: 'richText_italic',
  underline: 'richText_underline',
  strike: 'richText_strike',
  blockquote: 'richText_blockquote',
  'code-block': 'richText_codeBlock',
  'list:ordered': 'richText_orderedList',
  'list:bullet': 'richText_bulletList',
  'script:sub': 'richText_subscript',
  'script:super': 'richText_superscript',
  'indent:-1': 'richText_outdent',
  'indent:+1': 'richText_indent',
  'direction:rtl': 'richText_rtl',
  clean: 'richText_clean',
  link: 'richText_link',
}

const PICKER_NAMES: Record<string, RichTextKey> = {
  header: 'richText_heading',
  size: 'richText_textSize',
  color: 'richText_textColour',
  background: 'richText_highlightColour',
  font: 'richText_font',
  align: 'richText_alignment',
}

/** The choices of each picker that are not a value shown as it is (a heading level, a colour). */
const ITEM_NAMES: Record<string, RichTextKey> = {
  'size:small': 'richText_smallText',
  'size:large': 'richText_largeText',
  'size:huge': 'richText_hugeText',
  'font:serif': 'richText_serifFont',
  'font:monospace': 'richText_monospaceFont',
  'align:center': 'richText_alignCenter',
  'align:right': 'richText_alignRight',
  'align:justify': 'richText_alignJustify',
}

/** Each picker's choice without a value: the text as it is. */
const DEFAULT_ITEM_NAMES: Record<string, RichTextKey> = {
  header: 'richText_normalText',
  size: 'richText_normalSize',
  font: 'richText_sansSerifFont',
  align: 'richText_alignLeft',
  color: 'richText_defaultTextColour',
  background: 'richText_noHighlight',
}

function itemName(format: string, value: string | undefined, words: ToolbarWords): string {
  if (!value) {
    const key = DEFAULT_ITEM_NAMES[format]
    return words.word(key ?? 'richText_default')
  }
  if (format === 'header') return words.headingLevel(value)
  if (format === 'color') return words.textColour(value)
  if (format === 'background') return words.highlight(value)
  const key = ITEM_NAMES[`${format}:${value}`]
  return key ? words.word(key) : value
}

/** What the heading and size pickers show for a choice (Quill's stylesheet shows data-label); null to leave it to Quill. */
function shownName(format: string, value: string | undefined, words: ToolbarWords): string | null {
  if (format === 'header') return value ? words.headingLevel(value) : words.word('richText_normal')
  if (format !== 'size') return null
  if (!value) return words.word('richText_normal')
  const key = SHOWN_SIZE_NAMES[value]
  return key ? words.word(key) : null
}

const SHOWN_SIZE_NAMES: Record<string, RichTextKey> = { small: 'richText_small', large: 'richText_large', huge: 'richText_huge' }
