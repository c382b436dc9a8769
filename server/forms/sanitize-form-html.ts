import sanitizeHtml from 'sanitize-html'

/** What the rich-text editor (Quill) produces, and nothing that runs or frames anything. */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'blockquote', 'pre', 'code',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'ul', 'li', 'sub', 'sup', 'a', 'span', 'img', 'hr',
  ],
  allowedAttributes: {
    '*': ['class', 'style', 'dir'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    li: ['data-list'],
    pre: ['spellcheck'],
  },
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i],
      'background-color': [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }),
  },
}

export const FORM_HTML_MAX_LENGTH = 20_000

/** A form's descriptions (before form, sub-header, after form), safe to show to visitors. */
export function sanitizeFormHtml(html: string): string {
  const clean = sanitizeHtml(html, options).trim()
  // Quill's empty editor is '<p><br></p>': store it as no description at all.
  return clean.replace(/<p><br\s*\/?><\/p>/g, '').trim() === '' ? '' : clean
}
