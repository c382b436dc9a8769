import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { migrateToLatest } from '#db/migrate'
import { createDatabaseFromTemplate } from './database-template'
import { withDatabaseName } from './database-url'

export { withDatabaseName }

export interface TestDatabase {
  handle: DatabaseHandle
  /** The URL of this test's own database (Postgres only), for a server started by the test. */
  url: string | null
  drop(): Promise<void>
}

/**
 * A fresh, migrated database for one test file: a new database on the Postgres server of
 * DATABASE_URL when it is set (a copy of the run's migrated template), otherwise a throw-away
 * in-memory PGlite. `migrate: false` gives an empty one.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' })
    if (options.migrate !== false) await migrateToLatest(handle)
    return { handle, url: null, drop: () => handle.close() }
  }
  const name = options.migrate === false ? await createEmptyDatabase(baseUrl) : await createDatabaseFromTemplate(baseUrl, 'migrated', migrateDatabaseAt)
  const url = withDatabaseName(baseUrl, name)
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 5 })
  return {
    handle,
    url,
    async drop() {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: baseUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

async function createEmptyDatabase(baseUrl: string): Promise<string> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  return name
}

async function migrateDatabaseAt(url: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 1 })
  try {
    await migrateToLatest(handle)
  } finally {
    await handle.close()
  }
}
