import { pageScriptTags } from '#server/website/page-script'

describe('the page script the public site runs', () => {
  it('keeps script elements: https sources with their flags, and inline code', () => {
    const snippet = `<!-- Google tag -->
<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>
<script>window.dataLayer = window.dataLayer || []; if (1 < 2 && "a" > "b") {}</script>`
    expect(pageScriptTags(snippet)).toEqual([
      { src: 'https://www.googletagmanager.com/gtag/js?id=G-1', async: true, code: '' },
      { code: 'window.dataLayer = window.dataLayer || []; if (1 < 2 && "a" > "b") {}' },
    ])
  })

  it('drops markup, handlers, noscript fallbacks, insecure or empty scripts and unknown types', () => {
    const snippet = `<div onclick="steal()">hi</div><noscript><img src="https://t.test/p.gif"></noscript>
<img src=x onerror="alert(1)"><script src="http://insecure.test/a.js"></script><script src="javascript:alert(1)"></script>
<script src="//protocol-relative.test/a.js"></script><script type="text/template"><b>x</b></script><script></script>`
    expect(pageScriptTags(snippet)).toEqual([])
  })

  it('keeps structured data for search engines', () => {
    expect(pageScriptTags('<script type="application/ld+json">{"@type":"Organization"}</script>')).toEqual([
      { type: 'application/ld+json', code: '{"@type":"Organization"}' },
    ])
  })

  it('nothing for an empty setting', () => {
    expect(pageScriptTags('')).toEqual([])
    expect(pageScriptTags('   ')).toEqual([])
  })
})
