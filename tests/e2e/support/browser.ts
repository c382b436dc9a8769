import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { existsSync } from 'node:fs'
import { afterAll, afterEach, beforeAll } from 'vitest'

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * Debian's chromium (browsers cannot be downloaded on these machines): its old headless shell
 * when installed, which draws the same pages for a quarter of the full browser's CPU
 * (docs/decisions/143), else the full browser in its headless mode.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/** Flags for headless runs as root (see STACK.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
}

/**
 * Waits until React has hydrated the page: the router exists and the body's elements carry
 * React's fiber, then one more frame so the commit (event handlers) has happened. A page sent
 * without scripts (`<html data-hydrates="false">`, app/utils/static-page.ts) is ready once loaded.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.documentElement.dataset.hydrates === 'false') return document.readyState !== 'loading'
    if (!('__remixRouter' in window)) return false
    const link = document.querySelector('body a, body button')
    return !link || Object.keys(link).some((key) => key.startsWith('__reactProps$'))
  })
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
}

export interface CheckedContextOptions extends BrowserContextOptions {
  /** Console errors a test expects (e.g. the 404 it asked for); everything else fails it. */
  allowConsoleErrors?: RegExp[]
}

/** A browser context that records every console error and uncaught page error of its pages. */
export interface CheckedContext {
  context: BrowserContext
  newPage(): Promise<Page>
  /** Console errors and page errors seen so far, less the allowed ones. */
  problems(): string[]
  allowConsoleErrors(pattern: RegExp): void
  /** Throws, listing them, when any console error or page error was seen. */
  expectNoConsoleErrors(): void
}

export async function newCheckedContext(browser: Browser, options: CheckedContextOptions = {}): Promise<CheckedContext> {
  const { allowConsoleErrors = [], ...contextOptions } = options
  const allowed = [...allowConsoleErrors]
  const seen: string[] = []
  const context = await browser.newContext(contextOptions)
  context.on('console', (message) => {
    if (message.type() !== 'error') return
    const location = message.location()
    seen.push(`console error: ${message.text()}${location.url ? ` (${location.url}:${location.lineNumber})` : ''}`)
  })
  context.on('weberror', (webError) => {
    const error = webError.error()
    seen.push(`page error: ${error.stack ?? error.message}`)
  })
  const problems = () => seen.filter((line) => !allowed.some((pattern) => pattern.test(line)))
  return {
    context,
    newPage: () => context.newPage(),
    problems,
    allowConsoleErrors: (pattern) => void allowed.push(pattern),
    expectNoConsoleErrors() {
      const found = problems()
      if (found.length > 0) throw new Error(`The browser reported ${found.length} error(s):\n${found.join('\n')}`)
    },
  }
}

export interface BrowserFixture {
  browser(): Browser
  /**
   * A fresh context for this test (pass `javaScriptEnabled: false` for the no-JavaScript path).
   * After the test it is closed, and any console or page error it saw fails the test.
   */
  newContext(options?: CheckedContextOptions): Promise<CheckedContext>
  /** A page in a fresh checked context. */
  newPage(options?: CheckedContextOptions): Promise<{ page: Page; checked: CheckedContext }>
}

/** One browser per test file; every test's contexts are checked for console errors afterwards. */
export function useBrowser(): BrowserFixture {
  let browser: Browser | null = null
  let contexts: CheckedContext[] = []
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterEach(async () => {
    const finished = contexts
    contexts = []
    await Promise.all(finished.map((checked) => checked.context.close()))
    for (const checked of finished) checked.expectNoConsoleErrors()
  })
  afterAll(async () => {
    await browser?.close()
  })
  const current = () => {
    if (!browser) throw new Error('the browser is not running (useBrowser launches it in beforeAll)')
    return browser
  }
  const newContext = async (options?: CheckedContextOptions) => {
    const checked = await newCheckedContext(current(), options)
    contexts.push(checked)
    return checked
  }
  return {
    browser: current,
    newContext,
    async newPage(options) {
      const checked = await newContext(options)
      return { page: await checked.newPage(), checked }
    },
  }
}
