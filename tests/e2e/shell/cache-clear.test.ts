import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

describe('the hidden cache-clear sequence', () => {
  test("Control, Shift, ~ then 'clearc' clears the caches for staff; Escape cancels an attempt", async () => {
    const { page } = await signedInPage(browser, server(), { email: 'staff@demo.test' }, { viewport: { width: 1366, height: 900 } })
    await waitForHydration(page)
    const clears: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/cache/clear') clears.push(request.url())
    })
    const status = page.locator('[data-cache-clear]')
    await expect(status.getAttribute('data-cache-clear')).resolves.toBe('standby')

    // Cancelled half-way: nothing is sent.
    await page.keyboard.press('Control+Shift+Backquote')
    await page.keyboard.type('cle')
    await page.keyboard.press('Escape')
    await page.keyboard.type('arc')

    await page.keyboard.press('Control+Shift+Backquote')
    await page.keyboard.type('clearc')
    await page.locator('[data-cache-clear="executed"]').waitFor()
    await page.getByText('Cache cleared.').waitFor()
    expect(clears).toHaveLength(1)
  })
})
