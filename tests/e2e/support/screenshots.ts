import type { Page } from 'playwright-core'

/**
 * Full-page screenshots at each width, named `{name}-{width}.png` in `dir`, then back to a
 * 1280 px desktop. Transitions are run to their end before each shot (the staff shell slides
 * its menu over 300 ms after a resize), so a phone shot is never taken half-way through.
 */
export async function screenshotAtWidths(page: Page, dir: string | undefined, name: string, widths: readonly number[] = [1280, 360]): Promise<void> {
  if (!dir) return
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true, animations: 'disabled' })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}
