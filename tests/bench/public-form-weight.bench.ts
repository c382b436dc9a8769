import { gzipSync } from 'node:zlib'
import type { Response } from 'playwright-core'
import { launchBrowser } from '#tests/e2e/support/browser'
import { send } from './bench-http'
import { withBenchServer } from './load'

/** What a visitor's browser downloads to show the public registration form. */
export interface FormWeightResult {
  target: string
  /** Every script fetched before any interaction: count, raw bytes, gzipped bytes. */
  scripts: number
  rawBytes: number
  gzipBytes: number
  /** What the first focus in the form adds (the live form: rjsf, validator, signature pad, ALTCHA). */
  afterFocusGzipBytes: number
  /** Requests for ALTCHA's code and challenge after that focus: each should come once. */
  altcha: { code: number; worker: number; challenge: number }
}

export const FORM_JS_TARGET_GZIP_BYTES = 150 * 1024

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '') || /\.m?js(\?|$)/.test(response.url())

/**
 * Opens the seed's published registration form (with its signature) in Chromium, from the
 * public menu's link, and sums the gzipped size of every script the page loads until the
 * network is idle, before any interaction; then focuses the first input and measures what the
 * live form adds. Sizes are of each file gzipped here (level 6, what compression middleware
 * uses), so the figure does not depend on whether the server compresses.
 */
export function benchPublicFormWeight(): Promise<FormWeightResult> {
  return withBenchServer(1, async (server) => {
    const host = `demo.localhost:${server.port}`
    const home = await send(server.port, { path: '/home', headers: { host } })
    const formPath = home.body.match(/href="(\/pforms\/[0-9a-f-]{36})"/)?.[1]
    if (!formPath) throw new Error('the demo home page links to no registration form')

    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      const scripts = new Map<string, Promise<Buffer>>()
      const requests: string[] = []
      page.on('request', (request) => void requests.push(request.url()))
      page.on('response', (response) => {
        if (isScript(response) && response.ok()) scripts.set(response.url(), response.body())
      })
      await page.goto(`${server.url('demo')}${formPath}`, { waitUntil: 'networkidle' })
      const before = await sizes(scripts)
      const seenBefore = new Set(scripts.keys())
      const requestsBefore = requests.length

      await page.locator('form input:not([type=hidden])').first().focus()
      await page.locator('altcha-widget').waitFor({ state: 'attached', timeout: 30_000 })
      await page.waitForLoadState('networkidle')
      // The widget solves its challenge after it is attached: wait until it has.
      await page.waitForFunction(() => (document.querySelector('altcha-widget') as (HTMLElement & { getState?: () => string }) | null)?.getState?.() === 'verified', null, { timeout: 30_000 })
      const added = new Map([...scripts].filter(([url]) => !seenBefore.has(url)))
      const after = await sizes(added)
      let altchaCode = 0
      // The widget library itself, told by the element it defines (the form's own code only uses it).
      for (const body of added.values()) if (/customElements\.define\(\s*["']altcha-widget/.test((await body).toString('utf8'))) altchaCode += 1
      const later = requests.slice(requestsBefore)
      await context.close()
      return {
        target: `GET /pforms/{guId} page JavaScript (seed form with signature)`,
        scripts: before.count,
        rawBytes: before.raw,
        gzipBytes: before.gzip,
        afterFocusGzipBytes: after.gzip,
        altcha: {
          code: altchaCode,
          // One proof-of-work worker per core shares one download: distinct addresses are counted.
          worker: new Set(later.filter((url) => url.includes('/altcha/worker.js'))).size,
          challenge: later.filter((url) => url.includes('/altcha/challenge')).length,
        },
      }
    } finally {
      await browser.close()
    }
  })
}

async function sizes(scripts: Map<string, Promise<Buffer>>): Promise<{ count: number; raw: number; gzip: number }> {
  let raw = 0
  let gzip = 0
  for (const body of scripts.values()) {
    const bytes = await body
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 6 }).length
  }
  return { count: scripts.size, raw, gzip }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export function formatPublicFormWeight(r: FormWeightResult): string {
  return (
    `${r.target}: ${r.scripts} scripts before any interaction, ${kb(r.gzipBytes)} gzipped (${kb(r.rawBytes)} raw); ` +
    `first focus adds ${kb(r.afterFocusGzipBytes)} gzipped; after it ALTCHA downloads: ${r.altcha.code} widget script(s), ${r.altcha.worker} worker, ${r.altcha.challenge} challenge(s)`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatPublicFormWeight(await benchPublicFormWeight()))
}
