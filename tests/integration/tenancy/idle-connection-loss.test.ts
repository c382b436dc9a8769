import { sql } from 'kysely'
import pg from 'pg'
import { openDatabase } from '#db/connection'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'

// Only Postgres has connections to lose.
describe.skipIf(!process.env.DATABASE_URL)('a pooled connection that Postgres terminates while idle', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false })
  })
  afterAll(() => database.drop())

  it('is reported and replaced, and the process carries on', async () => {
    const reported: Error[] = []
    const handle = await openDatabase({ databaseUrl: database.url ?? '', dataDir: 'memory://', poolSize: 2, onIdleConnectionError: (error) => reported.push(error) })
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await admin.connect()
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid])
      await admin.end()
      await expect.poll(() => reported.length).toBe(1)
      expect(reported[0]?.message).toMatch(/terminating connection/)
      const again = await sql<{ ok: number }>`select 1 as ok`.execute(handle.db)
      expect(again.rows).toEqual([{ ok: 1 }])
    } finally {
      await handle.close()
    }
  })
})
