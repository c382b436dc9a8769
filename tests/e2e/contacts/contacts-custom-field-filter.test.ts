import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { waitForHydration, useBrowser } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

/** The names in the table, top to bottom. */
async function names(page: Page): Promise<string[]> {
  return page.locator('tbody th[scope="row"]').allInnerTexts().then((cells) => cells.map((cell) => cell.split('\n').at(-1)?.trim() ?? ''))
}

/** A contact's guid, found through the autocomplete endpoint as the pickers find it. */
async function guidOf(page: Page, query: string): Promise<string> {
  return page.evaluate(async (q) => {
    const response = await fetch(`/contacts/autocomplete?q=${encodeURIComponent(q)}`)
    const body = (await response.json()) as { items: Array<{ id: string }> }
    return body.items[0]?.id ?? ''
  }, query)
}

let valuesGiven: Promise<void> | null = null

/**
 * Two demo contacts get values of the demo form's custom fields through their edit page
 * (Experience is a list, the studio rules a tick box, the health notes text). Once per server.
 */
function giveValues(page: Page): Promise<void> {
  valuesGiven ??= (async () => {
    for (const [query, values] of [
      ['francois dubois', { experience: 'Some classes', notes: 'Left knee, since 2019', rules: false }],
      ['zoe muller', { experience: 'Some classes', notes: '', rules: true }],
    ] as const) {
      await page.goto(`${server().url('demo')}/contacts`)
      const guId = await guidOf(page, query)
      await page.goto(`${server().url('demo')}/contacts/${guId}/edit`)
      await page.getByRole('heading', { level: 1, name: 'Edit Contact' }).waitFor()
      await waitForHydration(page)
      await page.getByLabel('Experience').selectOption(values.experience)
      await page.getByLabel('Injuries or health notes').fill(values.notes)
      await page.getByRole('checkbox', { name: 'I have read the studio rules' }).setChecked(values.rules)
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL((url) => url.pathname === `/contacts/${guId}/detail`)
    }
  })()
  return valuesGiven
}

describe('the contacts list filtered by a custom field', () => {
  test('with JavaScript: the value becomes a select for a list field, typing filters text; no serious accessibility problem', { timeout: 300_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' })
    await giveValues(page)
    await page.goto(`${server().url('demo')}/contacts`)
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await waitForHydration(page)
    await page.getByText('Filters', { exact: true }).click()

    // Choosing a list field offers its options; choosing one applies at once.
    await page.getByLabel('Custom field', { exact: true }).selectOption({ label: 'Experience' })
    await page.waitForURL(/cf=/)
    const value = page.getByRole('combobox', { name: 'Custom field value' })
    await value.waitFor()
    await expect.poll(() => value.locator('option').allTextContents()).toEqual(['Any value', 'New to yoga', 'Some classes', 'Regular practice'])
    await value.selectOption('Some classes')
    await page.waitForURL(/cfv=Some/)
    await expect.poll(() => names(page)).toEqual(['François Dubois', 'Zoë Müller'])
    await expect(page.getByText('Filters (1 applied)').isVisible()).resolves.toBe(true)
    await expectNoSeriousA11yViolations(page)

    // A tick box is Yes or No.
    await page.getByLabel('Custom field', { exact: true }).selectOption({ label: 'I have read the studio rules' })
    await page.waitForURL((url) => url.searchParams.has('cf') && !url.searchParams.has('cfv'))
    await page.getByRole('combobox', { name: 'Custom field value' }).selectOption('Yes')
    await page.waitForURL(/cfv=yes/)
    await expect.poll(() => names(page)).toEqual(['Zoë Müller'])

    // A text field is searched as typed, after a pause, ignoring case.
    await page.getByLabel('Custom field', { exact: true }).selectOption({ label: 'Injuries or health notes' })
    await page.waitForURL((url) => url.searchParams.has('cf') && !url.searchParams.has('cfv'))
    await page.getByRole('textbox', { name: 'Custom field value' }).fill('KNEE')
    await page.waitForURL(/cfv=KNEE/)
    await expect.poll(() => names(page)).toEqual(['François Dubois'])
    // The address is the filter: opened again, it shows the same.
    await page.reload()
    await expect.poll(() => names(page)).toEqual(['François Dubois'])
    await expect(page.getByRole('textbox', { name: 'Custom field value' }).inputValue()).resolves.toBe('KNEE')
    await expectNoSeriousA11yViolations(page)
  })

  test('without JavaScript: a select and a typed value with Apply; a value that does not fit is said next to the filter', { timeout: 300_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { javaScriptEnabled: false })
    // A text input, which becomes a combobox while it suggests a list field's options.
    const typed = () => page.getByLabel('Custom field value')
    const setUp = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' })
    await giveValues(setUp.page)

    await page.goto(`${server().url('demo')}/contacts`)
    await page.getByText('Filters', { exact: true }).click()
    await page.getByLabel('Custom field', { exact: true }).selectOption({ label: 'Experience' })
    await typed().fill('some classes')
    await page.getByRole('button', { name: 'Apply' }).first().click()
    await page.waitForURL(/cfv=some/)
    expect(await names(page)).toEqual(['François Dubois', 'Zoë Müller'])
    // The field chosen stays chosen, its options suggested for typing.
    await expect(page.getByLabel('Custom field', { exact: true }).inputValue()).resolves.not.toBe('')
    await expect(page.getByText('One of: New to yoga, Some classes, Regular practice.').isVisible()).resolves.toBe(true)

    // 'maybe' is no answer for a tick box: said beside the value, and the list not narrowed.
    await page.getByLabel('Custom field', { exact: true }).selectOption({ label: 'I have read the studio rules' })
    await typed().fill('maybe')
    await page.getByRole('button', { name: 'Apply' }).first().click()
    await page.waitForURL(/cfv=maybe/)
    const message = 'I have read the studio rules is a tick box: choose Yes or No. This filter is not applied.'
    await expect(page.getByText(message).isVisible()).resolves.toBe(true)
    await expect(typed().getAttribute('aria-invalid')).resolves.toBe('true')
    expect((await names(page)).length).toBeGreaterThan(2)
    // axe runs in the page's scripts, so the same address is checked with them on.
    await setUp.page.goto(page.url())
    await setUp.page.getByText(message).waitFor()
    await expectNoSeriousA11yViolations(setUp.page)

    await typed().fill('yes')
    await page.getByRole('button', { name: 'Apply' }).first().click()
    await page.waitForURL(/cfv=yes/)
    expect(await names(page)).toEqual(['Zoë Müller'])
    await expect(page.getByText(message).count()).resolves.toBe(0)

    // Another studio's or a deleted field in a bookmark is left out, without an error.
    const stale = await page.goto(`${server().url('demo')}/contacts?cf=6f1d2c3b-0000-4000-8000-00000000dead&cfv=x`)
    expect(stale?.status()).toBe(200)
    expect((await names(page)).length).toBeGreaterThan(2)
  })
})
