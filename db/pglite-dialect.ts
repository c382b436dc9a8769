import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely'

/**
 * PGlite is one connection. Kysely may ask for several at once (a transaction here, a plain
 * query there), and interleaving them on one connection would mix their statements into one
 * transaction. So a connection is lent to one user at a time and the rest wait in line.
 */
class PGliteDriver implements Driver {
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | null = null

  constructor(private readonly client: PGlite) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void
    const turn = new Promise<void>((resolve) => (release = resolve))
    const previous = this.#queue
    this.#queue = previous.then(() => turn)
    await previous
    this.#release = release
    return new PGliteConnection(this.client)
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = null
    release?.()
  }

  async destroy(): Promise<void> {
    await this.client.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(compiledQuery.sql, [...compiledQuery.parameters])
    const affected = result.affectedRows
    return {
      rows: result.rows,
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite')
  }
}

export function pgliteDialect(client: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(client),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  }
}
