import { expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { SEED_DEMO_PASSWORD, useServer } from '#tests/e2e/support/server'

// One proxy in front: the test chooses each request's client address, as a real one would see it.
const server = useServer({ env: { TRUST_PROXY: '1' } })
const browser = useBrowser()
const formRefusal = [/status of 400 \(Bad Request\)/]

test('after failures from many addresses, the owner signs in with the right password once the bot check has run', async () => {
  const { page } = await browser.newPage({ allowConsoleErrors: formRefusal })
  await page.goto(`${server().url('demo')}/login`)
  await waitForHydration(page)
  // An attacker's wrong passwords for the account, each from an address of its own.
  const statuses = await page.evaluate(async () => {
    const answers: number[] = []
    for (let attempt = 1; attempt <= 12; attempt++) {
      const response = await fetch('/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `203.0.113.${attempt}` },
        body: new URLSearchParams({ intent: 'login', email: 'staff@demo.test', password: 'a wrong guess' }),
      })
      answers.push(response.status)
    }
    return answers
  })
  expect(statuses).toEqual(Array.from({ length: 12 }, () => 400))

  // The owner, from an address without failures (this browser's own).
  await page.getByLabel('Email').fill('staff@demo.test')
  await page.getByLabel('Password', { exact: true }).fill(SEED_DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('alert').filter({ hasText: 'This account has had many failed sign-ins' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/login')

  // The check runs in the page; the post waits for it, then the right password signs in.
  await page.getByLabel('Password', { exact: true }).fill(SEED_DEMO_PASSWORD)
  // Solving the check takes the browser seconds; on a busy CI machine, many more.
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/login', { timeout: 90_000 }),
    page.getByRole('button', { name: 'Login', exact: true }).click(),
  ])
  expect(new URL(page.url()).pathname).toBe('/calendar')
}, 150_000)
