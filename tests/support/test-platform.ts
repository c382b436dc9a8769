import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { randomUUID } from 'node:crypto'
import { InProcessJobQueue } from '#jobs/runtime/in-process-queue'
import { loadEnv, type Env } from '#server/env.server'
import { createLogger } from '#server/logger'
import { createMailTransport } from '#server/mail/mail-transport'
import type { Platform } from '#server/platform'
import { TenantDirectory } from '#server/tenancy/tenant-directory'
import type { Tenant } from '#server/tenancy/tenant'
import { createTestDatabase, type TestDatabase } from './test-database'

export interface TestPlatform extends Platform {
  jobs: InProcessJobQueue
  testDatabase: TestDatabase
  close(): Promise<void>
}

/**
 * A platform for integration tests: its own migrated database, in-process jobs that the test
 * can drain, and an env built from defaults plus the given overrides.
 */
export async function createTestPlatform(overrides: Partial<Record<string, string>> = {}): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-test-'))
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...overrides,
  })
  const logger = createLogger(env.LOG_LEVEL)
  const testDatabase = await createTestDatabase()
  const platform: TestPlatform = {
    env,
    logger,
    database: testDatabase.handle,
    testDatabase,
    tenants: new TenantDirectory(testDatabase.handle, {
      platformDomains: env.PLATFORM_DOMAINS,
      masterOrgId: env.MASTER_ORG_ID,
      ttlMs: env.TENANT_CACHE_TTL_SECONDS * 1000,
    }),
    jobs: new InProcessJobQueue(() => platform, logger),
    mailer: createMailTransport(env.SMTP_URL),
    pingRedis: null,
    async close() {
      await platform.jobs.close()
      platform.mailer?.close()
      await testDatabase.drop()
    },
  }
  return platform
}

/** The load context a loader or action gets for a request on this tenant's host. */
export function contextFor(platform: Platform, tenant: Tenant | null): AppLoadContext {
  return { platform, tenant, nonce: 'test-nonce', requestId: randomUUID(), ip: '127.0.0.1' }
}
