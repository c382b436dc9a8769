import { resolve } from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import { createHttpApp } from '#server/http/create-http-app'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

type TrustFunction = (address: string, hop: number) => boolean

describe('client addresses behind proxies', () => {
  const platforms: TestPlatform[] = []
  afterAll(() => Promise.all(platforms.map((platform) => platform.close())))

  const trustOf = async (value: string | undefined): Promise<TrustFunction> => {
    const platform = await createTestPlatform(value === undefined ? {} : { TRUST_PROXY: value })
    platforms.push(platform)
    const build = () => Promise.reject(new Error('no page is asked for')) as Promise<ServerBuild>
    const app = createHttpApp({ platform, build, publicDir: resolve('public') })
    return app.express.get('trust proxy fn') as TrustFunction
  }

  it("'true' trusts one proxy: the address a client writes into X-Forwarded-For is never taken", async () => {
    const trust = await trustOf('true')
    // Hop 0 is the load balancer that connected; hop 1 is what the header claims before it.
    expect(trust('10.0.0.5', 0)).toBe(true)
    expect(trust('203.0.113.9', 1)).toBe(false)
  })

  it('a number trusts that many proxies, and nothing is trusted by default', async () => {
    const two = await trustOf('2')
    expect([two('10.0.0.5', 0), two('10.0.0.6', 1), two('203.0.113.9', 2)]).toEqual([true, true, false])
    const none = await trustOf(undefined)
    expect(none('10.0.0.5', 0)).toBe(false)
  })
})
