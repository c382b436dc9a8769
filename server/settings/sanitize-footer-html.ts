import { sanitizeRichTextHtml } from '#server/text/rich-text-html'

/** The website footer is Quill rich text (server/text/rich-text-html.ts); run on save and again when it is shown. */
export function sanitizeFooterHtml(html: string): string {
  return sanitizeRichTextHtml(html)
}
