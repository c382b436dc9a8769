import { resolve } from 'node:path'
import type { Page, Route } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { MASTER_TEMPLATES, type MasterTemplate } from '#server/website/master-templates/index'
import { sanitizePageHtml } from '#server/website/sanitize-page-html'
import { useBrowser } from '#tests/e2e/support/browser'
import { send } from '#tests/e2e/support/http'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'
import { scopeTemplateCss } from '#tests/support/template-css'

/**
 * The shared website templates in a real browser, laid out as the public page shows a page
 * body: the site's stylesheet, the page's title band (its h1), then the sanitised template in
 * `article.page-body` with its CSS scoped to it. Images and the stylesheet come from the built
 * server, so a file missing from public/ fails the test. Each template must pass axe and fit
 * a 360 px screen; screenshots go to WEBSITE_TEMPLATE_SCREENSHOTS_DIR when it is set.
 */

const SCREENSHOTS = process.env.WEBSITE_TEMPLATE_SCREENSHOTS_DIR
/** A made-up origin for the page; its requests are answered by the route below. */
const PAGE_ORIGIN = 'http://templates.test'

const server = useServer()
const browser = useBrowser()

function imagePaths(template: MasterTemplate): string[] {
  const paths = new Set<string>([template.thumbnail])
  for (const match of template.html.matchAll(/\s(src|srcset)="([^"]+)"/g)) {
    for (const candidate of match[2].split(',')) paths.add(candidate.trim().split(/\s+/)[0])
  }
  return [...paths]
}

/** Static files answer before the tenant is resolved, so the bare address serves them. */
const staticUrl = (path: string) => `http://127.0.0.1:${server().port}${path}`

/** The site's own stylesheet, as the public pages link it. */
async function siteStylesheet(): Promise<string> {
  const { port } = server()
  const { body } = await send(port, '/login', { host: `demo.localhost:${port}` })
  const href = /<link[^>]+rel="stylesheet"[^>]+href="(\/build\/_assets\/app-[^"]+\.css)"/.exec(body)?.[1]
  if (!href) throw new Error('no app stylesheet linked from /login')
  return href
}

/** What the visual editor gives back for a template it was given unchanged: its HTML and CSS after parsing and export. */
async function throughEditor(page: Page, template: MasterTemplate): Promise<Pick<MasterTemplate, 'html' | 'css'>> {
  await servePage(page, '<!doctype html><html lang="en"><head><title>Editor</title></head><body><div id="gjs"></div></body></html>')
  await page.goto(`${PAGE_ORIGIN}/`, { waitUntil: 'load' })
  await page.addScriptTag({ path: resolve('node_modules/grapesjs/dist/grapes.min.js') })
  return page.evaluate(({ html, css }) => {
    const grapes = (window as unknown as { grapesjs: { init(config: object): { getHtml(): string; getCss(): string; destroy(): void } } }).grapesjs
    const editor = grapes.init({ container: '#gjs', height: '600px', storageManager: false, protectedCss: '', cssIcons: '', components: html, style: css })
    const result = { html: editor.getHtml(), css: editor.getCss() }
    editor.destroy()
    return result
  }, template)
}

/** The computed style of every element of the template and of its ::before and ::after, in document order. */
function computedStyles(page: Page, slug: string): Promise<string[]> {
  return page.evaluate((root) => {
    const elements = [...document.querySelectorAll(`.page-body .${root}, .page-body .${root} *`)]
    return elements.flatMap((element) =>
      [null, '::before', '::after'].map((pseudo) => {
        const style = getComputedStyle(element, pseudo)
        const properties = [...style].filter((name) => !name.startsWith('--')).sort()
        return `${element.tagName}${pseudo ?? ''} ${properties.map((name) => `${name}:${style.getPropertyValue(name)}`).join(';')}`
      }),
    )
  }, `tpl-${slug}`)
}

function pageFor(template: Pick<MasterTemplate, 'name' | 'html' | 'css'>, stylesheet: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${template.name} | Our Studio</title>
<link rel="stylesheet" href="${stylesheet}">
<style>${scopeTemplateCss(template.css, '.page-body')}</style>
</head>
<body>
<main id="main">
  <section class="border-b border-slate-200 bg-gradient-to-br from-brand/10 via-white to-sky-50">
    <div class="mx-auto max-w-[1366px] px-4 py-14 sm:px-6 sm:py-20">
      <h1 class="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">${template.name}</h1>
      <p class="mt-4 max-w-2xl text-lg text-slate-600 sm:text-xl">Classes, courses and events for every level.</p>
    </div>
  </section>
  <div class="mx-auto w-full max-w-[1366px] px-4 py-10 sm:px-6">
    <article class="page-body">${sanitizePageHtml(template.html)}</article>
  </div>
</main>
</body>
</html>`
}

const servedBodies = new WeakMap<Page, { body: string }>()

/**
 * The page itself from memory; everything it asks for from the built server. The route stays in
 * place across calls (only the body changes), so a late request of the previous page, such as
 * its favicon, never reaches the network where the test origin does not resolve.
 */
async function servePage(page: Page, body: string): Promise<void> {
  const served = servedBodies.get(page)
  if (served) {
    served.body = body
    return
  }
  const current = { body }
  servedBodies.set(page, current)
  await page.route(`${PAGE_ORIGIN}/**`, async (route: Route) => {
    const url = new URL(route.request().url())
    if (url.pathname === '/') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: current.body })
    const response = await route.fetch({ url: staticUrl(url.pathname) })
    return route.fulfill({ response })
  })
}

/** Lazy images below the fold load only when scrolled to; the checks need them all. */
async function loadAllImages(page: Page): Promise<{ src: string; loaded: boolean }[]> {
  return page.evaluate(async () => {
    for (const image of document.images) image.loading = 'eager'
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)))
    return [...document.images].map((image) => ({ src: image.currentSrc, loaded: image.complete && image.naturalWidth > 0 }))
  })
}

describe('master website templates in the browser', () => {
  test('the built server serves every template image and thumbnail as WebP', async () => {
    for (const path of MASTER_TEMPLATES.flatMap(imagePaths)) {
      const response = await fetch(staticUrl(path))
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe('image/webp')
      await response.arrayBuffer()
    }
  })

  test.each(MASTER_TEMPLATES.map((template) => [template.slug, template] as const))(
    '%s: images load, one h1, no overflow at 360 px, axe passes',
    { timeout: 120_000 },
    async (slug, template) => {
      const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      await servePage(page, pageFor(template, await siteStylesheet()))
      await page.goto(`${PAGE_ORIGIN}/`, { waitUntil: 'load' })

      const images = await loadAllImages(page)
      expect(images.length).toBeGreaterThan(0)
      expect(images.filter((image) => !image.loaded)).toEqual([])
      await expect(page.locator('h1').count()).resolves.toBe(1)
      await expect(page.locator(`.page-body .tpl-${slug}`).count()).resolves.toBe(1)
      // The template's CSS reached the page: its root lays its sections out as a column.
      await expect(page.locator(`.page-body .tpl-${slug}`).evaluate((element) => getComputedStyle(element).display)).resolves.toBe('flex')

      await checkScreen(page, `website-template-${slug}`, SCREENSHOTS)
    },
  )

  test.each(MASTER_TEMPLATES.map((template) => [template.slug, template] as const))(
    '%s: looks the same after a round trip through the visual editor (GrapesJS)',
    { timeout: 120_000 },
    async (slug, template) => {
      const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const stylesheet = await siteStylesheet()
      const edited = { ...(await throughEditor(page, template)), name: template.name }
      const styles: string[][] = []
      for (const version of [template, edited]) {
        await servePage(page, pageFor(version, stylesheet))
        await page.goto(`${PAGE_ORIGIN}/`, { waitUntil: 'load' })
        styles.push(await computedStyles(page, slug))
      }
      expect(styles[1].length).toBe(styles[0].length)
      const changed = styles[0].flatMap((before, index) => (before === styles[1][index] ? [] : [`${index}: ${diff(before, styles[1][index])}`]))
      expect(changed.slice(0, 10)).toEqual([])
    },
  )
})

/** The declarations that differ between two computed-style lines. */
function diff(before: string, after: string): string {
  const a = new Set(before.split(';'))
  const b = new Set(after.split(';'))
  return `${before.split(' ')[0]} lost [${[...a].filter((x) => !b.has(x)).join('; ')}] gained [${[...b].filter((x) => !a.has(x)).join('; ')}]`
}
