import sanitizeHtml from 'sanitize-html'

/**
 * Rich text from Quill, as staff write it (the website footer, email templates): only what
 * Quill's toolbar makes survives, with Quill's own classes (ql-size-*, ql-font-*, ql-align-*,
 * ql-indent-*, ql-direction-*) and colour styles. Run on save and again wherever it is shown.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'ul', 'li', 'sub', 'sup', 'span', 'a'],
  allowedAttributes: {
    '*': ['class', 'style'],
    a: ['href', 'target', 'rel'],
    li: ['data-list'],
    pre: ['spellcheck'],
  },
  allowedClasses: { '*': [/^ql-(size|font|align|indent|direction|syntax)-[a-z0-9-]+$/, 'ql-syntax'] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'background-color': [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
}

export function sanitizeRichTextHtml(html: string): string {
  const clean = sanitizeHtml(html, options).trim()
  // An editor left empty holds '<p><br></p>': nothing to show.
  return clean.replace(/<p>(<br\s*\/?>)?<\/p>/g, '') === '' ? '' : clean
}

/** The words of rich text as plain text (an email's text part): blocks and breaks become new lines. */
export function richTextToPlainText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, '\n')
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
  const decoded = text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
  return decoded
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
