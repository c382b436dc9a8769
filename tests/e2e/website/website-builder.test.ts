import { mkdirSync } from 'node:fs'
import type { FrameLocator, Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { masterTemplateById } from '#server/website/master-templates/index'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen, layoutSettled } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

/**
 * The website builder in a browser (spec 002, Website builder): staff add a page, name it, build
 * it from a shared template in the visual editor (GrapesJS), preview, save and publish it, and a
 * visitor sees it with the template's styles and finds it in the menu; pages are reordered by
 * dragging (pointer and keyboard); a page written as HTML in CodeMirror loses its scripts; and
 * without JavaScript the builder lists, publishes, moves, links and edits pages as HTML. Every
 * screen passes axe at 1280 and 360 px; screenshots go to WEBSITE_BUILDER_SCREENSHOTS_DIR.
 */

const SCREENSHOTS = process.env.WEBSITE_BUILDER_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
const viewport = { width: 1280, height: 900 }
/** The shared template the first test builds from: found by searching the gallery (it is past its first page). */
const EVENT_TEMPLATE = masterTemplateById('master-event')
/** GrapesJS draws its own panels and canvas here; see visualEditStep for why axe leaves it out. */
const VISUAL_EDITOR = '[data-testid="visual-editor"]'

/** expect.poll waits a second by default; a save and its reload take longer on a busy machine. */
const POLL = { timeout: 20_000 }

const server = useServer()
const browser = useBrowser()

beforeAll(() => {
  if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true })
})

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Website pages' })
/** The sidebar's page names, top to bottom. */
const sidebarOrder = (page: Page) =>
  sidebar(page)
    .locator('li[data-page-name]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-page-name') ?? ''))
const canvas = (page: Page): FrameLocator => page.frameLocator(`${VISUAL_EDITOR} iframe.gjs-frame`)
/**
 * Resolves once the sidebar's new order is saved: the optimistic order shows at once, the post
 * (and the reload of the page list after it) come after. Start it before the drop.
 */
async function sequenceSaved(page: Page): Promise<void> {
  await page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/website'))
  await sidebar(page).locator('ol[aria-busy="false"]').waitFor()
}
const selectedName = (page: Page) => new URL(page.url()).searchParams.get('page') ?? ''

async function signedIn(path: string, options: { javaScriptEnabled?: boolean; allowConsoleErrors?: RegExp[] } = {}) {
  const signed = await signedInPage(browser, server(), { email: ADMIN, to: path }, { viewport, ...options })
  signed.page.setDefaultTimeout(20_000)
  if (options.javaScriptEnabled !== false) await waitForHydration(signed.page)
  return signed
}

/** 'Add page' on /website: a private page named with a random number, selected. Returns its name. */
async function addPage(page: Page): Promise<string> {
  const before = selectedName(page)
  await page.getByRole('button', { name: 'Add page' }).click()
  await page.waitForURL((url) => /^\d{4}$/.test(url.searchParams.get('page') ?? '') && url.searchParams.get('page') !== before)
  const name = selectedName(page)
  await toast(page, `${name} page added.`).waitFor()
  await page.getByRole('heading', { level: 2, name }).waitFor()
  return name
}

/** Renames the selected page with the pencil and the tick. */
async function renamePage(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('link', { name: `Rename ${from}` }).click()
  const field = page.getByRole('textbox', { name: 'Page name', exact: true })
  await field.waitFor()
  await field.fill(to)
  await page.getByRole('button', { name: 'Save page name' }).click()
  await toast(page, `${to} is updated successfully.`).waitFor()
  await page.getByRole('heading', { level: 2, name: to }).waitFor()
}

/** The publish switch of the selected page, whatever it says now. */
const publishSwitch = (page: Page) => page.getByRole('switch', { name: /^(Published|Private)$/ })

async function publish(page: Page, title: string): Promise<void> {
  await publishSwitch(page).click()
  await toast(page, `${title} Page is Published.`).waitFor()
  await expect.poll(() => publishSwitch(page).getAttribute('aria-checked'), POLL).toBe('true')
}

/** Waits until CodeMirror has taken the textarea's place, then types into it. */
async function typeIntoCodeMirror(page: Page, html: string): Promise<void> {
  const editor = page.locator('.cm-content')
  await editor.waitFor()
  await expect.poll(() => page.locator('textarea#page-html').isHidden(), POLL).toBe(true)
  await editor.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  // One insertion: typed key by key, the HTML language closes each tag as its '>' is typed.
  await page.keyboard.insertText(html)
  await expect.poll(() => editor.innerText(), POLL).toContain(html.slice(0, 20))
}

/** The GrapesJS editor is ready once its canvas shows the template's heading. */
async function waitForVisualEditor(page: Page, text: string): Promise<Locator> {
  await page.locator(VISUAL_EDITOR).waitFor()
  const heading = canvas(page).getByRole('heading', { name: text })
  await heading.waitFor()
  return heading
}

/** The visual edit step at 1280 and 360 px, its screenshots, and axe, GrapesJS's panels and canvas included. */
async function visualEditStep(page: Page, name: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 })
    await layoutSettled(page)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect.soft(scrollWidth, `${name} at ${width} px is no wider than the screen`).toBeLessThanOrEqual(width)
    await expectNoSeriousA11yViolations(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true, animations: 'disabled' })
  }
  await page.setViewportSize(viewport)
  await layoutSettled(page)
}

describe('the website builder in the browser', () => {
  test('staff build a page from a shared template in the visual editor, preview, save and publish it; a visitor sees it styled and in the menu', { timeout: 120_000 }, async () => {
    if (!EVENT_TEMPLATE) throw new Error('the shared event template is missing')
    // A refused name answers 400, which the browser reports.
    const { page, checked } = await signedIn('/website', { allowConsoleErrors: [/status of 400 \(Bad Request\)/] })
    const name = await addPage(page)
    // An empty name is refused, with this page still selected.
    await page.getByRole('link', { name: `Rename ${name}` }).click()
    await page.getByRole('textbox', { name: 'Page name', exact: true }).fill(' ')
    await page.getByRole('button', { name: 'Save page name' }).click()
    await page.getByRole('alert').filter({ hasText: 'Page Name is required!' }).waitFor()
    expect(selectedName(page)).toBe(name)
    await page.getByRole('link', { name: 'Cancel renaming' }).click()
    await page.getByRole('heading', { level: 2, name }).waitFor()
    await renamePage(page, name, 'Spring Workshop')
    await page.getByRole('heading', { level: 2, name: 'Spring Workshop' }).waitFor()
    await expect(page.getByText('/spring-workshop', { exact: true }).count()).resolves.toBe(1)

    // A new page opens the editor at the gallery; the event template is found by searching.
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/website/edit/${name}`)
    await page.getByRole('heading', { level: 1, name: 'Edit Spring Workshop' }).waitFor()
    await expect(page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]').innerText()).resolves.toContain('Select Template')
    await page.getByLabel('Search Templates').fill('event')
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await page.waitForURL((url) => url.searchParams.get('q') === 'event')
    await page
      .getByRole('list', { name: 'Templates' })
      .getByRole('link', { name: new RegExp(EVENT_TEMPLATE.name) })
      .click()
    await page.waitForURL((url) => url.searchParams.get('template') === EVENT_TEMPLATE.id)
    await page.getByText(`Starting from: ${EVENT_TEMPLATE.name}`).waitFor()

    // Change the template's heading in the canvas: a double click starts GrapesJS's text editing.
    const heading = await waitForVisualEditor(page, 'Summer Showcase')
    await heading.dblclick()
    await expect.poll(() => heading.getAttribute('contenteditable'), POLL).toBe('true')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('Spring Workshop Weekend')
    await canvas(page).getByRole('heading', { name: 'Spring Workshop Weekend' }).waitFor()

    // Next straight from the text being edited: the edit must reach the preview.
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('heading', { level: 2, name: 'Preview' }).waitFor()
    const preview = page.locator('.page-preview')
    await preview.getByRole('heading', { name: 'Spring Workshop Weekend' }).waitFor()
    await expect(preview.innerText()).resolves.toContain('An evening of dance, movement and music')
    await expect(preview.getByRole('heading', { name: 'Summer Showcase' }).count()).resolves.toBe(0)
    // The template's CSS, scoped to the preview, lays its root out as a column.
    await expect(preview.locator('.tpl-event').evaluate((element) => getComputedStyle(element).display)).resolves.toBe('flex')

    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/website' && url.searchParams.get('page') === name)
    await toast(page, 'Spring Workshop is updated successfully.').waitFor()
    await page.getByText('This page has content.').waitFor()
    await publish(page, 'Spring Workshop')
    checked.expectNoConsoleErrors()

    // A visitor: the page, its styles and its place in the menu.
    const visitor = await browser.newContext({ viewport })
    const open = await visitor.newPage()
    open.setDefaultTimeout(20_000)
    const answer = await open.goto(`${server().url('demo')}/spring-workshop`)
    expect(answer?.status()).toBe(200)
    const body = open.locator('article.page-body')
    await body.getByRole('heading', { name: 'Spring Workshop Weekend' }).waitFor()
    await expect(body.innerText()).resolves.toContain('An evening of dance, movement and music')
    const root = body.locator('.tpl-event')
    await expect(root.evaluate((element) => getComputedStyle(element).display)).resolves.toBe('flex')
    await expect(root.evaluate((element) => getComputedStyle(element).flexDirection)).resolves.toBe('column')
    // The template's own type: system-ui, not the site's font.
    await expect(root.evaluate((element) => getComputedStyle(element).fontFamily)).resolves.toMatch(/^system-ui/)
    await open.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spring Workshop' }).waitFor()
    await expect(open.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spring Workshop' }).getAttribute('href')).resolves.toBe('/spring-workshop')
  })

  test('staff reorder pages by dragging in the sidebar, with a pointer and with the keyboard, and the order stays after a reload', { timeout: 90_000 }, async () => {
    const { page, checked } = await signedIn('/website')
    const start = await sidebarOrder(page)
    expect(start.slice(0, 4)).toEqual(['home', 'about', 'contact', 'calendar'])

    // Pointer: Contact Us is carried above About Us.
    const handle = sidebar(page).getByRole('button', { name: 'Drag Contact Us' })
    const from = await handle.boundingBox()
    const to = await sidebar(page).locator('li[data-page-name="about"]').boundingBox()
    if (!from || !to) throw new Error('the sidebar rows have no box')
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 })
    // Drop once About Us has made way (dnd-kit moves it down by a transform).
    const about = sidebar(page).locator('li[data-page-name="about"]')
    await expect.poll(async () => (await about.getAttribute('style')) ?? '', POLL).toMatch(/translate3d\(0px, [1-9]/)
    const pointerSaved = sequenceSaved(page)
    await page.mouse.up()
    await pointerSaved
    await toast(page, 'Sequence updated.').waitFor()
    const dragged = ['home', 'contact', 'about', ...start.slice(3)]
    await expect.poll(() => sidebarOrder(page), POLL).toEqual(dragged)

    // Keyboard: Calendar goes one place down, below Courses.
    const calendar = sidebar(page).getByRole('button', { name: 'Drag Calendar' })
    await calendar.focus()
    await page.keyboard.press('Space')
    await page.locator('[aria-pressed="true"][aria-roledescription]').waitFor()
    // The drag has begun once the row carries dnd-kit's transform; an arrow pressed before that is not a move yet.
    await expect.poll(async () => (await calendar.locator('xpath=ancestor::li[1]').getAttribute('style')) ?? '', POLL).toMatch(/translate3d\(0px, 0px/)
    await page.keyboard.press('ArrowDown')
    // As with the pointer: Space ends the drag where it is only once the row below has made way.
    await expect.poll(async () => (await calendar.locator('xpath=ancestor::li[1]').getAttribute('style')) ?? '', POLL).toMatch(/translate3d\(0px, [1-9]/)
    const below = sidebar(page).locator(`li[data-page-name="${start[4]}"]`)
    await expect.poll(async () => (await below.getAttribute('style')) ?? '', POLL).toMatch(/translate3d\(0px, -[1-9]/)
    const keyboardSaved = sequenceSaved(page)
    await page.keyboard.press('Space')
    await keyboardSaved
    const expected = ['home', 'contact', 'about', start[4], 'calendar', ...start.slice(5)]
    await expect.poll(() => sidebarOrder(page), POLL).toEqual(expected)

    await page.reload()
    await waitForHydration(page)
    expect(await sidebarOrder(page)).toEqual(expected)
    checked.expectNoConsoleErrors()
  })

  test('a page written as HTML in CodeMirror is previewed, saved and shown to visitors without its script', { timeout: 90_000 }, async () => {
    const { page, checked } = await signedIn('/website')
    const name = await addPage(page)
    await renamePage(page, name, 'Studio Notes')
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await page
      .getByRole('list', { name: 'Templates' })
      .getByRole('link', { name: /HTML template/ })
      .click()
    await page.waitForURL((url) => url.searchParams.get('template') === 'html')
    const html = '<h2>Studio notes</h2><p>Bring water and a towel.</p><script>document.title = "pwned"</script><p onclick="alert(1)">Doors open at 6.</p>'
    await typeIntoCodeMirror(page, html)

    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('heading', { level: 2, name: 'Preview' }).waitFor()
    const preview = page.locator('.page-preview')
    await preview.getByRole('heading', { name: 'Studio notes' }).waitFor()
    await expect(preview.locator('script, [onclick]').count()).resolves.toBe(0)

    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/website' && url.searchParams.get('page') === name)
    await toast(page, 'Studio Notes is updated successfully.').waitFor()
    await publish(page, 'Studio Notes')
    checked.expectNoConsoleErrors()

    const visitor = await browser.newContext({ viewport })
    const open = await visitor.newPage()
    open.setDefaultTimeout(20_000)
    expect((await open.goto(`${server().url('demo')}/studio-notes`))?.status()).toBe(200)
    const body = open.locator('article.page-body')
    await body.getByRole('heading', { name: 'Studio notes' }).waitFor()
    await expect(body.innerText()).resolves.toContain('Bring water and a towel.')
    await expect(body.innerText()).resolves.toContain('Doors open at 6.')
    await expect(body.locator('script, [onclick]').count()).resolves.toBe(0)
    await expect(open.title()).resolves.not.toContain('pwned')
  })

  test('without JavaScript the builder lists, publishes and hides, moves, links and edits a page as HTML', { timeout: 120_000 }, async () => {
    // The refused link posts answer 400, which the browser reports.
    const { page, checked } = await signedIn('/website', { javaScriptEnabled: false, allowConsoleErrors: [/status of 400 \(Bad Request\)/] })
    await sidebar(page).getByRole('link', { name: 'Home' }).waitFor()
    expect((await sidebarOrder(page)).length).toBeGreaterThanOrEqual(12)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/nojs-builder-1280.png`, fullPage: true })

    const name = await addPage(page)
    // Publish, then hide.
    await publishSwitch(page).click()
    await toast(page, `${name} Page is Published.`).waitFor()
    await expect(publishSwitch(page).getAttribute('aria-checked')).resolves.toBe('true')
    await publishSwitch(page).click()
    await toast(page, `${name} Page is Private.`).waitFor()
    await expect(publishSwitch(page).getAttribute('aria-checked')).resolves.toBe('false')

    // The arrows move it one place up.
    const before = await sidebarOrder(page)
    const at = before.indexOf(name)
    await sidebar(page)
      .getByRole('button', { name: `Move ${name} up` })
      .click()
    await toast(page, 'Sequence updated.').waitFor()
    const after = await sidebarOrder(page)
    expect(after.indexOf(name)).toBe(at - 1)
    expect(after[at]).toBe(before[at - 1])

    // An external link: required, then checked, then saved.
    await page.getByRole('button', { name: 'External Link' }).click()
    await toast(page, `${name} is updated successfully.`).waitFor()
    await page.getByRole('heading', { name: 'Enter URL' }).waitFor()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('alert').filter({ hasText: 'URL is required!' }).waitFor()
    await page.getByLabel('URL', { exact: true }).fill('not a web address')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('alert').filter({ hasText: 'Enter a web address such as example.com/services.' }).waitFor()
    await page.getByLabel('URL', { exact: true }).fill('example.com/services')
    await page.getByRole('button', { name: 'Submit' }).click()
    await toast(page, `${name} is updated successfully.`).waitFor()
    await expect(page.getByLabel('URL', { exact: true }).inputValue()).resolves.toBe('example.com/services')
    await sidebar(page).locator(`li[data-page-name="${name}"]`).getByText('Link', { exact: true }).waitFor()
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/nojs-external-link-1280.png`, fullPage: true })

    // Another page, written as HTML in the plain textarea.
    const written = await addPage(page)
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await page
      .getByRole('list', { name: 'Templates' })
      .getByRole('link', { name: /HTML template/ })
      .click()
    const textarea = page.getByLabel('Page HTML')
    await textarea.waitFor()
    await textarea.fill('<h2>Written without scripts</h2><p>Plain forms all the way.</p>')
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/nojs-html-edit-1280.png`, fullPage: true })
    await page.getByRole('button', { name: 'Next' }).click()
    await page.locator('.page-preview').getByRole('heading', { name: 'Written without scripts' }).waitFor()
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/nojs-preview-1280.png`, fullPage: true })
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/website' && url.searchParams.get('page') === written)
    await toast(page, `${written} is updated successfully.`).waitFor()
    await page.getByText('This page has content.').waitFor()
    await publishSwitch(page).click()
    await toast(page, `${written} Page is Published.`).waitFor()
    checked.expectNoConsoleErrors()

    const visitor = await browser.newContext({ viewport, javaScriptEnabled: false })
    const open = await visitor.newPage()
    open.setDefaultTimeout(20_000)
    expect((await open.goto(`${server().url('demo')}/${written}`))?.status()).toBe(200)
    await open.locator('article.page-body').getByRole('heading', { name: 'Written without scripts' }).waitFor()
  })

  test('every builder screen passes axe at 1280 and 360 px', { timeout: 150_000 }, async () => {
    const { page, checked } = await signedIn('/website')
    await sidebar(page).getByRole('link', { name: 'Home' }).waitFor()
    await checkScreen(page, 'builder-home', SCREENSHOTS)

    await page.goto(`${server().url('demo')}/website?page=about`)
    await page.getByRole('form', { name: 'Page header and description' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'builder-about', SCREENSHOTS)

    await page.getByRole('link', { name: 'Website settings' }).click()
    await page.getByRole('dialog', { name: 'Website Settings' }).waitFor()
    await checkScreen(page, 'builder-settings', SCREENSHOTS)

    await page.goto(`${server().url('demo')}/website`)
    await waitForHydration(page)
    const name = await addPage(page)
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await page.getByRole('list', { name: 'Templates' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'editor-gallery', SCREENSHOTS)

    await page
      .getByRole('list', { name: 'Templates' })
      .getByRole('link', { name: /HTML template/ })
      .click()
    await typeIntoCodeMirror(page, '<h2>Opening hours</h2><p>Monday to Saturday, 7 am to 9 pm.</p>')
    await checkScreen(page, 'editor-html', SCREENSHOTS)

    await page.getByRole('button', { name: 'Next' }).click()
    await page.locator('.page-preview').getByRole('heading', { name: 'Opening hours' }).waitFor()
    await checkScreen(page, 'editor-preview', SCREENSHOTS)

    await page.goto(`${server().url('demo')}/website/edit/${name}?step=2&template=master-class-studio`)
    await waitForHydration(page)
    await waitForVisualEditor(page, 'Classes for every body, every week')
    await visualEditStep(page, 'editor-visual')
    checked.expectNoConsoleErrors()
  })
})
