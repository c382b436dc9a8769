import { Migrator, type MigrationResultSet } from 'kysely'
import { migrations } from '#migrations/index'
import type { DatabaseHandle } from './connection'

export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
  })
  const result = await migrator.migrateToLatest()
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')
    const cause = result.error instanceof Error ? result.error : new Error(String(result.error))
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, { cause })
  }
  return result
}
