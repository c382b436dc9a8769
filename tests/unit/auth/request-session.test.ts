import { describe, expect, test, vi } from 'vitest'
import type { RequestContext } from '#server/http/load-context'

const { loadSessionUser, memoisedSessionUser } = vi.hoisted(() => ({
  loadSessionUser: vi.fn(async () => ({ kind: 'none' as const })),
  memoisedSessionUser: vi.fn(async () => ({ kind: 'none' as const })),
}))
vi.mock('#server/auth/load-session-user', () => ({ loadSessionUser, memoisedSessionUser }))

const cookie = `__session=${'a'.repeat(43)}`
const newContext = () => ({ platform: {}, tenant: { id: 'tenant-1' } }) as unknown as RequestContext

describe('a request looks its session up once', () => {
  test('even when the express server and the Remix build each hold their own copy of the module', async () => {
    memoisedSessionUser.mockClear()
    const serverCopy = await import('#server/auth/request-session')
    vi.resetModules()
    const buildCopy = await import('#server/auth/request-session')
    expect(buildCopy.sessionOfRequest).not.toBe(serverCopy.sessionOfRequest)

    const context = newContext()
    await serverCopy.sessionOfRequest(context, 'GET', cookie)
    await buildCopy.sessionOfRequest(context, 'GET', cookie)
    await buildCopy.sessionOfRequest(context, 'HEAD', cookie)
    expect(memoisedSessionUser).toHaveBeenCalledTimes(1)
  })

  test('another request, another cookie, or a post looks again; a post reads past the session memo', async () => {
    loadSessionUser.mockClear()
    memoisedSessionUser.mockClear()
    const { sessionOfRequest } = await import('#server/auth/request-session')
    const context = newContext()
    await sessionOfRequest(context, 'GET', cookie)
    await sessionOfRequest(newContext(), 'GET', cookie)
    await sessionOfRequest({ ...context }, 'GET', cookie)
    await sessionOfRequest(context, 'GET', `__session=${'b'.repeat(43)}`)
    await sessionOfRequest(context, 'POST', cookie)
    expect(memoisedSessionUser).toHaveBeenCalledTimes(4)
    expect(loadSessionUser).toHaveBeenCalledTimes(1)
  })
})
