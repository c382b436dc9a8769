import { randomBytes } from 'node:crypto'
import type { DatabaseHandle } from '#db/connection'
import { migrateToLatest } from '#db/migrate'
import { seedDatabase } from '#db/seed'
import { hashPassword } from '#server/auth/password'
import { readOrCreateSecretFile, type Env } from '#server/env.server'
import type { Logger } from '#server/logger'

export interface PreparedDatabase {
  seeded: boolean
  /** The demo users' password, when demo data is on. */
  demoPassword: string | null
}

/** Migrates, then seeds an empty database. Runs at every start; both steps are no-ops when done. */
export async function prepareDatabase(database: DatabaseHandle, env: Env, logger: Logger): Promise<PreparedDatabase> {
  const migrated = await migrateToLatest(database)
  for (const result of migrated.results ?? []) logger.info({ migration: result.migrationName }, 'migration applied')

  const includeDemo = !env.isProduction || env.SEED_DEMO
  const demoPassword = includeDemo
    ? (env.SEED_DEMO_PASSWORD ??
      readOrCreateSecretFile(env.DATA_DIR, 'demo-password', () => randomBytes(9).toString('base64url')))
    : null
  const { seeded } = await seedDatabase(database, {
    masterOrgId: env.MASTER_ORG_ID,
    includeDemo,
    demoPassword: demoPassword ?? '',
    hashPassword,
  })
  if (seeded) logger.info('empty database seeded')
  return { seeded, demoPassword }
}
