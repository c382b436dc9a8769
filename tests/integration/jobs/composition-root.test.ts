import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import { InProcessJobQueue } from '#jobs/runtime/in-process-queue'
import { createPlatform } from '#server/boot/create-platform'
import { fileStoreFor, type FileStore } from '#server/files/file-store'
import type { Clock } from '#server/platform'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { fakeMailer } from './job-test-support'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''

function memoryFileStore(): FileStore & { keys: string[] } {
  const files = new Map<string, Buffer>()
  return {
    get keys() {
      return [...files.keys()]
    },
    async put(tenantId, key, bytes) {
      files.set(`${tenantId}/${key}`, Buffer.from(bytes))
    },
    async get(tenantId, key) {
      return files.get(`${tenantId}/${key}`) ?? null
    },
    async exists(tenantId, key) {
      return files.has(`${tenantId}/${key}`)
    },
    async delete(tenantId, key) {
      files.delete(`${tenantId}/${key}`)
    },
  }
}

describe(`one composition root for the server, the worker and the tests (${engine})`, () => {
  const clock: Clock = { now: () => new Date('2026-11-23T09:00:00Z') }
  const mailer = fakeMailer()
  const files = memoryFileStore()
  let platform: TestPlatform

  beforeAll(async () => {
    platform = await createTestPlatform({ JOBS_BULK_CONCURRENCY: '3' }, { clock, mailer, files })
  })
  afterAll(() => platform?.close())

  it('builds the test platform from the services the test brings', async () => {
    expect(platform.clock).toBe(clock)
    expect(platform.mailer).toBe(mailer)
    expect(platform.files).toBe(files)
    expect(platform.jobs).toBeInstanceOf(InProcessJobQueue)
    // Code that asks for the process's file store gets the one the root built.
    expect(fileStoreFor(platform)).toBe(files)
    expect(platform.env.JOBS_BULK_CONCURRENCY).toBe(3)
  })

  it('builds the services from the environment when nothing is brought, and leaves a given database open', async () => {
    const built = await createPlatform(platform.env, undefined, { database: platform.database })
    expect(built.jobs).toBeInstanceOf(InProcessJobQueue)
    expect(built.mailer).toBeNull()
    expect(built.clock.now()).toBeInstanceOf(Date)
    expect(built.files).not.toBe(files)
    expect(built.pingRedis).toBeNull()
    await built.close()
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(platform.database.db)
    expect(rows).toEqual([{ one: 1 }])
  })

  it('refuses the BullMQ runtime without REDIS_URL', async () => {
    await expect(createPlatform(platform.env, undefined, { database: platform.database, jobs: 'bullmq' })).rejects.toThrow(
      'the BullMQ job runtime needs REDIS_URL',
    )
  })

  it('keeps the rate limits in memory while Redis is unreachable, at once, so an outage neither locks out nor lifts them', async () => {
    // Nothing listens on port 1: every command fails, as during an outage.
    const down = await createPlatform({ ...platform.env, REDIS_URL: 'redis://127.0.0.1:1' }, undefined, {
      database: platform.database,
      jobs: 'in-process',
    })
    const keys = { tenantId: null, ip: '10.21.0.1', email: 'outage@limits.test' }
    try {
      const started = Date.now()
      expect(await down.attemptLimiter.check('login', keys)).toEqual({ ok: true, value: { botCheckRequired: false } })
      for (let attempt = 0; attempt < 5; attempt++) await down.attemptLimiter.record('login', keys)
      expect(await down.attemptLimiter.check('login', keys)).toMatchObject({ ok: false, error: 'rate_limited', details: { retryAfterMinutes: 15 } })
      expect(await down.attemptLimiter.check('login', { ...keys, ip: '10.21.0.2' })).toEqual({ ok: true, value: { botCheckRequired: false } })
      expect(await down.submissionGuard.claimChallenge('outage-signature')).toBe(true)
      expect(await down.submissionGuard.claimChallenge('outage-signature')).toBe(false)
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      await down.close()
    }
  })

  it.skipIf(!redisUrl)('picks BullMQ with REDIS_URL, unless the caller keeps jobs in process (skipped without REDIS_URL)', async () => {
    const env = { ...platform.env, REDIS_URL: redisUrl }
    const queuePrefix = `test-${randomBytes(6).toString('hex')}`
    const server = await createPlatform(env, undefined, { database: platform.database, queuePrefix })
    const test = await createPlatform(env, undefined, { database: platform.database, queuePrefix, jobs: 'in-process' })
    try {
      expect(server.jobs.kind).toBe('bullmq')
      expect(test.jobs.kind).toBe('in-process')
      await expect(server.pingRedis?.()).resolves.toBeUndefined()
    } finally {
      await server.close()
      await test.close()
    }
  })

  it.skipIf(!redisUrl)('gives the rate limits one Redis connection, shared by the processes of a deployment and closed with the platform (skipped without REDIS_URL)', async () => {
    const queuePrefix = `test-${randomBytes(6).toString('hex')}`
    const env = { ...platform.env, REDIS_URL: redisUrl, QUEUE_PREFIX: queuePrefix }
    const first = await createPlatform(env, undefined, { database: platform.database, queuePrefix, jobs: 'in-process' })
    const second = await createPlatform(env, undefined, { database: platform.database, queuePrefix, jobs: 'in-process' })
    const admin = new Redis(redisUrl)
    const limitConnections = async () =>
      String(await admin.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(`name=${queuePrefix}:rate-limits `)).length
    const keys = { tenantId: null, ip: '10.20.0.1', email: 'root@limits.test' }
    // Listed is not yet ready: until its ready check answers, a connection without an offline
    // queue refuses commands and the limiter counts in memory. Each process counts a probe of
    // its own until the probe shows up in Redis.
    const countsInRedis = (process: typeof first, ip: string) => async () => {
      await process.attemptLimiter.record('login', { tenantId: null, ip })
      return (await admin.keys(`${queuePrefix}:rl:login:*${ip}*`)).length > 0
    }
    try {
      await expect.poll(limitConnections).toBe(2)
      await expect.poll(countsInRedis(first, '10.99.0.1')).toBe(true)
      await expect.poll(countsInRedis(second, '10.99.0.2')).toBe(true)
      for (let attempt = 0; attempt < 5; attempt++) await first.attemptLimiter.record('login', keys)
      // Counted by one process, refused by the other: both limiters count in Redis.
      expect(await second.attemptLimiter.check('login', keys)).toMatchObject({ ok: false, error: 'rate_limited' })
      expect(await first.submissionGuard.allowNoScriptPost(queuePrefix, '10.20.0.1')).toBe(true)

      await first.close()
      await expect.poll(limitConnections).toBe(1)
    } finally {
      await second.close()
      admin.disconnect()
    }
  })
})
