import axe from 'axe-core'
import type { Frame, Page } from 'playwright-core'
import { expect } from 'vitest'

/** The impacts that fail a page: WCAG problems that stop or seriously hinder someone. */
const BLOCKING = new Set(['serious', 'critical'])

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export interface AxeFinding {
  rule: string
  impact: string
  help: string
  targets: string[]
}

type Axe = typeof axe
/** An axe context or frame selector as JSON; null is the whole document. */
type SerialContext = unknown
/** One frame's `axe.runPartial` result as JSON, or null for a frame that could not be checked. */
type SerialPartial = unknown
/** The page's window once axe is loaded (page functions are sent as source: they cannot share a helper). */
type AxeWindow = Window & { axe: Axe }

/** What axe is asked: the WCAG 2.1 A and AA rules, and only the violations back. */
const RUN_OPTIONS: axe.RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] }

/**
 * Loads axe into a frame once per document: a page checked at two widths runs it twice on the
 * same document, and parsing its half a megabyte of source again each time is wasted.
 */
async function ensureAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => 'axe' in window)) return
  await frame.evaluate(axe.source)
}

/**
 * axe's partial results of a frame and, depth first, of the frames inside it, as
 * `axe.finishRun` takes them: a frame that could not be checked (gone, or never loaded) is one
 * null in place of itself and everything inside it.
 */
async function partialResults(frame: Frame, context: SerialContext, top: boolean): Promise<SerialPartial[]> {
  try {
    await ensureAxe(frame)
    // Contexts and results cross into Node as plain JSON: axe's own types name DOM nodes.
    const frameContexts = await frame.evaluate((context) => (window as unknown as AxeWindow).axe.utils.getFrameContexts((context ?? document) as axe.ElementContext) as unknown as { frameSelector: SerialContext; frameContext: SerialContext }[], context)
    const own = await frame.evaluate(({ context, options }) => (window as unknown as AxeWindow).axe.runPartial((context ?? document) as axe.ElementContext, options) as Promise<unknown>, { context, options: RUN_OPTIONS })
    const inner: SerialPartial[] = []
    for (const { frameSelector, frameContext } of frameContexts) {
      const element = (await frame.evaluateHandle((selector) => (window as unknown as AxeWindow).axe.utils.shadowSelect(selector as axe.CrossTreeSelector), frameSelector)).asElement()
      const child = await element?.contentFrame()
      inner.push(...(child ? await partialResults(child, frameContext, false) : [null]))
    }
    return [own, ...inner]
  } catch (error) {
    if (top) throw error
    return [null]
  }
}

/**
 * Runs axe (WCAG 2.1 A and AA rules) on the page as it is now, frames included, and returns what
 * it found. It works as @axe-core/playwright does (each frame's partial results, merged by
 * `axe.finishRun`), but merges them in the page itself: the library opens a second, blank page
 * for that and loads axe into both on every check, which made a check take four times as long
 * (docs/decisions/149).
 */
export async function axeFindings(page: Page, options: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  const exclude = options.exclude ?? []
  const context: SerialContext = exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : null
  const partials = await partialResults(page.mainFrame(), context, true)
  const violations = await page.mainFrame().evaluate(
    async ({ partials, options }) => {
      const results = await (window as unknown as AxeWindow).axe.finishRun(partials as axe.PartialResults, options)
      return results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
      }))
    },
    { partials, options: RUN_OPTIONS },
  )
  return violations
}

/** Fails the test, naming each rule and element, when axe finds a serious or critical problem. */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  const blocking = (await axeFindings(page, options)).filter((finding) => BLOCKING.has(finding.impact))
  expect(blocking, `axe on ${page.url()}`).toEqual([])
}
