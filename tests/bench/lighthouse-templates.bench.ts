import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { MASTER_TEMPLATES } from '#server/website/master-templates'
import { withBenchServer } from './load'
import { publishTemplatePage } from './template-page.bench'

/** Lighthouse measures the full browser (its new headless mode), not the headless shell the browser tests use. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Lighthouse's mobile scores (0-100) of a published page built from one shared template. */
export interface TemplateScores {
  template: string
  path: string
  performance: number
  accessibility: number
  /** Largest contentful paint, total blocking time and layout shift, as Lighthouse measured them. */
  metrics: string
}

export const LIGHTHOUSE_TARGET = 95

/**
 * Publishes a page from every shared template on the bench server, then runs Lighthouse (mobile
 * form factor and throttling, its defaults) against each in Debian's chromium. A page on a
 * `*.localhost` host resolves to this machine in chromium, so the tenant is found by its host.
 */
export function benchTemplateLighthouse(): Promise<TemplateScores[]> {
  return withBenchServer(1, async (server) => {
    const host = `demo.localhost:${server.port}`
    const pages: Array<{ template: string; path: string }> = []
    for (const template of MASTER_TEMPLATES) {
      pages.push({ template: template.id, path: await publishTemplatePage(server, host, template.id, `Lighthouse ${template.slug}`) })
    }
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
    try {
      const scores: TemplateScores[] = []
      for (const page of pages) {
        const answer = await lighthouse(`http://${host}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] })
        const categories = answer?.lhr.categories
        const audits = answer?.lhr.audits
        const shown = (id: string) => audits?.[id]?.displayValue ?? '?'
        const failure = answer?.lhr.runtimeError?.message
        scores.push({
          ...page,
          metrics: failure ? `not measured: ${failure}` : `FCP ${shown('first-contentful-paint')}, LCP ${shown('largest-contentful-paint')}, TBT ${shown('total-blocking-time')}, CLS ${shown('cumulative-layout-shift')}, SI ${shown('speed-index')}`,
          performance: Math.round((categories?.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
        })
      }
      return scores
    } finally {
      await chrome.kill()
    }
  })
}

export function formatTemplateLighthouse(scores: readonly TemplateScores[]): string {
  const rows = scores.map(
    (s) =>
      `  ${s.template.padEnd(24)} performance ${s.performance}, accessibility ${s.accessibility} (${s.metrics})${
        s.performance >= LIGHTHOUSE_TARGET && s.accessibility >= LIGHTHOUSE_TARGET ? '' : '  (below target)'
      }`,
  )
  return `Lighthouse, mobile, a published page from each shared template (target ${LIGHTHOUSE_TARGET} and ${LIGHTHOUSE_TARGET}):\n${rows.join('\n')}`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatTemplateLighthouse(await benchTemplateLighthouse()))
}
