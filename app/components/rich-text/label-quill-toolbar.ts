/**
 * Quill's snow toolbar draws icon-only buttons and span "pickers" with no accessible names,
 * and keeps each picker's options focusable while they are aria-hidden. This names every
 * control after what it does, makes closed pickers' options unreachable by Tab, and names the
 * link tooltip's input. Returns a function that stops watching the pickers.
 */
export function labelQuillToolbar(toolbar: HTMLElement, editorLabel: string, tooltip: HTMLElement | null): () => void {
  toolbar.setAttribute('role', 'toolbar')
  toolbar.setAttribute('aria-label', `${editorLabel}: formatting`)

  for (const button of toolbar.querySelectorAll<HTMLButtonElement>('button')) {
    const format = formatOf(button)
    const name = BUTTON_NAMES[`${format}:${button.value}`] ?? BUTTON_NAMES[format] ?? format
    button.setAttribute('aria-label', name)
    button.setAttribute('aria-pressed', String(button.classList.contains('ql-active')))
  }

  const pickers = [...toolbar.querySelectorAll<HTMLElement>('.ql-picker')]
  for (const picker of pickers) {
    const format = formatOf(picker)
    const label = picker.querySelector<HTMLElement>('.ql-picker-label')
    label?.setAttribute('aria-label', PICKER_NAMES[format] ?? format)
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) item.setAttribute('aria-label', itemName(format, item.dataset.value))
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
  linkInput?.setAttribute('aria-label', 'Link address')
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

const BUTTON_NAMES: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  blockquote: 'Quote',
  'code-block': 'Code block',
  'list:ordered': 'Numbered list',
  'list:bullet': 'Bulleted list',
  'list:check': 'Checklist',
  'script:sub': 'Subscript',
  'script:super': 'Superscript',
  'indent:-1': 'Decrease indent',
  'indent:+1': 'Increase indent',
  'direction:rtl': 'Right-to-left text',
  clean: 'Clear formatting',
  link: 'Link',
  image: 'Image',
  video: 'Video',
  formula: 'Formula',
}

const PICKER_NAMES: Record<string, string> = {
  header: 'Heading',
  size: 'Text size',
  color: 'Text colour',
  background: 'Highlight colour',
  font: 'Font',
  align: 'Alignment',
}

function itemName(format: string, value: string | undefined): string {
  switch (format) {
    case 'header':
      return value ? `Heading ${value}` : 'Normal text'
    case 'size':
      return value ? `${value[0].toUpperCase()}${value.slice(1)} text` : 'Normal size'
    case 'font':
      return value ? `${value[0].toUpperCase()}${value.slice(1)} font` : 'Sans serif font'
    case 'align':
      return value ? `Align ${value}` : 'Align left'
    case 'color':
      return value ? `Text colour ${value}` : 'Default text colour'
    case 'background':
      return value ? `Highlight ${value}` : 'No highlight'
    default:
      return value ?? 'Default'
  }
}
