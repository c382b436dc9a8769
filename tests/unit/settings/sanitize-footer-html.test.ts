import { describe, expect, it } from 'vitest'
import { sanitizeFooterHtml } from '#server/settings/sanitize-footer-html'

describe('sanitizeFooterHtml', () => {
  it('keeps what the Quill toolbar makes', () => {
    const html =
      '<p class="ql-align-center"><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s> <span style="color: #e60000;">red</span> <sub>2</sub></p><ol><li data-list="bullet">one</li></ol><h2>Title</h2><a href="https://x.test" target="_blank">x</a>'
    const clean = sanitizeFooterHtml(html)
    expect(clean).toContain('<p class="ql-align-center">')
    expect(clean).toContain('<span style="color:#e60000">red</span>')
    expect(clean).toContain('<li data-list="bullet">one</li>')
    expect(clean).toContain('rel="noopener noreferrer"')
  })

  it('removes scripts, handlers, frames, foreign classes and hostile styles and links', () => {
    const clean = sanitizeFooterHtml(
      '<p onclick="x()" class="evil ql-size-large" style="position:fixed;color:red;background-image:url(x)">a</p><script>alert(1)</script><iframe src="https://x"></iframe><a href="javascript:alert(1)">b</a><img src=x onerror=alert(1)>',
    )
    expect(clean).toBe('<p class="ql-size-large">a</p><a>b</a>')
  })

  it('treats an emptied editor as no footer', () => {
    expect(sanitizeFooterHtml('<p><br></p>')).toBe('')
    expect(sanitizeFooterHtml('')).toBe('')
  })
})
