import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { Kysely } from 'kysely'
import pg from 'pg'
import { BeginFusingPostgresDialect } from './begin-fusing-dialect'
import { pgliteDialect } from './pglite-dialect'
import { WriteTrackingPlugin } from './write-tracking'
import type { Database } from './types'

export type DatabaseKind = 'postgres' | 'pglite'

export interface DatabaseHandle {
  kind: DatabaseKind
  /**
   * The owner connection: bypasses nothing by itself (RLS is forced), but it is the only
   * executor that is not switched into the tenant role. Reach it through `systemExecutor`
   * or `withTenant`, never directly from request code.
   */
  db: Kysely<Database>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent, an embedded PGlite database in `dataDir`. */
  databaseUrl?: string
  /** Folder for PGlite files, or 'memory://' for a throw-away database. */
  dataDir: string
  poolSize?: number
  /**
   * An idle pooled connection failed (Postgres restarted, the connection was terminated). The
   * pool drops it and opens another when needed; this only reports it. Without a listener
   * node-postgres would throw it and end the process.
   */
  onIdleConnectionError?: (error: Error) => void
}

// int8 (bigint) stays a string so large ids are not rounded; numeric likewise.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => value)
// A calendar date (a birth date) has no time or zone: it stays 'YYYY-MM-DD' rather than
// becoming a Date at some zone's midnight. PGlite is told the same below.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value)
const DATE_OID = 1082
// numeric stays text, as pg leaves it, so exact values survive on both engines.
const NUMERIC_OID = 1700

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // JIT compiles a plan once its estimated cost is high (a search over every invoice), which costs
    // hundreds of milliseconds up front: more than any of our queries run for. Off per connection.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, options: '-c jit=off' })
    pool.on('error', (error) => options.onIdleConnectionError?.(error))
    const db = new Kysely<Database>({ dialect: new BeginFusingPostgresDialect({ pool }), plugins: [new WriteTrackingPlugin()] })
    return { kind: 'postgres', db, close: () => db.destroy() }
  }
  const dataDir = options.dataDir
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  // Contact search needs both (migration contacts-list); Postgres ships them as contrib.
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, unaccent },
    parsers: { [DATE_OID]: (value: string) => value, [NUMERIC_OID]: (value: string) => value },
  })
  const db = new Kysely<Database>({ dialect: pgliteDialect(client), plugins: [new WriteTrackingPlugin()] })
  return { kind: 'pglite', db, close: () => db.destroy() }
}
