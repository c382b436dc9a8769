import { expect, test } from 'vitest'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { clearTenantCaches } from '#tests/e2e/support/cache'
import { nonceOfCsp, send as sendTo, setCookie, type SendOptions } from '#tests/e2e/support/http'
import { SEED_DEMO_PASSWORD, useServer } from '#tests/e2e/support/server'

const server = useServer()
const send = (path: string, options: SendOptions) => sendTo(server().port, path, options)
const demoHost = () => `demo.localhost:${server().port}`

/** A session inserted for the person (tests/e2e/support/session-minter.ts), as a Cookie header. */
async function signIn(email: string): Promise<string> {
  return `${SESSION_COOKIE}=${await server().sessionTokenFor({ orgId: 'demo', email })}`
}

/** Signing in through the login action itself, for the test of what a sign-in leaves alone. */
async function signInThroughLoginAction(email: string): Promise<string> {
  const body = new URLSearchParams({ intent: 'login', email, password: SEED_DEMO_PASSWORD }).toString()
  const answer = await send('/login', { host: demoHost(), method: 'POST', body })
  expect(answer.status).toBe(302)
  const cookie = setCookie(answer, SESSION_COOKIE)
  if (!cookie) throw new Error(`no session cookie for ${email}`)
  return cookie
}

/** A declared change of every cache tag of the tenant (the cache-clear route); start checks from there. */
const dropTenantPages = () => clearTenantCaches(server(), demoHost())

test("a signed-in admin's second view of a settings screen is kept for them, with its own nonce", async () => {
  const cookie = await signIn('admin@demo.test')
  await dropTenantPages()
  const first = await send('/settings/account', { host: demoHost(), cookie })
  const second = await send('/settings/account', { host: demoHost(), cookie })
  expect(first.status).toBe(200)
  expect(first.headers['x-page-cache']).toBe('miss')
  expect(second.status).toBe(200)
  expect(second.headers['x-page-cache']).toBe('hit')
  const [firstNonce, secondNonce] = [nonceOfCsp(first), nonceOfCsp(second)]
  expect(secondNonce).not.toBe(firstNonce)
  expect(second.body).not.toContain(String(firstNonce))
  expect(second.body.split(String(secondNonce)).join('')).toBe(first.body.split(String(firstNonce)).join(''))
  expect(second.body).toContain('Account Settings')
})

test('another user never gets the kept page: the session decides first', async () => {
  const admin = await signIn('admin@demo.test')
  await send('/settings/account', { host: demoHost(), cookie: admin })
  expect((await send('/settings/account', { host: demoHost(), cookie: admin })).headers['x-page-cache']).toBe('hit')

  const staff = await signIn('staff@demo.test')
  const refused = await send('/settings/account', { host: demoHost(), cookie: staff })
  expect(refused.status).toBe(403)
  expect(refused.headers['x-page-cache']).toBeUndefined()

  const visitor = await send('/settings/account', { host: demoHost(), cookie: '__session=not-a-session-token-at-all-000000000000' })
  expect(visitor.status).toBe(302)
  expect(visitor.headers['x-page-cache']).toBeUndefined()
})

test('a declared change for the tenant drops the kept pages, and other cookies keep pages apart', async () => {
  const cookie = await signIn('admin@demo.test')
  await send('/settings/display', { host: demoHost(), cookie })
  expect((await send('/settings/display', { host: demoHost(), cookie })).headers['x-page-cache']).toBe('hit')

  await dropTenantPages()
  expect((await send('/settings/display', { host: demoHost(), cookie })).headers['x-page-cache']).toBe('miss')
  expect((await send('/settings/display', { host: demoHost(), cookie: `${cookie}; sidebarFolded=true` })).headers['x-page-cache']).toBe('miss')
})

test('a signed-out session gets no kept page', async () => {
  const cookie = await signIn('admin@demo.test')
  await send('/settings/roles', { host: demoHost(), cookie })
  expect((await send('/settings/roles', { host: demoHost(), cookie })).headers['x-page-cache']).toBe('hit')

  const out = await send('/logout', { host: demoHost(), method: 'POST', cookie, body: '' })
  expect(out.status).toBe(302)
  const after = await send('/settings/roles', { host: demoHost(), cookie })
  expect(after.status).toBe(302)
  expect(String(after.headers.location)).toMatch(/^\/login/)
  expect(after.headers['x-page-cache']).toBeUndefined()
})

test("someone signing in and a visitor's post to a form keep the tenant's pages", async () => {
  const cookie = await signIn('admin@demo.test')
  await send('/settings/seosetting', { host: demoHost(), cookie })
  expect((await send('/settings/seosetting', { host: demoHost(), cookie })).headers['x-page-cache']).toBe('hit')

  await signInThroughLoginAction('staff@demo.test')
  const missingForm = await send('/pforms/00000000-0000-4000-8000-000000000000', { host: demoHost(), method: 'POST', body: 'x=1' })
  expect(missingForm.status).toBe(404)
  expect((await send('/settings/seosetting', { host: demoHost(), cookie })).headers['x-page-cache']).toBe('hit')
})
