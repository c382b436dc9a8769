import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** The impacts that fail a page: WCAG problems that stop or seriously hinder someone. */
const BLOCKING = new Set(['serious', 'critical'])

export interface AxeFinding {
  rule: string
  impact: string
  help: string
  targets: string[]
}

/** Runs axe (WCAG 2.1 A and AA rules) on the page as it is now and returns what it found. */
export async function axeFindings(page: Page, options: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const results = await builder.analyze()
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }))
}

/** Fails the test, naming each rule and element, when axe finds a serious or critical problem. */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  const blocking = (await axeFindings(page, options)).filter((finding) => BLOCKING.has(finding.impact))
  expect(blocking, `axe on ${page.url()}`).toEqual([])
}
