import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createPlatform, type RunningPlatform } from '#server/boot/create-platform'
import { loadEnv } from '#server/env.server'
import { createHttpApp } from '#server/http/create-http-app'
import { createLogger } from '#server/logger'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'
import { request } from './http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** A platform as the server builds it, on this test's database, with the given Redis. */
async function platformWithRedis(database: TestDatabase, redisUrl: string): Promise<RunningPlatform> {
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'readiness-')),
    REDIS_URL: redisUrl,
  })
  return createPlatform(env, createLogger('silent'), { database: database.handle, queuePrefix: `test-${randomBytes(6).toString('hex')}` })
}

async function listen(platform: RunningPlatform): Promise<{ server: Server; port: number }> {
  // Only /readyz is asked for here, which answers before Remix: the build is never loaded.
  const build = async () => {
    throw new Error('the Remix build is not needed for /readyz')
  }
  const app = createHttpApp({ platform, build, publicDir: resolve('public') })
  const server = await new Promise<Server>((done) => {
    const listening = createServer(app).listen(0, '127.0.0.1', () => done(listening))
  })
  return { server, port: (server.address() as AddressInfo).port }
}

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))])
}

describe(`/readyz with Redis configured (${engine})`, () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database?.drop())

  it('starts while Redis is down, and says Redis is unreachable instead of hanging', async () => {
    const platform = await withinMs(platformWithRedis(database, 'redis://127.0.0.1:1'), 5_000)
    const { server, port } = await listen(platform)
    try {
      const started = Date.now()
      const response = await request(port, '/readyz', { host: 'localhost' })
      expect(response.status).toBe(503)
      expect(response.json()).toEqual({ status: 'not ready', checks: { database: 'ok', redis: 'unreachable' } })
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      await new Promise((done) => server.close(done))
      await withinMs(platform.close(), 5_000)
    }
  })

  describe.skipIf(!process.env.REDIS_URL)('with a reachable Redis (skipped: needs REDIS_URL)', () => {
    it('says ready with the database and Redis both reachable', async () => {
      const platform = await platformWithRedis(database, process.env.REDIS_URL ?? '')
      const { server, port } = await listen(platform)
      try {
        const response = await request(port, '/readyz', { host: 'localhost' })
        expect(response.status).toBe(200)
        expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } })
      } finally {
        await new Promise((done) => server.close(done))
        await platform.close()
      }
    })
  })
})
