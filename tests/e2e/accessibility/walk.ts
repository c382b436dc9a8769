import type { Page } from 'playwright-core'
import { waitForHydration } from '#tests/e2e/support/browser'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'

/** A walk opens up to a dozen pages and runs axe on each: minutes on a busy 2-core machine. */
export const WALK_TIMEOUT_MS = 240_000

/** The widths every page is checked at: a desktop and a small phone. */
export const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: '360 px', viewport: { width: 360, height: 740 } },
] as const

/**
 * Opens each path in turn on the same page and runs axe once it has hydrated: 0 serious and
 * 0 critical findings, with the rule and element named when one is found.
 */
export async function expectPagesPassAxe(page: Page, origin: string, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const response = await page.goto(`${origin}${path}`)
    if (!response || response.status() >= 400) throw new Error(`${path} answered ${response?.status() ?? 'nothing'}`)
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page)
  }
}

/** Same-origin links inside `selector`, as paths, without duplicates, in page order. */
export async function sameOriginPaths(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page.locator(`${selector} a[href]`).evaluateAll((links) => links.map((link) => new URL(link.getAttribute('href') ?? '', document.baseURI).href))
  const origin = new URL(page.url()).origin
  const paths = hrefs.filter((href) => href.startsWith(`${origin}/`)).map((href) => new URL(href).pathname)
  return [...new Set(paths)]
}
