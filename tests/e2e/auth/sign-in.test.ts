import { expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { loginAs } from '#tests/e2e/support/login'
import { SEED_DEMO_PASSWORD, useServer } from '#tests/e2e/support/server'
import { countResetLinks, waitForResetLink } from './outbox'

const server = useServer()
const browser = useBrowser()
/** A refused form answers 400, which Chromium reports on the console; expected here. */
const formRefusal = [/status of 400 \(Bad Request\)/]

test.each([
  ['admin@demo.test', '/dashboard'],
  ['student@demo.test', '/classes'],
  ['frontdesk@demo.test', '/calendar'],
])('%s signs in and lands on %s', async (email, landing) => {
  const checked = await browser.newContext()
  const page = await loginAs(checked.context, server(), { orgId: 'demo', email })
  expect(new URL(page.url()).pathname).toBe(landing)
  const cookies = await checked.context.cookies()
  const session = cookies.find((cookie) => cookie.name === '__session')
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false })
  await expect(page.evaluate(() => document.cookie)).resolves.not.toContain('__session')
})

test('a wrong password shows a clear message, keeps the email and clears the login trace', async () => {
  const { page } = await browser.newPage({ allowConsoleErrors: formRefusal })
  await page.goto(`${server().url('demo')}/login`)
  await waitForHydration(page)
  await page.evaluate(() => window.localStorage.setItem('loginTrace', 'true'))
  await page.getByLabel('Email').fill('admin@demo.test')
  await page.getByLabel('Password', { exact: true }).fill('not the password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('alert').filter({ hasText: 'We could not sign you in with that email and password.' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/login')
  await expect(page.getByLabel('Email').inputValue()).resolves.toBe('admin@demo.test')
  await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('')
  await expect(page.evaluate(() => window.localStorage.getItem('loginTrace'))).resolves.toBeNull()
})

test('signs in and shows errors without JavaScript', async () => {
  const { page } = await browser.newPage({ javaScriptEnabled: false, allowConsoleErrors: formRefusal })
  await page.goto(`${server().url('demo')}/login?redirectTo=%2Fsettings%2Fusers`)
  await page.getByLabel('Email').fill('admin@demo.test')
  await page.getByLabel('Password', { exact: true }).fill('nope')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByText('We could not sign you in with that email and password.').waitFor()
  await page.getByLabel('Password', { exact: true }).fill(SEED_DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL('**/settings/users')
})

test('an email in several organisations chooses one on the platform host', async () => {
  const email = 'two.orgs@example.test'
  const password = 'two orgs password'
  // The same person registers at the studio and at its franchise.
  for (const orgId of ['demo', 'demo-east']) {
    const { page } = await browser.newPage()
    await page.goto(`${server().url(orgId)}/register`)
    await page.getByLabel('First name').fill('Tova')
    await page.getByLabel('Last name').fill('Twice')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Register' }).click()
    await page.waitForURL('**/classes')
  }

  const { page } = await browser.newPage()
  await page.goto(`${server().url()}/login`)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Select Org To Login.' })
  await dialog.waitFor()
  await dialog.getByText('We found you in multiple orgs').waitFor()
  const submit = dialog.getByRole('button', { name: 'Submit' })
  await expect.poll(() => submit.isDisabled()).toBe(true)
  await dialog.getByRole('radio', { name: /Demo Yoga Studio East/ }).check()
  await expect.poll(() => submit.isEnabled()).toBe(true)
  await submit.click()
  await page.waitForURL(`${server().url()}/classes`)
  const org = (await page.context().cookies()).find((cookie) => cookie.name === 'org')
  expect(org?.value).toBe('demo-east')
})

test('the organisation choice also works without JavaScript', async () => {
  const { page } = await browser.newPage({ javaScriptEnabled: false })
  await page.goto(`${server().url()}/login`)
  await page.getByLabel('Email').fill('two.orgs@example.test')
  await page.getByLabel('Password', { exact: true }).fill('two orgs password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Select Org To Login.' })
  await dialog.getByRole('radio', { name: /^Demo Yoga Studio demo$/ }).check()
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await page.waitForURL(`${server().url()}/classes`)
})

test('forgot password sends a link through the outbox, and the new password works', async () => {
  const { page } = await browser.newPage()
  await page.goto(`${server().url('demo')}/login`)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await page.waitForURL('**/forgot-password')
  const before = countResetLinks(server(), 'student@demo.test')
  await page.getByLabel('Email').fill('student@demo.test')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await page.getByText('If an account exists for that email, we have sent it a link to reset your password.').waitFor()

  const link = await waitForResetLink(server(), 'student@demo.test', before)
  expect(link.startsWith(`${server().url('demo')}/reset-password/`)).toBe(true)
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('brand new password')
  await page.getByLabel('Confirm new password').fill('brand new password')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await page.waitForURL('**/login?passwordChanged=1')
  await page.getByText('Your password has been changed.').waitFor()

  const checked = await browser.newContext()
  const signedIn = await loginAs(checked.context, server(), { orgId: 'demo', email: 'student@demo.test', password: 'brand new password' })
  expect(new URL(signedIn.url()).pathname).toBe('/classes')

  // The link was for one use only.
  await page.goto(link)
  await page.getByText('This link has expired or has already been used.').waitFor()
})

test('forgot password works without JavaScript, with the same answer for an unknown email', async () => {
  const { page } = await browser.newPage({ javaScriptEnabled: false, allowConsoleErrors: formRefusal })
  await page.goto(`${server().url('demo')}/forgot-password`)
  await page.getByLabel('Email').fill('nobody-here@demo.test')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await page.getByText('If an account exists for that email, we have sent it a link to reset your password.').waitFor()
  await page.getByLabel('Email').fill('not an email')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await page.getByText('Enter a valid email address.').waitFor()
})
