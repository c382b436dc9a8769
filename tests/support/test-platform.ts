import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { InProcessJobQueue } from '#jobs/runtime/in-process-queue'
import { createPlatform, type PlatformOverrides } from '#server/boot/create-platform'
import { loadEnv, type Env } from '#server/env.server'
import { createLogger } from '#server/logger'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { createTestDatabase, type TestDatabase } from './test-database'

export interface TestPlatform extends Platform {
  jobs: InProcessJobQueue
  testDatabase: TestDatabase
  close(): Promise<void>
}

/** What a test may bring besides env values: a clock, fakes, or jobs of its own. */
export type TestPlatformServices = Omit<PlatformOverrides, 'database' | 'jobs'>

/**
 * A platform for integration tests, built by the same composition root as the server and
 * the worker: its own migrated database, in-process jobs that the test can drain, and an
 * env built from defaults plus the given overrides.
 */
export async function createTestPlatform(
  overrides: Partial<Record<string, string>> = {},
  services: TestPlatformServices = {},
): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-test-'))
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...overrides,
  })
  const testDatabase = await createTestDatabase()
  const running = await createPlatform(env, services.logger ?? createLogger(env.LOG_LEVEL), {
    ...services,
    database: testDatabase.handle,
    jobs: 'in-process',
  })
  const jobs = running.jobs
  if (!(jobs instanceof InProcessJobQueue)) throw new Error('test platforms run their jobs in process')
  const closeRunning = running.close.bind(running)
  const platform: TestPlatform = Object.assign(running, {
    jobs,
    testDatabase,
    async close() {
      await closeRunning()
      await testDatabase.drop()
    },
  })
  return platform
}

/** The load context a loader or action gets for a request on this tenant's host. */
export function contextFor(platform: Platform, tenant: Tenant | null): AppLoadContext {
  return { platform, tenant, language: 'en', nonce: 'test-nonce', requestId: randomUUID(), ip: '127.0.0.1' }
}
