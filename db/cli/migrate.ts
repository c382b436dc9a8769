import { EnvError, loadEnv } from '#server/env.server'
import { openDatabase } from '#db/connection'
import { migrateToLatest } from '#db/migrate'

/** `npm run migrate`: applies pending migrations to DATABASE_URL, or to the PGlite data folder. */
async function main(): Promise<void> {
  const env = loadEnv()
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` })
  try {
    const result = await migrateToLatest(database)
    const applied = result.results ?? []
    console.log(applied.length ? applied.map((r) => `applied ${r.migrationName}`).join('\n') : 'database is up to date')
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  // A bad environment is the operator's to fix: say what is wrong, without a stack trace.
  console.error(error instanceof EnvError ? error.message : error)
  process.exit(1)
})
