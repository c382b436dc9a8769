import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const demo = () => server().url('demo')
const RULES = 'I have read the studio rules'

/** The seed's published form, found from the public home page's forms menu as a visitor would. */
async function seedFormPath(page: Page): Promise<string> {
  await page.goto(`${demo()}/home`)
  const href = await page.locator('a[href^="/pforms/"]').first().getAttribute('href')
  expect(href).toMatch(/^\/pforms\/[0-9a-f-]{36}$/)
  return href ?? ''
}

/** Focusing a field hands the page to the live form: the bot check widget is its sign. */
async function startFilling(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Experience' }).focus()
  // The live form has taken over (its bot check is in the page) and has put the focus back on
  // the select the visitor was in: only then does a key press reach the live form.
  await page.waitForFunction(() => document.querySelector('altcha-widget') !== null && document.activeElement?.tagName === 'SELECT')
  // The bot check solves itself in the page; on a busy machine that can take seconds. Wait for
  // it, so its verification does not land between the key presses a test makes.
  await page.waitForFunction(() => (document.querySelector('altcha-widget') as (Element & { getState?: () => string }) | null)?.getState?.() === 'verified', undefined, { timeout: 60_000 })
}

describe('public registration form: consent, signature focus, accessibility', () => {
  test('the studio rules box arrives unticked without JavaScript, hydrated, and once the live form takes over', async () => {
    const plain = await browser.newPage({ javaScriptEnabled: false })
    const path = await seedFormPath(plain.page)
    await plain.page.goto(`${demo()}${path}`)
    await expect.poll(() => plain.page.getByRole('checkbox', { name: RULES }).isChecked()).toBe(false)

    const { page } = await browser.newPage()
    await page.goto(`${demo()}${path}`)
    await waitForHydration(page)
    await expect.poll(() => page.getByRole('checkbox', { name: RULES }).isChecked()).toBe(false)
    await startFilling(page)
    await expect.poll(() => page.getByRole('checkbox', { name: RULES }).isChecked()).toBe(false)
    // What the visitor does is kept: ticking it now ticks it.
    await page.getByRole('checkbox', { name: RULES }).check()
    await expect.poll(() => page.getByRole('checkbox', { name: RULES }).isChecked()).toBe(true)
  })

  test('typing into the server-rendered form carries over to the live form, focus and text included', async () => {
    const { page } = await browser.newPage()
    const path = await seedFormPath(page)
    await page.goto(`${demo()}${path}`)
    await waitForHydration(page)
    const name = page.getByRole('textbox', { name: 'Name', exact: true })
    await name.click()
    await page.keyboard.type('Grace Hopper')
    await page.locator('altcha-widget').waitFor({ state: 'attached' })
    await expect.poll(() => name.inputValue()).toBe('Grace Hopper')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('root[fullName]')
  })

  test('Type your name instead moves the focus to the name input, and drawing again back to its switch', async () => {
    const { page } = await browser.newPage()
    const path = await seedFormPath(page)
    await page.goto(`${demo()}${path}`)
    await waitForHydration(page)
    await startFilling(page)
    const typeInstead = page.getByRole('button', { name: 'Type your name instead' })
    await typeInstead.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('signTypedName')
    await page.getByRole('button', { name: 'Draw your signature instead' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Type your name instead')
  })

  test('axe finds nothing serious on the form (as served and live) and on its thank-you page', async () => {
    const { page } = await browser.newPage()
    const path = await seedFormPath(page)
    await page.goto(`${demo()}${path}`)
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page)

    await startFilling(page)
    await page.getByRole('combobox', { name: 'Experience' }).selectOption('Some classes')
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Katherine Johnson')
    await page.getByRole('textbox', { name: 'Email' }).fill('katherine.johnson@example.com')
    await page.getByRole('textbox', { name: 'Phone' }).fill('5550100123')
    await page.getByRole('checkbox', { name: RULES }).check()
    await page.getByRole('button', { name: 'Type your name instead' }).click()
    await page.getByLabel('Type your full name to sign').fill('Katherine Johnson')
    await page.getByLabel('I agree that typing my name is my electronic signature on this form.').check()
    await expectNoSeriousA11yViolations(page)

    await expect.poll(() => page.locator('altcha-widget').evaluate((el) => (el as HTMLElement & { getState(): string }).getState()), { timeout: 20_000 }).toBe('verified')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL(/\/submitted\//)
    await page.getByRole('heading', { name: /submitted successfully/ }).waitFor()
    await expectNoSeriousA11yViolations(page)
  })
})

describe('form editor with JavaScript', () => {
  test('loads Quill’s stylesheet, names every toolbar control and passes axe', { timeout: 180_000 }, async () => {
    const checked = await browser.newContext()
    const page = await login(checked.context, server(), { email: 'admin@demo.test', to: '/customforms' })
    const href = await page.getByRole('link', { name: 'Trial Class Registration' }).getAttribute('href')
    await page.goto(`${demo()}${href}`)
    await waitForHydration(page)
    const toolbars = page.getByRole('toolbar')
    await toolbars.first().waitFor()
    expect(await toolbars.count()).toBeGreaterThanOrEqual(3)

    // With the snow theme's stylesheet the icons are toolbar-sized and the page is a page, not 20,000 px.
    const icon = await page.locator('.ql-toolbar button svg').first().boundingBox()
    expect(icon?.height ?? 0).toBeLessThanOrEqual(24)
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(6000)

    const unnamed = await page.locator('.ql-toolbar button:not([aria-label]), .ql-toolbar [role=button]:not([aria-label])').count()
    expect(unnamed).toBe(0)
    await expect(toolbars.first().getByRole('button', { name: 'Bold' }).isVisible()).resolves.toBe(true)
    await expect(toolbars.first().getByRole('button', { name: 'Heading' }).isVisible()).resolves.toBe(true)
    // A closed picker's options are out of reach: Tab does not land inside aria-hidden content.
    expect(await page.locator('[aria-hidden="true"] [tabindex="0"]').count()).toBe(0)
    await expectNoSeriousA11yViolations(page)
  })
})
