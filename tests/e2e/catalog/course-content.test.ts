import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.COURSE_SCREENSHOTS_DIR
const WIDTHS = [1280, 360] as const

const shoot = (page: Page, name: string) => screenshotAtWidths(page, SCREENSHOTS, name, WIDTHS)

/** The guid of a free course, read from its Register link (it leads to /mycourses/enrol/{guid}). */
async function introCourseGuid(page: Page): Promise<string> {
  await page.goto(`${server().url('demo')}/courses/details/introductory-session`)
  const href = (await page.getByRole('link', { name: 'Register', exact: true }).getAttribute('href')) ?? ''
  const guid = /mycourses%2Fenrol%2F([0-9a-f-]{36})/.exec(href)?.[1]
  if (!guid) throw new Error(`no enrol link on the course page: ${href}`)
  return guid
}

const chapterTitles = (page: Page, section: string) => page.getByRole('list', { name: `Chapters of ${section}` }).locator('[data-chapter-title]').allInnerTexts()

describe('courses', () => {
  test('a visitor without JavaScript browses /courses and a course page, and opens a demo chapter', { timeout: 180_000 }, async () => {
    const { page, checked } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    await page.goto(`${server().url('demo')}/home`)
    await page.getByRole('navigation').getByRole('link', { name: 'Courses', exact: true }).first().click()
    await page.waitForURL((url) => url.pathname === '/courses')
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor()
    const cards = page.getByRole('list', { name: 'Courses' }).getByRole('listitem')
    expect(await cards.count()).toBe(3)
    expect(await cards.first().innerText()).toContain('Introductory Session')
    expect(await page.getByText('$149.00').count()).toBe(1)

    await page.getByRole('link', { name: 'Yoga Foundations' }).click()
    await page.waitForURL((url) => url.pathname === '/courses/details/yoga-foundations')
    await page.getByRole('heading', { level: 1, name: 'Yoga Foundations' }).waitFor()
    // Checkout is the next capability: the price shows, with how to enrol instead of a button.
    expect(await page.getByRole('list', { name: 'Price options' }).innerText()).toContain('$149.00')
    expect(await page.locator('[data-enrol-contact]').innerText()).toMatch(/^To enrol, contact /)
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>
    expect(jsonLd).toMatchObject({ '@type': 'Course', name: 'Yoga Foundations', offers: [{ price: '149.00', priceCurrency: 'USD' }] })
    await page.getByRole('link', { name: 'Preview Mountain pose' }).click()
    await page.waitForURL(/chapter=/)
    await page.getByRole('region', { name: 'Demo chapter' }).getByRole('heading', { name: 'Mountain pose' }).waitFor()
    checked.expectNoConsoleErrors()
  })

  test('/courses and a course page look finished at 1280 and 360 px and have no serious accessibility problem', { timeout: 180_000 }, async () => {
    const { page, checked } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server().url('demo')}/courses`)
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor()
    await shoot(page, 'courses')
    await expectNoSeriousA11yViolations(page)
    await page.goto(`${server().url('demo')}/courses/details/yoga-foundations`)
    await page.getByRole('heading', { level: 1, name: 'Yoga Foundations' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Preview Mountain pose' }).click()
    await page.getByRole('region', { name: 'Demo chapter' }).waitFor()
    await shoot(page, 'course-details')
    await expectNoSeriousA11yViolations(page)
    checked.expectNoConsoleErrors()
  })

  test('staff add a section and chapters to a seeded course and put them in order, by button and by drag', { timeout: 240_000 }, async () => {
    const visitor = await browser.newPage({ javaScriptEnabled: false })
    const guid = await introCourseGuid(visitor.page)
    const { page, checked } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: `/services/${guid}/content` }, {
      viewport: { width: 1280, height: 900 },
      // The refused video link answers 400, which the browser logs.
      allowConsoleErrors: [/status of 400 \(Bad Request\)/],
    })
    await page.getByRole('heading', { level: 1, name: 'Course content' }).waitFor()
    await waitForHydration(page)
    expect(await chapterTitles(page, 'Welcome')).toEqual(['Welcome to the studio', 'A five-minute breathing practice'])

    await page.getByLabel('New section title').fill('Going further')
    await page.getByRole('button', { name: 'Add section' }).click()
    const section = page.getByRole('listitem', { name: 'Going further' })
    await section.waitFor()

    await section.getByRole('link', { name: 'Add chapter' }).click()
    await page.getByRole('heading', { name: 'Add a chapter to Going further' }).waitFor()
    await page.getByLabel('Chapter title').fill('Notes for home practice')
    await page.locator('#chapter-form .ql-editor').click()
    await page.keyboard.type('Practise for ten minutes a day.')
    await page.getByRole('button', { name: 'Add chapter' }).click()
    await expect.poll(() => chapterTitles(page, 'Going further'), { timeout: 20_000 }).toEqual(['Notes for home practice'])

    await section.getByRole('link', { name: 'Add chapter' }).click()
    await page.getByRole('heading', { name: 'Add a chapter to Going further' }).waitFor()
    await page.getByLabel('Chapter title').fill('A guided rest')
    await page.getByRole('radio', { name: 'Video link' }).check()
    await page.getByRole('textbox', { name: 'Video link' }).fill('https://example.com/videos/42')
    await page.getByRole('button', { name: 'Add chapter' }).click()
    await page.getByText('Enter a YouTube or Vimeo link').waitFor()
    await page.getByRole('textbox', { name: 'Video link' }).fill('https://www.youtube.com/watch?v=inpok4MKVLM')
    await page.getByRole('button', { name: 'Add chapter' }).click()
    await expect.poll(() => chapterTitles(page, 'Going further'), { timeout: 20_000 }).toEqual(['Notes for home practice', 'A guided rest'])
    await shoot(page, 'course-content')
    await expectNoSeriousA11yViolations(page)

    // Move up by button, then back down by dragging with the keyboard.
    await page.getByRole('button', { name: 'Move chapter A guided rest up' }).click()
    await expect.poll(() => chapterTitles(page, 'Going further'), { timeout: 20_000 }).toEqual(['A guided rest', 'Notes for home practice'])
    const handle = page.getByRole('button', { name: 'Drag chapter A guided rest' })
    await handle.focus()
    await page.keyboard.press('Space')
    await page.locator('[aria-pressed="true"][aria-roledescription]').waitFor()
    // Drop only once the row has been carried down and the row below has made way for it: until the
    // row below moves, the drag is still over its own place and a Space ends it where it began. An
    // arrow pressed before the drag has measured its rows moves nothing, so it is pressed again until
    // the row moves (it is the lower of two, so more presses cannot carry it further).
    const draggedRow = handle.locator('xpath=ancestor::li[1]')
    await expect
      .poll(
        async () => {
          const style = (await draggedRow.getAttribute('style')) ?? ''
          if (!/translate3d\(0px, [1-9]/.test(style)) await page.keyboard.press('ArrowDown')
          return style
        },
        { timeout: 20_000 },
      )
      .toMatch(/translate3d\(0px, [1-9]/)
    const rowBelow = page.locator('[data-chapter-guid]').filter({ hasText: 'Notes for home practice' })
    await expect.poll(async () => (await rowBelow.getAttribute('style')) ?? '', { timeout: 20_000 }).toMatch(/translate3d\(0px, -[1-9]/)
    await page.keyboard.press('Space')
    await expect.poll(() => chapterTitles(page, 'Going further'), { timeout: 20_000 }).toEqual(['Notes for home practice', 'A guided rest'])
    // Sections too: the new section moves above 'Before your first class'.
    await page.getByRole('button', { name: 'Move section Going further up' }).click()
    await expect.poll(() => page.getByRole('list', { name: 'Sections in order' }).locator('h3').allInnerTexts(), { timeout: 20_000 }).toEqual(['Welcome', 'Going further', 'Before your first class'])
    // Saved: a fresh load shows the same order.
    await page.reload()
    expect(await chapterTitles(page, 'Going further')).toEqual(['Notes for home practice', 'A guided rest'])
    expect(await page.getByRole('list', { name: 'Sections in order' }).locator('h3').allInnerTexts()).toEqual(['Welcome', 'Going further', 'Before your first class'])
    checked.expectNoConsoleErrors()
  })

  test('a student opens /mycourses, reads a chapter and marks it complete', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: 'student@demo.test', to: '/mycourses' }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor()
    const intro = page.getByRole('list', { name: 'Your courses' }).getByRole('listitem').filter({ hasText: 'Introductory Session' })
    const before = Number(await intro.getByRole('progressbar').getAttribute('aria-valuenow'))
    await shoot(page, 'mycourses')
    await expectNoSeriousA11yViolations(page)

    await intro.getByRole('link', { name: 'Introductory Session' }).click()
    await page.getByRole('heading', { level: 1, name: 'Introductory Session' }).waitFor()
    await waitForHydration(page)
    // The first chapter not yet complete opens.
    const title = await page.locator('[data-chapter-view] h2').innerText()
    await page.getByRole('button', { name: 'Mark as complete' }).click()
    await page.getByText('Chapter marked as complete.').waitFor()
    await page.getByRole('navigation', { name: 'Chapters' }).getByRole('link', { name: `${title} (complete)` }).waitFor()
    await shoot(page, 'mycourse-viewer')
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('link', { name: 'All my courses' }).click()
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor()
    const after = Number(await intro.getByRole('progressbar').getAttribute('aria-valuenow'))
    expect(after).toBeGreaterThan(before)
    checked.expectNoConsoleErrors()
  })
})
