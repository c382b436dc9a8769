import type { Page } from 'playwright-core'
import { extractText } from 'unpdf'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { addSessionCookie } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const demo = () => server().url('demo')

/** Signs the page's browser context in by inserting a session (support/login.ts). */
async function signIn(page: Page, email: string): Promise<void> {
  await addSessionCookie(page.context(), server(), { email })
  await page.goto(`${demo()}/login`)
  await page.waitForURL((url) => url.pathname !== '/login')
}

async function pdfText(page: Page, href: string): Promise<string> {
  // Fetched by the page itself: the browser resolves the tenant's host, Node would not.
  const response = await page.evaluate(async (url) => {
    const answer = await fetch(url)
    return { status: answer.status, type: answer.headers.get('content-type'), bytes: Array.from(new Uint8Array(await answer.arrayBuffer())) }
  }, new URL(href, page.url()).toString())
  expect(response.status).toBe(200)
  expect(response.type).toBe('application/pdf')
  const { text } = await extractText(new Uint8Array(response.bytes), { mergePages: true })
  return text
}

/** Opens the form from the public site's forms menu, as a visitor would find it. */
async function openFromFormsMenu(page: Page, formName: string): Promise<void> {
  await page.goto(`${demo()}/home`)
  const menu = page.getByRole('navigation', { name: 'Main', exact: true })
  // Published forms sit in the 'Forms' group of the menu, a disclosure the visitor opens.
  await menu.locator('summary', { hasText: 'Forms' }).click()
  const href = await menu.getByRole('link', { name: formName }).getAttribute('href')
  expect(href).toMatch(/^\/pforms\//)
  await page.goto(`${demo()}${href}`)
  await page.getByRole('heading', { level: 1, name: formName }).waitFor()
}

const formName = 'Summer Camp Waiver'

describe('custom fields and forms, staff to visitor', () => {
  test('staff create custom fields and a form, order its fields and publish it', async () => {
    const { page } = await browser.newPage()
    await signIn(page, 'admin@demo.test')

    await page.goto(`${demo()}/settings/customfield`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Add Text field' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Text Field' })
    await dialog.getByLabel('Name').fill('Allergies')
    // The tag follows the name while it has not been edited.
    await expect.poll(() => dialog.getByLabel('Tag').inputValue()).toBe('allergies')
    await dialog.getByRole('button', { name: 'Add' }).click()
    await page.getByText('Added custom field successfully').waitFor()

    await page.getByRole('link', { name: 'Add Dropdown field' }).click()
    const dropdown = page.getByRole('dialog', { name: 'Add Dropdown Field' })
    await dropdown.getByLabel('Name').fill('T-Shirt Size')
    await dropdown.getByLabel('Tag').fill('Shirt Size')
    await dropdown.getByLabel('Option 1').fill('Small')
    await dropdown.getByRole('button', { name: 'Add' }).click()
    await dropdown.getByText("Tag can't be empty and use lowercase without spaces").waitFor()
    await dropdown.getByLabel('Tag').fill('shirtsize')
    await dropdown.getByLabel('Option 2').fill('Large')
    await dropdown.getByRole('button', { name: 'Add' }).click()
    await page.getByText('Added custom field successfully').waitFor()
    const dropdownCard = page.getByRole('region', { name: 'Dropdown' })
    await expect(dropdownCard.getByRole('link', { name: /^T-Shirt Size/ }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('region', { name: 'Radio' }).getByText('Not Added').isVisible()).resolves.toBe(true)

    await page.goto(`${demo()}/customforms/new`)
    await waitForHydration(page)
    await page.getByLabel('Form Name').fill(formName)
    await page.getByLabel('Form Type').selectOption('WAIVER')
    for (const name of ['Name', 'Email', 'Signature Required']) {
      const toggle = page.getByRole('switch', { name })
      if (!(await toggle.isChecked())) await toggle.check({ force: true })
    }
    const phone = page.getByRole('switch', { name: 'Phone' })
    if (await phone.isChecked()) await phone.uncheck({ force: true })
    await page.getByRole('button', { name: /Allergies/ }).click()
    await page.getByRole('button', { name: /T-Shirt Size/ }).click()
    const order = page.getByRole('list', { name: 'Custom fields in order' })
    await expect(order.getByRole('listitem').allInnerTexts()).resolves.toEqual([expect.stringContaining('Allergies'), expect.stringContaining('T-Shirt Size')])
    await order.getByRole('button', { name: 'Move T-Shirt Size up' }).click()
    await expect(order.getByRole('listitem').allInnerTexts()).resolves.toEqual([expect.stringContaining('T-Shirt Size'), expect.stringContaining('Allergies')])
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText(`${formName} is added successfully.`).waitFor()

    await page.goto(`${demo()}/customforms`)
    await page.getByText('All Form with a green dot are visible in public view.').waitFor()
    const row = page.getByRole('row', { name: new RegExp(formName) })
    await row.getByRole('button', { name: 'Publish' }).click()
    await page.getByText(`${formName} is Published.`).waitFor()
    await expect(page.getByRole('row', { name: new RegExp(formName) }).getByLabel('Published').isVisible()).resolves.toBe(true)
  }, 150_000)

  test('a visitor with JavaScript fills it in, draws a signature and gets the PDF copy', async () => {
    const { page } = await browser.newPage()
    await openFromFormsMenu(page, formName)
    await waitForHydration(page)
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper')
    await page.getByLabel('Email').fill('grace.hopper@example.com')
    await page.getByLabel('T-Shirt Size').selectOption('Large')
    await page.getByLabel('Allergies').fill('Peanuts')
    const pad = page.getByRole('img', { name: 'Draw your signature' }).or(page.locator('canvas[aria-label="Draw your signature"]'))
    await pad.waitFor()
    await pad.scrollIntoViewIfNeeded()
    const box = await pad.boundingBox()
    if (!box) throw new Error('no signature pad')
    await page.mouse.move(box.x + 20, box.y + box.height / 2)
    await page.mouse.down()
    for (let step = 1; step <= 20; step++) await page.mouse.move(box.x + 20 + step * 12, box.y + box.height / 2 + (step % 2 ? -25 : 25))
    await page.mouse.up()
    await expect.poll(() => page.locator('altcha-widget').evaluate((el) => (el as HTMLElement & { getState(): string }).getState()), { timeout: 20_000 }).toBe('verified')

    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL(/\/submitted\//)
    await page.getByRole('heading', { name: `${formName} submitted successfully.` }).waitFor()
    const link = page.getByRole('link', { name: 'Download your copy (PDF)' })
    await link.waitFor({ timeout: 20_000 })
    const text = await pdfText(page, (await link.getAttribute('href')) ?? '')
    expect(text).toContain('Grace Hopper')
    expect(text).toContain('Peanuts')
    expect(text).toMatch(/SHA-256: [0-9a-f]{64}/)
  })

  test('a visitor without JavaScript types a signature, refreshes and gets the PDF copy', async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false, allowConsoleErrors: [/status of 400/] })
    await openFromFormsMenu(page, formName)
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Lovelace')
    await page.getByLabel('Email').fill('ada.lovelace@example.com')
    await page.getByLabel('T-Shirt Size').selectOption('Small')

    // Forgetting the consent box keeps the form, its values and says why.
    await page.getByLabel('Type your full name to sign').fill('Ada Lovelace')
    await page.waitForTimeout(3200)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Signature is required!').waitFor()
    await expect(page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).resolves.toBe('Ada Lovelace')

    await page.getByLabel('I agree that typing my name is my electronic signature on this form.').check()
    await page.waitForTimeout(3200)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL(/\/submitted\//)
    await page.getByRole('heading', { name: `${formName} submitted successfully.` }).waitFor()
    const download = page.getByRole('link', { name: 'Download your copy (PDF)' })
    for (let attempt = 0; attempt < 20 && !(await download.isVisible()); attempt++) {
      await page.getByText('Downloading is in progress, To Download click refresh button after few seconds...').waitFor()
      await page.waitForTimeout(500)
      await page.getByRole('link', { name: 'Refresh' }).click()
    }
    const text = await pdfText(page, (await download.getAttribute('href')) ?? '')
    expect(text).toContain('Ada Lovelace')
    expect(text).toContain('Signed by typing the full name above')
  })

  test('staff preview the form with inputs disabled, and see the submissions', async () => {
    const { page } = await browser.newPage()
    await signIn(page, 'staff@demo.test')
    await page.goto(`${demo()}/customforms`)
    await page.getByRole('link', { name: formName }).click()
    await page.getByRole('heading', { name: `Edit Form: ${formName}` }).waitFor()
    const previewHref = await page.getByRole('link', { name: 'Preview' }).getAttribute('href')
    await page.goto(`${demo()}${previewHref}`)
    await page.getByText('Preview: this is how visitors see the form.').waitFor()
    await expect.poll(() => page.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(true)
    await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true)

    await page.goto(`${demo()}/customforms`)
    await page.getByRole('row', { name: new RegExp(formName) }).getByRole('link', { name: '2' }).click()
    await page.getByRole('link', { name: 'Grace Hopper' }).click()
    await page.getByText('The stored submission matches its hash.').waitFor()
    await expect(page.getByRole('img', { name: 'Drawn signature' }).isVisible()).resolves.toBe(true)
  })
})
