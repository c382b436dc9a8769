import { createHash } from 'node:crypto'
import { securityHeaders } from '#server/http/security-headers'
import { embedSnippets, FRAME_HEIGHT_SCRIPT_HASH, parseWidgetFile, widgetEmbedHeaders, widgetEmbedUrl, widgetLoaderScript } from '#server/widgets/embed-code'
import { FRAME_HEIGHT_SCRIPT } from '#server/widgets/frame-height'

const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e'
const target = { origin: 'https://demo.example.com', guid: GUID, key: 'k3y_with-parts', title: 'Upcoming "events" <now>', type: 'event_list' as const, width: null, height: null }

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/)
        return [name, values.join(' ')] as const
      }),
  )
}

describe('widget embed addresses', () => {
  it.each([
    [GUID, { guid: GUID, format: 'html' }],
    [`${GUID}.js`, { guid: GUID, format: 'js' }],
    [`${GUID}.json`, { guid: GUID, format: 'json' }],
    [`${GUID.toUpperCase()}.js`, { guid: GUID, format: 'js' }],
    [`${GUID}.css`, null],
    ['not-a-guid.js', null],
    ['', null],
    [undefined, null],
  ])('%s reads as %j', (file, expected) => {
    expect(parseWidgetFile(file)).toEqual(expected)
  })

  it('carries the key escaped, after the format', () => {
    expect(widgetEmbedUrl('https://a.test', GUID, 'a+b/c', 'js')).toBe(`https://a.test/plugin/widgets/${GUID}.js?key=a%2Bb%2Fc`)
    expect(widgetEmbedUrl('https://a.test', GUID, 'k')).toBe(`https://a.test/plugin/widgets/${GUID}?key=k`)
  })
})

describe('the snippets staff copy', () => {
  it('is one script tag, and an iframe with a title, the widget size and no border', () => {
    const { script, iframe } = embedSnippets({ ...target, width: 300, height: 500 })
    expect(script).toBe(`<script src="https://demo.example.com/plugin/widgets/${GUID}.js?key=k3y_with-parts" async></script>`)
    expect(iframe).toContain(`src="https://demo.example.com/plugin/widgets/${GUID}?key=k3y_with-parts"`)
    expect(iframe).toContain('title="Upcoming &quot;events&quot; &lt;now&gt;"')
    expect(iframe).toContain('width="300" height="500"')
  })

  it('fills the width and takes the type default height when the widget has no size', () => {
    expect(embedSnippets(target).iframe).toContain('width="100%" height="480"')
    expect(embedSnippets({ ...target, type: 'link' }).iframe).toContain('height="96"')
  })
})

describe('the loader script', () => {
  it('puts a titled frame after its own tag and grows it only from its own frame and origin', () => {
    const script = widgetLoaderScript(target)
    expect(script).toContain('document.currentScript')
    expect(script).toContain('insertBefore(frame, tag.nextSibling)')
    expect(script).toContain('event.source !== frame.contentWindow || event.origin !== s.origin')
    expect(script).toContain(`"src":"https://demo.example.com/plugin/widgets/${GUID}?key=k3y_with-parts"`)
    // A title cannot end a surrounding script element or break out of the string.
    expect(script).toContain('"title":"Upcoming \\"events\\" \\u003cnow>"')
    expect(script).toContain('"fits":true')
    expect(widgetLoaderScript({ ...target, height: 300 })).toContain('"fits":false')
  })

  it('is valid JavaScript', () => {
    expect(() => new Function(widgetLoaderScript({ ...target, title: '</script><script>alert(1)</script>' }))).not.toThrow()
  })
})

describe('the headers of widget answers, and of every other page', () => {
  it('let any site frame and read a widget, allowing only the height script', () => {
    const headers = widgetEmbedHeaders('html')
    const csp = directives(headers['Content-Security-Policy'] ?? '')
    expect(csp.get('frame-ancestors')).toBe('*')
    expect(csp.get('default-src')).toBe("'none'")
    expect(csp.get('script-src')).toBe(FRAME_HEIGHT_SCRIPT_HASH)
    expect(headers['Access-Control-Allow-Origin']).toBe('*')
    expect(headers['Cache-Control']).toBe('public, max-age=30')
    expect(headers['X-Frame-Options']).toBeUndefined()
    expect(FRAME_HEIGHT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(FRAME_HEIGHT_SCRIPT).digest('base64')}'`)
  })

  it('keep a refused widget out of caches', () => {
    expect(widgetEmbedHeaders('missing')['Cache-Control']).toBe('no-store')
  })

  it('leave every other page framed by its own origin only, without CORS', () => {
    const page = securityHeaders({ nonce: 'n', isProduction: true, allowDevSockets: false })
    expect(directives(page['Content-Security-Policy'] ?? '').get('frame-ancestors')).toBe("'self'")
    expect(page['X-Frame-Options']).toBe('SAMEORIGIN')
    expect(page['Access-Control-Allow-Origin']).toBeUndefined()
  })
})
