import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { expectNoSeriousA11yViolations } from './axe'
import { screenshotAtWidths } from './screenshots'

/**
 * Resolves once no CSS transition is running: after a resize the staff shell slides its menu
 * and its content's left padding over 300 ms (staff-shell.tsx), so the layout is only final
 * once they end.
 */
export async function layoutSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'))
}

/** The outermost elements that reach past the right edge of a `width` px screen (tag and classes), to name in a failure. */
function overflowingElements(page: Page, width: number): Promise<string[]> {
  return page.evaluate((screen) => {
    const past = (element: Element | null) => element !== null && element.getBoundingClientRect().right > screen + 0.5
    return [...document.querySelectorAll('body *')]
      .filter((element) => past(element) && !past(element.parentElement))
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.')} (${Math.round(element.getBoundingClientRect().width)} px wide)`)
  }, width)
}

/**
 * The form controls cut off by a box that hides what overflows it (a card is `overflow-hidden`,
 * so a control wider than its card does not widen the page, it loses its right edge), by name.
 */
function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = []
    for (const control of document.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea, button')) {
      const box = control.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent)
        if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue
        const edge = parent.getBoundingClientRect().right
        if (box.right > edge + 0.5) clipped.push(`${control.tagName.toLowerCase()}#${control.id || control.getAttribute('name') || '?'} (${Math.round(box.right - edge)} px past its ${parent.tagName.toLowerCase()})`)
        break
      }
    }
    return clipped
  })
}

/**
 * The page at 360 and 1280 px: nothing wider than the screen, no control cut off by its card;
 * axe finds nothing serious at 1280 px, where the test goes on; then its screenshots. The widths
 * are soft checks, so a page that is too wide still gets its axe run and its screenshots (which
 * show how) before the test fails. axe runs once: what only a phone shows is the shells' menu
 * bar, which the accessibility walks (tests/e2e/accessibility) check at 360 px on every shell.
 */
export async function checkScreen(page: Page, name: string, screenshotsDir: string | undefined): Promise<void> {
  // The phone first: the test goes on at 1280 px, where this leaves the page.
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await layoutSettled(page)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    const culprits = scrollWidth > width ? await overflowingElements(page, width) : []
    expect.soft(scrollWidth, `${name} at ${width} px is no wider than the screen; too wide: ${culprits.join(', ')}`).toBeLessThanOrEqual(width)
    expect.soft(await clippedControls(page), `${name} at ${width} px: controls cut off at their card's edge`).toEqual([])
  }
  await expectNoSeriousA11yViolations(page)
  await screenshotAtWidths(page, screenshotsDir, name)
}
