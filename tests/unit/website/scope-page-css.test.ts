import { scopePageCss } from '#server/website/scope-page-css'

const squash = (css: string) => css.replace(/\s+/g, ' ').trim()

describe('page CSS scoped to the page body', () => {
  it('puts every selector under the scope, and html, body and :root become the scope itself', () => {
    const css = scopePageCss('* { box-sizing: border-box } body { margin: 0 } html body .hero { color: red } :root { --ink: #111 } .a, .b:hover > p { color: blue }')
    expect(squash(css)).toBe(
      '.page-body * { box-sizing: border-box } .page-body { margin: 0 } .page-body .hero { color: red } .page-body { --ink: #111 } .page-body .a, .page-body .b:hover > p { color: blue }',
    )
  })

  it('scopes rules inside media queries but leaves keyframe steps alone', () => {
    const css = squash(scopePageCss('@media (min-width: 640px) { .grid { display: grid } } @keyframes spin { from { transform: rotate(0) } to { transform: rotate(360deg) } }'))
    expect(css).toContain('@media (min-width: 640px) { .page-body .grid { display: grid } }')
    expect(css).toContain('@keyframes spin { from { transform: rotate(0) } to { transform: rotate(360deg) } }')
  })

  it('drops imports, script-like values and urls to other schemes or hosts', () => {
    const css = scopePageCss(
      "@import url(https://evil.example/x.css); .a { background: url(javascript:alert(1)) } .b { width: expression(alert(1)) } .c { behavior: url(x.htc) } .d { background: url(//evil.example/i.png) } .e { background: url('/uploads/a.webp') } .f { background-image: url(https://cdn.example/i.png) } .g { background: url(data:image/png;base64,AAAA) } .h { background: url(data:text/html,x) }",
    )
    expect(css).not.toContain('evil.example')
    expect(css).not.toContain('javascript')
    expect(css).not.toContain('expression')
    expect(css).not.toContain('behavior')
    expect(css).not.toContain('text/html')
    expect(css).toContain("url('/uploads/a.webp')")
    expect(css).toContain('url(https://cdn.example/i.png)')
    expect(css).toContain('url(data:image/png;base64,AAAA)')
  })

  it('can never close the style element it is put in', () => {
    const css = scopePageCss('.a::after { content: "</style><script>alert(1)</script>" } .b { color: red }')
    expect(css).not.toContain('<')
    expect(css).toContain('.page-body .b')
  })

  it('gives nothing for CSS that does not parse, and nothing for nothing', () => {
    expect(scopePageCss('.a { color: red')).toBe('')
    expect(scopePageCss('}}} {{{')).toBe('')
    expect(scopePageCss('   ')).toBe('')
  })
})
