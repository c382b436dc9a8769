import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { addSessionCookie } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.PUBLIC_ITEMS_SCREENSHOTS_DIR

const site = (path: string) => `${server().url('demo')}${path}`
const menuLink = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).first()

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true })
}

/** The one structured-data document of the page, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent()
  return JSON.parse(text ?? '') as Record<string, unknown>
}

describe('the public events, merchandise and donations pages', () => {
  test('a visitor without JavaScript browses events, an event, merchandise and donations through the public menu', { timeout: 180_000 }, async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    // A step that cannot happen says which one, long before the test's own time runs out.
    page.setDefaultTimeout(30_000)
    await page.goto(site('/home'))

    await menuLink(page, 'Events').click()
    await page.waitForURL((url) => url.pathname === '/events')
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    expect(await page.locator('[data-item-card="event"]').count()).toBe(3)
    expect((await jsonLd(page))['@type']).toBe('ItemList')

    await page.getByRole('link', { name: 'Spring Equinox Workshop' }).click()
    await page.waitForURL((url) => url.pathname === '/events/details/spring-equinox-workshop')
    await page.getByRole('heading', { level: 1, name: 'Spring Equinox Workshop' }).waitFor()
    expect(await page.getByText('29 places left').count()).toBeGreaterThan(0)
    expect(await page.locator('[data-how-to-buy]').innerText()).toContain('hello@demo.test')
    expect(await jsonLd(page)).toMatchObject({ '@type': 'Event', name: 'Spring Equinox Workshop' })
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/events\/details\/spring-equinox-workshop$/)

    // A free event asks the visitor to sign in, and the link brings them back here.
    await page.getByRole('link', { name: /^All events$/ }).click()
    await page.waitForURL((url) => url.pathname === '/events')
    await page.getByRole('link', { name: 'Outdoor Yoga in the Park' }).click()
    await page.waitForURL((url) => url.pathname === '/events/details/outdoor-yoga-in-the-park')
    const signIn = page.getByRole('link', { name: 'Sign in to register' })
    expect(await signIn.getAttribute('href')).toBe('/login?redirectTo=%2Fevents%2Fdetails%2Foutdoor-yoga-in-the-park')

    await menuLink(page, 'Merchandise').click()
    await page.waitForURL((url) => url.pathname === '/merchandise')
    await page.getByRole('heading', { level: 1, name: 'Merchandise' }).waitFor()
    expect(await page.locator('[data-item-card]').count()).toBe(6)
    const bottle = page.locator('[data-item-card]', { hasText: 'Studio Water Bottle' })
    expect(await bottle.locator('[data-item-state="sold-out"]').innerText()).toBe('Sold out')

    await page.getByRole('link', { name: 'Home Practice Kit' }).click()
    await page.waitForURL((url) => url.pathname === '/merchandise/details/home-practice-kit')
    await page.getByRole('heading', { level: 1, name: 'Home Practice Kit' }).waitFor()
    expect(await page.getByText('2 × Cork Yoga Block').count()).toBe(1)
    expect(await jsonLd(page)).toMatchObject({ '@type': 'Product', name: 'Home Practice Kit' })

    await page.goto(site('/merchandise/details/studio-water-bottle'))
    await page.getByText('Sold out: this item is not available right now.').waitFor()

    await menuLink(page, 'Donations').click()
    await page.waitForURL((url) => url.pathname === '/donations')
    await page.getByRole('heading', { level: 1, name: 'Donations' }).waitFor()

    await page.getByRole('link', { name: 'Scholarship Fund' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/donate/'))
    await page.getByRole('heading', { level: 1, name: 'Scholarship Fund' }).waitFor()
    expect(await page.getByRole('list', { name: 'Suggested amounts' }).innerText()).toContain('$25.00')
    expect(await jsonLd(page)).toMatchObject({ '@type': 'WebPage', potentialAction: { '@type': 'DonateAction' } })
  })

  test('a signed-in student registers for a free event with JavaScript and sees it held', { timeout: 120_000 }, async () => {
    const { page, checked } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await addSessionCookie(checked.context, server(), { orgId: 'demo', email: 'ada.okafor@example.test' })
    await page.goto(site('/events/details/outdoor-yoga-in-the-park'))
    await page.getByRole('heading', { level: 1, name: 'Outdoor Yoga in the Park' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('You are registered. See you there!').waitFor()
    await page.getByText('You are registered for this event.').waitFor()
    await expectNoSeriousA11yViolations(page)
  })

  test('every page passes axe at 1280 px, and fits a 360 px phone', { timeout: 300_000 }, async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.newPage(width === 360 ? { viewport: { width, height: 780 }, isMobile: true, hasTouch: true } : { viewport: { width, height: 900 } })
      page.setDefaultTimeout(30_000)
      await page.goto(site('/donations'))
      const donateHref = await page.locator('[data-item-card="donation"] a').first().getAttribute('href')
      const pages = [
        ['/events', 'events'],
        ['/events/details/spring-equinox-workshop', 'event-paid'],
        ['/events/details/outdoor-yoga-in-the-park', 'event-free'],
        ['/merchandise', 'merchandise'],
        ['/merchandise/details/home-practice-kit', 'product'],
        ['/merchandise/details/studio-water-bottle', 'product-sold-out'],
        ['/donations', 'donations'],
        [donateHref ?? '/donations', 'donate'],
      ] as const
      for (const [path, name] of pages) {
        await page.goto(site(path))
        await page.getByRole('heading', { level: 1 }).first().waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width)
        await shoot(page, `${name}-${width}`)
        await expectNoSeriousA11yViolations(page)
      }
    }
  })

  test('in Turkish: event, merchandise, donation, course and gallery pages in the visitor’s language; axe passes', { timeout: 180_000 }, async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(30_000)
    await page.goto(site('/events'))
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Türkçe' }).click()
    await page.locator('html[lang="tr"]').waitFor({ state: 'attached' })
    await page.locator('[data-item-card="event"]').first().waitFor()
    const events = await page.locator('main').innerText()
    expect(events).toMatch(/\d+ yer kaldı/)
    expect(events).toContain('Ücretsiz')
    // Dates as Turkish writes them, 24-hour.
    expect(events).toMatch(/\d{2} (Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara) \d{4} \d{2}:\d{2}/)
    expect(events).not.toMatch(/places? left|\bFree\b|\b(AM|PM)\b/)
    await expectNoSeriousA11yViolations(page)

    await page.locator('[data-item-card="event"] a').first().click()
    await page.locator('[data-item-page="event"]').waitFor()
    await page.getByRole('link', { name: 'Tüm etkinlikler' }).waitFor()
    expect(await page.locator('main').innerText()).toMatch(/saati/)
    await expectNoSeriousA11yViolations(page)

    await page.goto(site('/merchandise'))
    await page.locator('[data-item-card]').first().waitFor()
    expect(await page.locator('main').innerText()).toContain('Tükendi')
    await page.locator('[data-item-card] a').first().click()
    await page.getByRole('link', { name: 'Tüm ürünler' }).waitFor()
    await expectNoSeriousA11yViolations(page)

    await page.goto(site('/donations'))
    await page.locator('[data-item-card="donation"]').first().waitFor()
    expect(await page.locator('main').innerText()).toMatch(/ve üzeri bağış|Dilediğiniz tutarda bağış yapın/)
    await page.locator('[data-item-card="donation"] a').first().click()
    await page.getByRole('link', { name: 'Tüm bağışlar' }).waitFor()
    expect(await page.locator('main').innerText()).not.toMatch(/Suggested amounts|How often|Other amount|Online payment/)
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'donation-turkish')

    await page.goto(site('/courses'))
    await page.locator('[data-course-slug]').first().waitFor()
    expect(await page.locator('main').innerText()).toMatch(/Ücretsiz|başlayan fiyatlarla/)
    await page.locator('[data-course-slug] a').first().click()
    await page.getByRole('link', { name: 'Tüm kurslar' }).waitFor()
    expect(await page.locator('main').innerText()).not.toMatch(/What the course covers|Price options|Free course/)
    await expectNoSeriousA11yViolations(page)

    await page.goto(site('/mediagallery'))
    await page.locator('main').getByText(/Henüz fotoğraf ya da video yok|Sayfa \d+ \/ \d+/).first().or(page.locator('main img').first()).waitFor()
  })
})
